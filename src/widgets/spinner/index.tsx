/**
 * Full-screen spinner (spec §2, §4, §9): an overlay with a status message (default
 * 'Processing...'). While active it holds the page's scroll lock (../dialog/scroll-lock.ts: no
 * scrolling, the scrollbar's width kept so nothing shifts), released when it stops or unmounts.
 */
import { useScrollLock } from '../dialog/scroll-lock.ts';

export const SPINNER_DEFAULT_MESSAGE = 'Processing...';

export type SpinnerProps = {
  /** Shown and locking scroll while true. */
  active?: boolean;
  message?: string;
};

export function Spinner({ active = true, message = SPINNER_DEFAULT_MESSAGE }: SpinnerProps) {
  useScrollLock(active);
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
