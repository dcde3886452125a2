/**
 * Anchor button (spec §2): a link to `#id` that smooth-scrolls to the element (default 500 ms, an
 * ease-in-out curve), landing `ANCHOR_OFFSET_PX` below the top for the sticky nav. It moves focus to
 * the target and records the hash with history.pushState (no jump). Without JavaScript it is a plain
 * hash link (html's scroll-padding-top applies the same offset). Reduced motion: it jumps.
 */
import type { MouseEvent, ReactNode } from 'react';
import { ANCHOR_OFFSET_PX, SMOOTH_SCROLL_MS } from '../tokens.ts';
import { buttonClassName } from '../button/index.tsx';
import { prefersReducedMotion } from '../carousel/use-media-query.ts';

export type AnchorButtonVariant = 'primary' | 'secondary' | 'link';

export type AnchorButtonProps = {
  /** The id of the element to scroll to (without '#'). */
  targetId: string;
  children: ReactNode;
  variant?: AnchorButtonVariant;
  /** Scroll duration in ms. */
  duration?: number;
  /** Pixels kept clear above the target (the sticky nav). */
  offset?: number;
  className?: string;
};

/** Ease-in-out (cubic): progress 0..1 → eased 0..1, slow at both ends. */
export function easeInOut(t: number): number {
  const x = Math.min(Math.max(t, 0), 1);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/**
 * The scroll position that puts an element `offset` pixels below the top of the viewport, given the
 * element's current viewport top and the current scroll position, kept within [0, maxScroll].
 */
export function anchorScrollTop(
  targetTop: number,
  scrollY: number,
  offset: number = ANCHOR_OFFSET_PX,
  maxScroll: number = Number.POSITIVE_INFINITY,
): number {
  return Math.min(Math.max(Math.round(scrollY + targetTop - offset), 0), Math.max(maxScroll, 0));
}

/** The eased scroll position `elapsed` ms into a scroll from `from` to `to` lasting `duration` ms. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOut(elapsed / duration);
}

let cancelRunning: (() => void) | null = null;

function jumpTo(top: number) {
  window.scrollTo({ top, behavior: 'instant' });
}

/**
 * Scroll the window to `to` over `duration` ms with requestAnimationFrame (or jump when the visitor
 * prefers reduced motion). A wheel or touch by the visitor, or a newer scroll, cancels it.
 * Returns a cancel function.
 */
export function smoothScrollTo(to: number, duration: number = SMOOTH_SCROLL_MS): () => void {
  cancelRunning?.();
  const from = window.scrollY;
  if (duration <= 0 || from === to || prefersReducedMotion()) {
    jumpTo(to);
    return () => {};
  }
  let frame = 0;
  let start: number | null = null;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    if (cancelRunning === stop) cancelRunning = null;
  };
  const step = (now: number) => {
    start ??= now;
    const elapsed = now - start;
    jumpTo(scrollPositionAt(from, to, elapsed, duration));
    if (elapsed < duration) frame = window.requestAnimationFrame(step);
    else stop();
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  frame = window.requestAnimationFrame(step);
  cancelRunning = stop;
  return stop;
}

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [contenteditable]';

/** Scroll to an element, move focus to it (tabindex -1 when needed) and push its hash. */
export function scrollToElement(
  target: HTMLElement,
  { duration = SMOOTH_SCROLL_MS, offset = ANCHOR_OFFSET_PX }: { duration?: number; offset?: number } = {},
): void {
  const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
  const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, offset, maxScroll);
  if (!target.hasAttribute('tabindex') && !target.matches(FOCUSABLE)) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  const hash = `#${target.id}`;
  if (target.id && window.location.hash !== hash) window.history.pushState(window.history.state, '', hash);
  smoothScrollTo(top, duration);
}

export function AnchorButton({
  targetId,
  children,
  variant = 'primary',
  duration = SMOOTH_SCROLL_MS,
  offset = ANCHOR_OFFSET_PX,
  className,
}: AnchorButtonProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = document.getElementById(targetId);
    if (!target) return; // let the browser follow the hash
    event.preventDefault();
    scrollToElement(target, { duration, offset });
  };
  return (
    <a
      href={`#${targetId}`}
      className={buttonClassName({ variant, className }, `anchor-button anchor-button--${variant}`)}
      onClick={onClick}
    >
      <span className="ui-button__label">{children}</span>
      <svg
        className="anchor-button__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M12 5v14M6 13l6 6 6-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.25"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}
