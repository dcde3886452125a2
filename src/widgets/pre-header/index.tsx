/**
 * Collapsible pre-header (spec §2): a thin bar above the nav with a short message (optionally a
 * link) and a disclosure button (aria-expanded/aria-controls) that collapses and expands it.
 */
import { useId, useState } from 'react';

export type PreHeaderProps = {
  text: string;
  /** Optional href: the message becomes a link. */
  link?: string;
  /** Accessible name of the bar and its toggle. */
  label?: string;
  defaultExpanded?: boolean;
};

export function PreHeader({
  text,
  link = '',
  label = 'Site notice',
  defaultExpanded = true,
}: PreHeaderProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const contentId = `${useId()}-pre-header`;
  return (
    <aside className={expanded ? 'pre-header' : 'pre-header is-collapsed'} aria-label={label}>
      <div className="pre-header__inner">
        <p className="pre-header__text" id={contentId} hidden={!expanded}>
          {link ? (
            <a className="pre-header__link" href={link}>
              {text}
            </a>
          ) : (
            text
          )}
        </p>
        <button
          type="button"
          className="pre-header__toggle"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="visually-hidden">{label}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M6 15l6-6 6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </aside>
  );
}
