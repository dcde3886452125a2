/** One category of the desktop nav: its disclosure button and panel of topic links. */
import { useEffect, useRef } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { Link } from 'react-router';
import type { NavCategory } from '../../content/types.ts';

export type NavDropdownProps = {
  category: NavCategory;
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
// Long by design: one component on every page's critical path. Split into a hook and parts it
// measured +0.1 KB gzip on every page (the entry), against the article's JS budget.
export function NavDropdown({ category, open, onOpenChange }: NavDropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);
  const focusFirstOnOpen = useRef(false);
  const panelId = `nav-panel-${category.slug}`;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (open && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      panelRef.current?.querySelector<HTMLElement>('a')?.focus();
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
      if (open) panelRef.current?.querySelector<HTMLElement>('a')?.focus();
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

  return (
    <div
      className={open ? 'nav-item is-open' : 'nav-item'}
      onPointerEnter={handlePointerEnter}
      onPointerLeave={handlePointerLeave}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-item__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={handleClick}
      >
        {category.name}
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
      </button>
      <div id={panelId} ref={panelRef} className="dropdown" hidden={!open} onClick={handlePanelClick}>
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
                {`All ${category.name}`}
              </Link>
            </li>
            <li>
              <Link to={category.route} className="dropdown__secondary">
                {`${category.name} hub`}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
