/**
 * Announcement snack bar (spec §2, §4): a floating notice, open by default, with an optional call to
 * action and a labelled close button. Once closed it stays closed (component state only).
 */
import { useState } from 'react';

export type SnackBarProps = {
  text: string;
  ctaText?: string;
  /** The call to action's href; the link shows when both this and `ctaText` are set. */
  ctaLink?: string;
  /** Accessible name of the region. */
  label?: string;
  onClose?: () => void;
};

export function SnackBar({
  text,
  ctaText = '',
  ctaLink = '',
  label = 'Announcement',
  onClose,
}: SnackBarProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section className="snack-bar" aria-label={label}>
      <p className="snack-bar__text">{text}</p>
      {ctaText && ctaLink ? (
        <a className="snack-bar__cta" href={ctaLink}>
          {ctaText}
        </a>
      ) : null}
      <button
        type="button"
        className="snack-bar__close"
        aria-label={`Close ${label.toLowerCase()}`}
        onClick={() => {
          setOpen(false);
          onClose?.();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
