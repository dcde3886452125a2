/**
 * The page's one scroll lock, shared by every layer that covers the page (the cart drawer, the
 * phone menu, the full-screen spinner). Counted: the page scrolls again when the last holder lets
 * go. While locked the body does not overflow (the viewport takes that: the page keeps its scroll
 * position), the scrollbar's width is kept as body padding so nothing shifts, and <html> carries
 * SCROLL_LOCKED_CLASS for styles and tests. Only the body is locked: an <html> overflow too would
 * make the body a scroll container, and the sticky nav would stick to it instead of the viewport.
 */
import { useEffect } from 'react';

export const SCROLL_LOCKED_CLASS = 'is-scroll-locked';

let holders = 0;
let unlock: (() => void) | null = null;

function applyLock(): () => void {
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  documentElement.classList.add(SCROLL_LOCKED_CLASS);
  body.style.overflow = 'hidden';
  if (scrollbar > 0) {
    const padding = parseFloat(window.getComputedStyle(body).paddingRight) || 0;
    body.style.paddingRight = `${padding + scrollbar}px`;
  }
  return () => {
    documentElement.classList.remove(SCROLL_LOCKED_CLASS);
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

/** Lock page scrolling; returns the release (calling it twice releases once). */
export function lockScroll(): () => void {
  if (holders === 0) unlock = applyLock();
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      unlock?.();
      unlock = null;
    }
  };
}

/** Hold the page's scroll lock while `active` (released when it turns false or on unmount). */
export function useScrollLock(active: boolean): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}
