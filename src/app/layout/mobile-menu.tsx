/** The phone menu (below 960px): a modal panel of categories, topics and secondary links. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { NavCategory } from '../../content/types.ts';
import { CloseIcon } from '../../widgets/dialog/close-icon.tsx';
import { useModalDialog } from '../../widgets/dialog/use-modal-dialog.ts';

/** Spec §9 theme breakpoint: tablet from 960px, where the desktop nav takes over. */
const DESKTOP_QUERY = '(min-width: 960px)';

export type MobileMenuProps = {
  id: string;
  open: boolean;
  categories: NavCategory[];
  siteName: string;
  /** `restoreFocus`: focus goes back (Escape, close button), not after a followed link or a resize. */
  onClose: (restoreFocus: boolean) => void;
  /** Where focus goes back to: the menu button (default: what had focus when the menu opened). */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * The full-height menu below 960px: a modal dialog (useModalDialog: focus moves in, Escape and its
 * links close it, the page does not scroll; the layout makes the rest of the page inert). Widening
 * the window to the desktop nav closes it.
 */
export function MobileMenu({ id, open, categories, siteName, onClose, returnFocusRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const dialog = useModalDialog({ open, onClose, dialogRef: panelRef, returnFocusRef });
  useCloseOnDesktop(open, onClose);

  return (
    <div
      id={id}
      ref={panelRef}
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      hidden={!open}
      onClick={dialog.onClick}
    >
      <MenuBar siteName={siteName} onClose={() => dialog.close(true)} />
      <nav aria-label="Main menu" className="mobile-menu__nav">
        <ul className="mobile-menu__list">
          {categories.map((category) => (
            <CategoryGroup
              key={category.uuid}
              category={category}
              expanded={expanded === category.uuid}
              onToggle={(isExpanded) => setExpanded(isExpanded ? null : category.uuid)}
            />
          ))}
        </ul>
        <SecondaryLinks />
      </nav>
    </div>
  );
}

/** Widening the window to the desktop nav closes the open menu (focus stays where it is). */
function useCloseOnDesktop(open: boolean, onClose: (restoreFocus: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia?.(DESKTOP_QUERY);
    const onResize = () => {
      if (desktop?.matches) onClose(false);
    };
    desktop?.addEventListener('change', onResize);
    return () => desktop?.removeEventListener('change', onResize);
  }, [open, onClose]);
}

/** The menu's top bar: the (decorative) logo and the close button. */
function MenuBar({ siteName, onClose }: { siteName: string; onClose: () => void }) {
  return (
    <div className="mobile-menu__bar">
      <span className="logo logo--static" aria-hidden="true">
        <span className="logo__mark" />
        <span className="logo__word">{siteName}</span>
      </span>
      <button type="button" className="icon-button" onClick={onClose}>
        <CloseIcon size={24} />
        <span className="visually-hidden">Close menu</span>
      </button>
    </div>
  );
}

type CategoryGroupProps = {
  category: NavCategory;
  expanded: boolean;
  /** Called with the group's current state: the menu flips it. */
  onToggle: (expanded: boolean) => void;
};

/** One category: a disclosure button over its listing, hub and topic links. */
function CategoryGroup({ category, expanded, onToggle }: CategoryGroupProps) {
  const listId = `mobile-topics-${category.slug}`;
  return (
    <li className="mobile-menu__group">
      <button
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => onToggle(expanded)}
      >
        {category.name}
        <span className="mobile-menu__sign" aria-hidden="true" />
      </button>
      <ul id={listId} className="mobile-menu__topics" hidden={!expanded}>
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
}

function SecondaryLinks() {
  return (
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
  );
}
