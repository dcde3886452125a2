/**
 * The one URL of a page, shared by the page head (components/seo.tsx) and the server's head
 * (src/server/page-head): absolute URLs on the configured origin, `?page=N` for paginated views.
 * Pure: server and browser alike.
 */

/** `href` as an absolute URL on the site's origin; null when it is relative and there is no origin. */
export function absoluteUrl(href: string, baseUrl: string): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (href.startsWith('//')) return `https:${href}`;
  if (href.startsWith('/') && baseUrl) return `${baseUrl}${href}`;
  return null;
}

/** A paginated view's path: page 1 is the bare path (one URL per page), page N adds `?page=N`. */
export function pagePath(pathname: string, page: number): string {
  return page > 1 ? `${pathname}?page=${page}` : pathname;
}

/**
 * The canonical path of a request: its path plus `?page=N` when N > 1. Other query parameters
 * (utm_*, gclid, fbclid, referral_*, preview) never count; the render handler has already sent
 * every other form of the path (case, escapes, slashes) to this one with a 301.
 */
export function canonicalPath(pathname: string, search: string): string {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? pagePath(pathname, page) : pathname;
}
