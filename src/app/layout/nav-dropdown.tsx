import { useEffect, useRef } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../content/types.ts';

export type NavDropdownProps = {
  category: Category;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** How long the pointer may be off the item before a hover-opened panel closes (crossing gaps). */
const HOVER_CLOSE_DELAY_MS = 150;

/**
 * One category in the desktop nav: a disclosure button (aria-expanded/aria-controls) and a panel
 * of topic links. Opens on mouse hover, click/touch, Enter/Space (native button) or ArrowDown;
 * Escape closes and returns focus to the button; focus leaving the item closes it.
 */
export function NavDropdown({ category, open, onOpenChange }: NavDropdownProps) {
  const panelId = `nav-panel-${category.slug}`;
  const dropdown = useNavDropdown(open, onOpenChange);

  return (
    <div
      className={open ? 'nav-item is-open' : 'nav-item'}
      onPointerEnter={dropdown.handlePointerEnter}
      onPointerLeave={dropdown.handlePointerLeave}
      onKeyDown={dropdown.handleKeyDown}
      onBlur={dropdown.handleBlur}
    >
      <button
        ref={dropdown.buttonRef}
        type="button"
        className="nav-item__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={dropdown.handleClick}
      >
        {category.name}
        <Chevron />
      </button>
      <div
        id={panelId}
        ref={dropdown.panelRef}
        className="dropdown"
        hidden={!open}
        onClick={dropdown.handlePanelClick}
      >
        <DropdownLinks category={category} />
      </div>
    </div>
  );
}

/** The first link in the panel (where ArrowDown sends focus). */
function firstLink(panel: HTMLElement | null): HTMLElement | null | undefined {
  return panel?.querySelector<HTMLElement>('a');
}

/**
 * The dropdown's behaviour: hover opens at once and closes after HOVER_CLOSE_DELAY_MS (a click pins a
 * hover-opened panel), ArrowDown opens and focuses the first link, Escape closes and refocuses the
 * button, focus leaving the item or a followed link closes it.
 */
function useNavDropdown(open: boolean, onOpenChange: (open: boolean) => void) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);
  const focusFirstOnOpen = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (open && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      firstLink(panelRef.current)?.focus();
    }
    if (!open) openedByHover.current = false;
  }, [open]);

  function handlePointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    if (!open) {
      openedByHover.current = true;
      onOpenChange(true);
    }
  }

  function handlePointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse' || !openedByHover.current) return;
    closeTimer.current = setTimeout(() => onOpenChange(false), HOVER_CLOSE_DELAY_MS);
  }

  function handleClick() {
    clearTimeout(closeTimer.current);
    // A click on a panel the pointer has just opened pins it open instead of closing it again.
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    onOpenChange(!open);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === buttonRef.current) {
      event.preventDefault();
      if (open) firstLink(panelRef.current)?.focus();
      else {
        focusFirstOnOpen.current = true;
        onOpenChange(true);
      }
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (open && !event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
  }

  function handlePanelClick(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest('a')) onOpenChange(false);
  }

  return {
    buttonRef,
    panelRef,
    handlePointerEnter,
    handlePointerLeave,
    handleClick,
    handleKeyDown,
    handleBlur,
    handlePanelClick,
  };
}

function Chevron() {
  return (
    <svg
      className="nav-item__chevron"
      viewBox="0 0 12 12"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The panel's content: the category's topics, then its listing and its hub. */
function DropdownLinks({ category }: { category: Category }) {
  return (
    <div className="dropdown__inner">
      <p className="dropdown__heading" aria-hidden="true">
        {category.name}
      </p>
      {category.topics.length > 0 ? (
        <ul className="dropdown__topics">
          {category.topics.map((topic) => (
            <li key={topic.uuid}>
              <Link to={topic.route} className="dropdown__link">
                {topic.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="dropdown__more">
        <li>
          <Link to={category.listingRoute} className="dropdown__cta">
            All {category.name}
          </Link>
        </li>
        <li>
          <Link to={category.route} className="dropdown__secondary">
            {category.name} hub
          </Link>
        </li>
      </ul>
    </div>
  );
}
