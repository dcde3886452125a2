/**
 * Full-screen spinner (spec §2, §4, §9): an overlay with a status message (default
 * 'Processing...'). While active it locks page scrolling — body overflow hidden, with the scrollbar's
 * width kept as padding so nothing shifts — and restores the previous values when it stops or unmounts.
 */
import { useEffect } from 'react';

export const SPINNER_DEFAULT_MESSAGE = 'Processing...';

export type SpinnerProps = {
  /** Shown and locking scroll while true. */
  active?: boolean;
  message?: string;
};

/** Lock page scrolling; returns the function that restores the previous inline styles. */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  body.style.overflow = 'hidden';
  if (scrollbar > 0) {
    const padding = parseFloat(window.getComputedStyle(body).paddingRight) || 0;
    body.style.paddingRight = `${padding + scrollbar}px`;
  }
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

export function Spinner({ active = true, message = SPINNER_DEFAULT_MESSAGE }: SpinnerProps) {
  useEffect(() => (active ? lockPageScroll() : undefined), [active]);
  if (!active) return null;
  return (
    <div className="spinner" role="status" aria-live="polite">
      <div className="spinner__panel">
        <span className="spinner__ring" aria-hidden="true" />
        <p className="spinner__message">{message}</p>
      </div>
    </div>
  );
}
