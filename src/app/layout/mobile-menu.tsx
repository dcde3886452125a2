import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../content/types.ts';

/** Spec §9 theme breakpoint: tablet from 960px, where the desktop nav takes over. */
const DESKTOP_QUERY = '(min-width: 960px)';

export type MobileMenuProps = {
  id: string;
  open: boolean;
  categories: Category[];
  siteName: string;
  /** `restoreFocus`: return focus to the menu button (Escape, close button). */
  onClose: (restoreFocus: boolean) => void;
};

/**
 * The full-height menu below 960px. While open, the rest of the page is inert (RootLayout) and
 * the document does not scroll, so this behaves as a modal dialog: focus moves in, Escape closes.
 */
export function MobileMenu({ id, open, categories, siteName, onClose }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    const root = document.documentElement;
    root.classList.add('is-scroll-locked');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const desktop = window.matchMedia?.(DESKTOP_QUERY);
    const onResize = () => {
      if (desktop?.matches) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop?.addEventListener('change', onResize);
    return () => {
      root.classList.remove('is-scroll-locked');
      document.removeEventListener('keydown', onKeyDown);
      desktop?.removeEventListener('change', onResize);
    };
  }, [open, onClose]);

  function handleClick(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest('a')) onClose(false);
  }

  return (
    <div
      id={id}
      ref={panelRef}
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      hidden={!open}
      onClick={handleClick}
    >
      <div className="mobile-menu__bar">
        <span className="logo logo--static" aria-hidden="true">
          <span className="logo__mark" />
          <span className="logo__word">{siteName}</span>
        </span>
        <button type="button" className="icon-button" onClick={() => onClose(true)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          <span className="visually-hidden">Close menu</span>
        </button>
      </div>
      <nav aria-label="Main menu" className="mobile-menu__nav">
        <ul className="mobile-menu__list">
          {categories.map((category) => {
            const isExpanded = expanded === category.uuid;
            const listId = `mobile-topics-${category.slug}`;
            return (
              <li key={category.uuid} className="mobile-menu__group">
                <button
                  type="button"
                  className="mobile-menu__toggle"
                  aria-expanded={isExpanded}
                  aria-controls={listId}
                  onClick={() => setExpanded(isExpanded ? null : category.uuid)}
                >
                  {category.name}
                  <span className="mobile-menu__sign" aria-hidden="true" />
                </button>
                <ul id={listId} className="mobile-menu__topics" hidden={!isExpanded}>
                  <li>
                    <Link to={category.listingRoute} className="mobile-menu__all">
                      All {category.name}
                    </Link>
                  </li>
                  <li>
                    <Link to={category.route}>{category.name} hub</Link>
                  </li>
                  {category.topics.map((topic) => (
                    <li key={topic.uuid}>
                      <Link to={topic.route}>{topic.name}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <ul className="mobile-menu__secondary">
          <li>
            <Link to="/t">Topics</Link>
          </li>
          <li>
            <Link to="/author">Authors</Link>
          </li>
          <li>
            <Link to="/sitemap">Sitemap</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
