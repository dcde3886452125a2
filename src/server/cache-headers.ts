/** CDN and browser caching headers for pages and payloads, with their purge tags. */
import { serverRoutes } from './loaders.server.ts';
import type { CollectionTag } from '../app/routes/loader-kit.server.ts';
import type { BlockScan } from '../blocks/walk.ts';
import { scanPage } from '../blocks/page-scan.server.ts';
import { EDITOR_PARAMS } from './preview-token.ts';
import { PREVIEW_COOKIE } from './preview-session.ts';
import type { ProductsOutcome } from '../blocks/products.server.ts';

/**
 * CDN caching for rendered pages and payloads. The browser always revalidates; Netlify's CDN keeps a
 * short fresh window and serves stale while it revalidates in the background. Purges go by tag
 * (story uuids plus `layout`), so a publish refreshes exactly the pages that showed the story.
 */

/**
 * Query parameters that change what a page shows; every other parameter (tracking, preview) shares
 * the cache entry. Netlify keys on the whole query string unless `Netlify-Vary: query=…` names the
 * parameters to keep, so every page names `page`: routes that paginate read it, and the others
 * never answer 200 with one (the handler redirects `?page=N` away, see canonical-url.ts), so their
 * entries are keyed on the path alone and `?page=99999` cannot mint new ones.
 */
export const VARY_QUERY_ALLOWLIST = ['page'] as const;

/**
 * The CDN's cache key: the path, `page`, and what sends a request past any cached published copy to
 * the edge function: the Visual Editor's `_storyblok` parameter and the preview session cookie.
 * Those requests are answered privately (never stored), so their keys stay empty.
 */
const NETLIFY_VARY = `query=${[...VARY_QUERY_ALLOWLIST, EDITOR_PARAMS.storyId].join('|')},cookie=${PREVIEW_COOKIE}`;

const FRESH_SECONDS = 300;
/** Story uuid tags per response: enough for every story a detail page shows, bounded for lists. */
export const MAX_STORY_TAGS = 60;

/**
 * Collection tags per route id, declared in each route folder (`routes/<id>/loader.server.ts`): what kinds
 * of stories the route lists, so a publish that purges a collection reaches every page listing it.
 */
const COLLECTION_TAGS: ReadonlyMap<string, readonly CollectionTag[]> = new Map(
  Object.entries(serverRoutes).map(([id, route]) => [id, route.cacheTags]),
);
const STALE_SECONDS = 7 * 24 * 3600;
const NOT_FOUND_SECONDS = 60;

/** True when one of the matched routes lists articles (its cache tags include `articles`). */
export function listsArticles(routeIds: string[]): boolean {
  return routeIds.some((id) => COLLECTION_TAGS.get(id)?.includes('articles'));
}

/** Collection tags of the matched routes, then story uuids from the leaf route up, capped. */
export function cacheTags(
  routeIds: string[],
  loaderData: Record<string, unknown>,
  scan: BlockScan = scanPage(loaderData, routeIds),
): string[] {
  const tags = new Set<string>(['layout']);
  for (const id of routeIds) for (const tag of COLLECTION_TAGS.get(id) ?? []) tags.add(tag);
  return [...tags, ...[...scan.uuids].slice(0, MAX_STORY_TAGS)];
}

/**
 * Headers for a public, cacheable response with the given status, matched routes and loader data.
 * The handler passes the page's scan (one walk serves block loading and these headers).
 */
export function publicCacheHeaders(
  status: number,
  routeIds: string[],
  loaderData: Record<string, unknown>,
  scan: BlockScan = scanPage(loaderData, routeIds),
  /** When an article scheduled later becomes visible: a page listing articles must not outlive it. */
  schedule: { nextAt: Date | null; now: Date } = { nextAt: null, now: new Date() },
): Record<string, string> {
  if (status >= 500) return { 'Cache-Control': 'no-store' };
  const tags = cacheTags(routeIds, loaderData, scan);
  // Pages that show store products can be purged together when prices change.
  if (scan.productBlocks > 0) tags.splice(1, 0, 'products');
  return {
    // A page whose product block could not reach the store is kept briefly: withProductsOutcome.
    ...cdnCaching(status === 404, listsArticles(routeIds), schedule),
    'Netlify-Cache-Tag': tags.join(','),
    'Netlify-Vary': NETLIFY_VARY,
  };
}

/** The browser and CDN lifetimes of a public answer: short ones for 404s, bounded by the next schedule for lists. */
function cdnCaching(short: boolean, listing: boolean, schedule: { nextAt: Date | null; now: Date }) {
  let fresh = short ? NOT_FOUND_SECONDS : FRESH_SECONDS;
  let stale = short ? NOT_FOUND_SECONDS : STALE_SECONDS;
  const untilNext = schedule.nextAt
    ? Math.ceil((schedule.nextAt.getTime() - schedule.now.getTime()) / 1000)
    : Infinity;
  if (listing && untilNext < fresh + stale) {
    // Neither fresh nor stale past the moment the scheduled article appears: the first request
    // after it is a miss, rendered with it.
    fresh = Math.max(1, Math.min(fresh, untilNext));
    stale = Math.max(0, untilNext - fresh);
  }
  return {
    // No `durable`: Netlify documents it as serverless-only, with no effect on edge function answers.
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control':
      stale > 0 ? `public, s-maxage=${fresh}, stale-while-revalidate=${stale}` : `public, s-maxage=${fresh}`,
  };
}

/** Seconds the CDN keeps a page whose products were stale or not all known when its headers went. */
export const PRODUCTS_RECHECK_SECONDS = 30;

/**
 * A page's CDN lifetime once its product lookups are known as far as they are when the headers go
 * (a streamed page sends them before its cards): unchanged when every product was answered; kept
 * briefly when one is "unavailable right now" (like a 404), shown from its last good copy, or still
 * on its way (it may end unavailable). The recheck (30 s) is shorter than the product memory in
 * front of the store (60 s), so a render soon after finds the products answered at once.
 */
export function withProductsOutcome(
  headers: Record<string, string>,
  outcome: ProductsOutcome,
): Record<string, string> {
  const current = headers['Netlify-CDN-Cache-Control'];
  if (outcome === 'fresh' || !current?.includes('s-maxage=')) return headers;
  const cap = outcome === 'unavailable' ? NOT_FOUND_SECONDS : PRODUCTS_RECHECK_SECONDS;
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(current)?.[1] ?? 0);
  const fresh = Math.min(seconds('s-maxage'), cap);
  const stale = Math.min(seconds('stale-while-revalidate'), cap);
  return {
    ...headers,
    'Netlify-CDN-Cache-Control':
      stale > 0 ? `public, s-maxage=${fresh}, stale-while-revalidate=${stale}` : `public, s-maxage=${fresh}`,
  };
}

/**
 * Headers for a public answer the router does not render (robots.txt, sitemaps, feeds): cached
 * like pages, purged by `tags`. They are the same for every visitor and never drafts, so only
 * `page` keys them (the handler redirects it away), not the editor's parameter or cookie.
 */
export function publicAnswerHeaders(
  status: number,
  tags: readonly string[],
  schedule: { listsArticles: boolean; nextAt: Date | null; now: Date },
): Record<string, string> {
  if (status >= 500) return { 'Cache-Control': 'no-store' };
  return {
    ...cdnCaching(status === 404, schedule.listsArticles, schedule),
    'Netlify-Cache-Tag': [...new Set(tags)].join(','),
    'Netlify-Vary': `query=${VARY_QUERY_ALLOWLIST.join('|')}`,
  };
}

/** Headers for responses that must never be stored by a shared cache (drafts, failures). */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
