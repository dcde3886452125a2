/**
 * What the local CDN may store, and for how long, read from an origin answer's headers the way
 * Netlify documents it (sources in ./index.ts): the most specific cache header wins
 * (`Netlify-CDN-Cache-Control`, then `CDN-Cache-Control`, then `Cache-Control`), `s-maxage` before
 * `max-age`, `stale-while-revalidate` for the stale window, `durable` read and ignored (Netlify
 * documents it for serverless functions only; our origin is an edge function).
 */

/** The cache headers, most specific first: the first one present decides. */
const CACHE_HEADERS = ['netlify-cdn-cache-control', 'cdn-cache-control', 'cache-control'] as const;

/**
 * Statuses a shared cache may store when the answer says how long (RFC 9110 §15.1's heuristically
 * cacheable codes, minus 206: the local CDN does not do ranges). Netlify documents no list.
 */
const STORABLE_STATUSES = new Set([200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]);

export type Directives = Map<string, string | true>;

/** `public, s-maxage=300, stale-while-revalidate=60` → name (lower case) → value or `true`. */
export function parseDirectives(value: string): Directives {
  const directives: Directives = new Map();
  for (const part of value.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    const raw = rest.join('=').trim();
    directives.set(name, rest.length === 0 ? true : raw.replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** A delta-seconds value (`s-maxage=300`), or undefined when absent or malformed. */
function seconds(directives: Directives, name: string): number | undefined {
  const value = directives.get(name);
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
}

export type Freshness =
  | { store: false; reason: string }
  | {
      store: true;
      /** Seconds the answer is fresh. */
      fresh: number;
      /** Seconds after that it may be served stale while one background request refreshes it. */
      staleWhileRevalidate: number;
      /** `durable` was asked for; Netlify ignores it on edge function answers, and so do we. */
      durable: boolean;
      /** The header that decided. */
      header: (typeof CACHE_HEADERS)[number];
    };

/** How long the CDN keeps an answer with these headers, from the most specific cache header. */
export function freshnessOf(headers: Headers): Freshness {
  const header = CACHE_HEADERS.find((name) => headers.has(name));
  if (!header) return { store: false, reason: 'no cache header' };
  const directives = parseDirectives(headers.get(header) ?? '');
  if (directives.has('no-store')) return { store: false, reason: `${header}: no-store` };
  if (directives.has('private')) return { store: false, reason: `${header}: private` };
  // Stored but revalidated on every use: locally the same as going to the origin each time.
  if (directives.has('no-cache')) return { store: false, reason: `${header}: no-cache` };
  const fresh = seconds(directives, 's-maxage') ?? seconds(directives, 'max-age');
  if (fresh === undefined) return { store: false, reason: `${header}: no s-maxage or max-age` };
  // must-revalidate forbids serving a stale copy (RFC 9111 §5.2.2.2), so it has no stale window.
  const mustRevalidate = directives.has('must-revalidate') || directives.has('proxy-revalidate');
  const staleWhileRevalidate = mustRevalidate ? 0 : (seconds(directives, 'stale-while-revalidate') ?? 0);
  if (fresh === 0 && staleWhileRevalidate === 0) return { store: false, reason: `${header}: max-age=0` };
  return { store: true, fresh, staleWhileRevalidate, durable: directives.has('durable'), header };
}

/** Why an answer cannot be shared at all, whatever its cache headers say; null when it can be. */
export function unshareable(response: Response): string | null {
  if (!STORABLE_STATUSES.has(response.status)) return `status ${response.status}`;
  // One visitor's cookie must never reach another (Netlify documents nothing here; see index.ts).
  if (response.headers.has('set-cookie')) return 'Set-Cookie';
  if (response.headers.get('vary')?.trim() === '*') return 'Vary: *';
  // An answer the origin encoded itself could reach a client that cannot decode it.
  if (response.headers.has('content-encoding')) return 'Content-Encoding from the origin';
  return null;
}

/** The purge tags of an answer: `Netlify-Cache-Tag`, `Cache-Tag` and `Netlify-Cache-ID`, comma lists. */
export function cacheTagsOf(headers: Headers): string[] {
  const tags = new Set<string>();
  for (const name of ['netlify-cache-tag', 'cache-tag', 'netlify-cache-id']) {
    for (const tag of (headers.get(name) ?? '').split(',')) if (tag.trim()) tags.add(tag.trim());
  }
  return [...tags];
}

/**
 * Headers the CDN keeps to itself: Netlify strips `Netlify-CDN-Cache-Control` and
 * `Netlify-Cache-Tag` before the answer reaches the browser; everything else (Cache-Control,
 * CDN-Cache-Control, Cache-Tag, Netlify-Vary) passes on. Hop-by-hop headers never pass.
 */
export const NOT_FORWARDED = new Set([
  'netlify-cdn-cache-control',
  'netlify-cache-tag',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
