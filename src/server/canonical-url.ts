/**
 * One URL per page. Before any content is loaded, a request whose path or query is not the
 * page's canonical form gets a redirect to that form: a path the site owns, never another origin.
 */
import { matchRoutes } from 'react-router';
import { routes, withLoaders } from '../app/routes.ts';
import type { RouteId } from '../app/route-data.ts';
import { EDITORIAL_PAGE_PREFIX, HOME_PAGE_SLUG } from '../shared/editorial-pages.ts';

/** Routes whose content depends on `?page=`; every other route never answers with one. */
export const PAGINATED_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'home',
  'author',
  'topic',
  'listing',
  'sitemap',
]);

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** `%41` → `A` for unreserved characters only (RFC 3986 §6.2.2.2); other escapes stay as they are. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/** A path every segment of which is a lower-case slug: the only shape a page URL has. */
const PAGE_PATH = /^(\/[a-z0-9][a-z0-9-]*)*\/?$/;

/**
 * The canonical form of a page path: unreserved escapes decoded, runs of slashes collapsed (so a
 * path can never start with `//`, which a browser reads as another host) and no trailing slash.
 * Upper case is folded only where the result is a page-shaped path (`/SITEMAP` → `/sitemap`); any
 * other path is a 404 as it is. Backslashes are already slashes here: the URL parser turns them
 * into `/` for http(s) URLs.
 */
export function canonicalPath(pathname: string): string {
  const collapsed = decodeUnreserved(pathname).replace(/\/{2,}/g, '/');
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  const lower = path.toLowerCase();
  return PAGE_PATH.test(lower) ? lower : path;
}

/** The route table as react-router matches it (loaders play no part in matching). */
const matchTable = withLoaders(routes, () => undefined);
const paginated: ReadonlySet<string> = PAGINATED_ROUTES;

/** A path react-router can decode (it warns on every one it cannot, like `/a%x`). */
export function isDecodable(pathname: string): boolean {
  try {
    decodeURI(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Does the route this path renders read `?page=`? An undecodable path renders no page. */
function paginates(pathname: string): boolean {
  if (!isDecodable(pathname)) return false;
  const matches = matchRoutes(matchTable, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf?.route.id !== undefined && paginated.has(leaf.route.id);
}

/** The home page's story as an editorial page: `/p/home` would be a second URL for `/`. */
const HOME_AS_PAGE = `${EDITORIAL_PAGE_PREFIX}${HOME_PAGE_SLUG}`;

/** A path whose page has another URL → that URL (`/p/home` → `/`). */
function ownPath(path: string): string {
  return path === HOME_AS_PAGE ? '/' : path;
}

export type CanonicalCheck =
  /** Serve it as asked. */
  | { kind: 'ok' }
  /** Redirect (301) to this path and query on the same origin. */
  | { kind: 'redirect'; location: string };

const OK: CanonicalCheck = { kind: 'ok' };

/**
 * Where a page request (`pathname` without the payload prefix) should go. `?page=1` is the bare
 * path; `page` on a route that does not paginate is dropped, so such routes are cached under their
 * path alone and `?page=99999` cannot mint new cache entries. Other values on paginated routes,
 * repeated ones included, are the loader's to refuse (a 404). `/p/home`, the home page's story
 * asked for as an editorial page, is the home page: a redirect to `/`.
 */
export function checkCanonical(pathname: string, search: string): CanonicalCheck {
  const path = ownPath(canonicalPath(pathname));
  // Most requests have no query: nothing to read in it.
  if (search === '' || search === '?') return path === pathname ? OK : { kind: 'redirect', location: path };
  const query = new URLSearchParams(search);
  const pages = query.getAll('page');
  let queryChanged = false;
  if (pages.length > 0) {
    if (!paginates(path) || (pages.length === 1 && pages[0] === '1')) {
      query.delete('page');
      queryChanged = true;
    }
  }
  if (path === pathname && !queryChanged) return OK;
  const rest = queryChanged ? query.toString() : search.replace(/^\?/, '');
  return { kind: 'redirect', location: rest ? `${path}?${rest}` : path };
}

/** Is this a path the site owns (one leading slash, no scheme, no authority)? */
export function isSameOriginPath(location: string): boolean {
  return /^\/(?![/\\])/.test(location);
}
