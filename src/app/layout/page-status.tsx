/** Navigation feedback: the delayed loading bar, the offline notice and the route announcer. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ScrollRestoration, useLocation, useNavigation } from 'react-router';

/** A data fetch shows the loading indicator only once it has taken this long (§4). */
export const LOADING_DELAY_MS = 200;
/** Progress steps while a page loads (§4): the bar starts at the first and moves on by the second. */
export const PROGRESS_STEPS = [30, 45] as const;
const STEP_INTERVAL_MS = 600;

/**
 * Route-change loading indicator: starts when a navigation begins, steps forward while the page
 * data loads, then completes and fades. Nothing shows for navigations faster than 200 ms.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!loading) {
      setProgress((p) => (p === null ? null : 100));
      const hide = window.setTimeout(() => setProgress(null), 300);
      return () => window.clearTimeout(hide);
    }
    const timers: number[] = [];
    timers.push(
      window.setTimeout(() => setProgress(PROGRESS_STEPS[0]), LOADING_DELAY_MS),
      window.setTimeout(
        () => setProgress(PROGRESS_STEPS[0] + PROGRESS_STEPS[1]),
        LOADING_DELAY_MS + STEP_INTERVAL_MS,
      ),
    );
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [loading]);

  if (progress === null) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <span className="loading-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Online/offline status from the browser's events; the server always renders "online". */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A notice while the browser is offline. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      You are offline. Pages you have already opened still work; new ones will load when you reconnect.
    </p>
  );
}

/**
 * After a client-side navigation, move focus to the new page's main content and announce its
 * title, as a full page load would for screen-reader and keyboard users.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const first = useRef(true);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!location.hash) document.getElementById('main')?.focus({ preventScroll: true });
    setMessage(document.title);
  }, [location.pathname, location.search, location.hash]);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}

/** Everything the layout does around navigation: scroll, progress, focus, connectivity. */
export function PageStatus() {
  return (
    <>
      {/* Top on navigation, hash target when there is one (offset by scroll-padding-top: 60px), and
          the previous position restored on back/forward. */}
      <ScrollRestoration />
      <LoadingBar />
      <RouteAnnouncer />
      <OfflineNotice />
    </>
  );
}
