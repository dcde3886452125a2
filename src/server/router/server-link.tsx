/**
 * The router's `<Link>` as the server renders it. React Router's own Link resolves every `to`
 * against the route matches and the location (`useHref`, `useResolvedPath`, path parsing and
 * checks) on each render; a page of cards renders 60–100 of them, and on the server they were
 * about a tenth of a warm render's CPU. Almost every link the site renders is already a clean
 * absolute path, whose href is the path itself: for those this renders the very same `<a>`
 * (same attributes, same order; tests/unit/server/server-link.test.tsx compares the two), so the
 * browser's Link hydrates it unchanged. Anything else (relative paths, dots, queries, masks,
 * render prefetching, another basename) goes to the router's Link.
 *
 * Only the server bundles use it: scripts/build.mjs resolves `react-router` to ./react-router.ts
 * in the edge and local builds; the browser keeps the router's Link and its click handling.
 */
import { forwardRef, useContext } from 'react';
import { Link as RouterLink, UNSAFE_NavigationContext, type LinkProps } from 'react-router';

/** An absolute path of plain segments: no `.`/`..` segment, no empty segment, no query or hash. */
const CLEAN_PATH =
  /^\/(?:(?!\.\.?(?:\/|$))[\w\-.~%!$&'()*+,;=:@]+(?:\/(?!\.\.?(?:\/|$))[\w\-.~%!$&'()*+,;=:@]+)*)?$/;

/** The href the router would render for `to`, when that is plain to see; null otherwise. */
export function plainHref(to: LinkProps['to']): string | null {
  if (typeof to === 'string') return CLEAN_PATH.test(to) ? to : null;
  const { pathname, search, hash } = to;
  if (pathname === undefined || !CLEAN_PATH.test(pathname)) return null;
  if (search !== undefined && search !== '') return null;
  if (hash === undefined || hash === '' || hash === '#') return pathname;
  return hash.startsWith('#') ? pathname + hash : null;
}

/** Link's own props: none reaches the `<a>` (target does, after href, as in the router's Link). */
const LINK_PROPS = new Set([
  'to',
  'discover',
  'prefetch',
  'mask',
  'target',
  'onClick',
  'relative',
  'reloadDocument',
  'replace',
  'state',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
]);

export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { to, discover = 'render', prefetch = 'none', mask, target } = props;
  const href =
    basename === '/' && !mask && (prefetch === 'none' || prefetch === 'intent') ? plainHref(to) : null;
  if (href === null) return <RouterLink ref={ref} {...props} />;
  // A loop, not `{ to, …, ...rest }`: object rest with a dozen exclusions is V8's slow path.
  const anchor: Record<string, unknown> = {};
  const given = props as unknown as Record<string, unknown>;
  for (const key in given) if (!LINK_PROPS.has(key)) anchor[key] = given[key];
  anchor.href = href;
  anchor.target = target;
  anchor['data-discover'] = discover === 'render' ? 'true' : undefined;
  return <a {...anchor} />;
});
ServerLink.displayName = 'Link';
