/**
 * Link prefetching (§2, §9): once the browser is idle (at most 2000 ms), internal links that scroll
 * into view get their route payload fetched ahead of the click. Skipped on 2g connections and in
 * data-saver mode, capped per page so long lists do not flood the CDN.
 */
import { PAYLOAD_PREFIX } from '../shared/payload.ts';

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
const MAX_PREFETCHES_PER_PAGE = 24;

type Connection = { saveData?: boolean; effectiveType?: string };

/** True when the visitor's connection asks us not to spend data on guesses. */
export function shouldSkipPrefetch(connection: Connection | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** The same-origin page path a link points at, or null when it is not a prefetchable page. */
export function prefetchablePath(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (
    url.pathname.startsWith(PAYLOAD_PREFIX) ||
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/.netlify/')
  )
    return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

type Options = { prefetch: (path: string) => void; onNavigate: (listener: () => void) => void };

/** Start observing links; call once after hydration. */
export function startLinkPrefetch({ prefetch, onNavigate }: Options): void {
  const nav = navigator as Navigator & { connection?: Connection };
  if (shouldSkipPrefetch(nav.connection) || typeof IntersectionObserver === 'undefined') return;

  const seen = new Set<string>([`${location.pathname}${location.search}`]);
  let budget = MAX_PREFETCHES_PER_PAGE;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLAnchorElement)) continue;
      observer.unobserve(entry.target);
      const path = prefetchablePath(entry.target, location.origin);
      if (!path || seen.has(path) || budget <= 0) continue;
      seen.add(path);
      budget -= 1;
      prefetch(path);
    }
  });
  const scan = () => {
    const idle =
      window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, PREFETCH_IDLE_TIMEOUT_MS));
    idle(
      () => {
        observer.disconnect();
        for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]'))
          observer.observe(anchor);
      },
      { timeout: PREFETCH_IDLE_TIMEOUT_MS },
    );
  };
  scan();
  onNavigate(() => {
    budget = MAX_PREFETCHES_PER_PAGE;
    seen.add(`${location.pathname}${location.search}`);
    scan();
  });
}
