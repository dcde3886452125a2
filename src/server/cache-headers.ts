/**
 * CDN caching for rendered pages and payloads. The browser always revalidates; Netlify's CDN keeps a
 * short fresh window and serves stale while it revalidates in the background. Purges go by tag
 * (story uuids plus `layout`), so a publish refreshes exactly the pages that showed the story.
 */

/** Query parameters that change what a page shows; every other parameter shares the cache entry. */
export const VARY_QUERY_ALLOWLIST = ['page'] as const;

const FRESH_SECONDS = 300;
const STALE_SECONDS = 7 * 24 * 3600;
const NOT_FOUND_SECONDS = 60;

/** Collect every story uuid in loader data (any object key named `uuid`). */
export function collectUuids(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) collectUuids(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'uuid' && typeof child === 'string') into.add(child);
      else collectUuids(child, into);
    }
  }
  return into;
}

/** Headers for a public, cacheable response with the given status and loader data. */
export function publicCacheHeaders(status: number, loaderData: unknown): Record<string, string> {
  if (status >= 500) return { 'Cache-Control': 'no-store' };
  const fresh = status === 404 ? NOT_FOUND_SECONDS : FRESH_SECONDS;
  const stale = status === 404 ? NOT_FOUND_SECONDS : STALE_SECONDS;
  const tags = ['layout', ...collectUuids(loaderData)];
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${fresh}, stale-while-revalidate=${stale}`,
    'Netlify-Cache-Tag': tags.join(','),
    'Netlify-Vary': `query=${VARY_QUERY_ALLOWLIST.join('|')}`,
  };
}

/** Headers for responses that must never be stored by a shared cache (drafts, failures). */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
