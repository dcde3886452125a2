/**
 * The local CDN: Netlify's CDN in front of the local site, as far as Netlify documents it, so local
 * tests, Lighthouse runs and byte counts see what deployed visitors see. It fronts the render
 * handler (pages and `/_payload/*`) only: not functions (`/.netlify/*`), local tools (`/_local/*`),
 * the Storyblok stand-in (`/v2/*`), preview endpoints (`/_preview/*`) or any POST. Static files get
 * the CDN's compression. Memory only: a restart is a new deploy, which empties Netlify's cache too.
 *
 * What Netlify documents, and what this does with it:
 * - Edge function answers are cached only with `cache = "manual"` (ours, netlify.toml), by their
 *   own headers; only GET is cached; `netlify dev` has no CDN cache at all.
 *   https://docs.netlify.com/build/edge-functions/optional-configuration/#response-caching
 *   https://www.netlify.com/knowledge-base/how-to-control-cdn-caching-on-netlify/
 *   → GET (and HEAD, answered from GET's entry) only; everything else goes to the origin.
 * - `Netlify-CDN-Cache-Control` (Netlify only, stripped before the browser), then
 *   `CDN-Cache-Control`, then `Cache-Control`: the most specific one decides; `s-maxage`/`max-age`
 *   for freshness, `stale-while-revalidate` serves the stale copy at once and refreshes it in the
 *   background (the durable cache makes that one request per object).
 *   https://docs.netlify.com/platform/caching/
 *   https://www.netlify.com/blog/swr-and-fine-grained-cache-control/
 *   https://www.netlify.com/blog/announcing-durable-caching/
 *   https://github.com/netlify/context-and-tools/blob/main/skills/netlify-caching/SKILL.md
 *   → cache-control.ts; `no-store`, `private` and `no-cache` are never stored; one background
 *   refresh per entry at a time; `Cache-Control` reaches the browser unchanged. Netlify's sources
 *   disagree on whether `CDN-Cache-Control` is stripped; it is meant for every CDN on the way
 *   (RFC 9213), so it passes on (the site does not send it).
 * - `durable` "is serverless-only. It has no effect on Edge Function responses" (knowledge base
 *   above; "Durable cache is serverless functions only (not edge functions)", skill above).
 *   → read and ignored: our origin is the `render` edge function, so there is no durable layer and
 *   `Cache-Status` never names `"Netlify Durable"`.
 * - `Netlify-Vary`: `query=a|b` (only those parameters key the object; a bare `query` keys all;
 *   without it the whole query string is the key), `header=`, `cookie=`, `language=`, `country=`;
 *   requests matching none share one object; one URL should always send the same `Netlify-Vary`;
 *   the standard `Vary` header's request headers are in every key.
 *   https://docs.netlify.com/platform/caching/#cache-key-variation
 *   https://github.com/netlify-labs/cache-key-variations
 *   → vary.ts; an undocumented directive makes the answer unstorable. Netlify documents no
 *   stripping of `Netlify-Vary` (deployed answers show it, nitrojs/nitro#2431), so it passes on.
 * - `Netlify-Cache-Tag` (and `Cache-Tag`) name purge tags, comma-separated; Netlify "will remove
 *   [Netlify-Cache-Tag] from the client response headers"; `Cache-Tag` passes on. `Netlify-Cache-ID`
 *   also registers as a tag. https://github.com/netlify-labs/cache-tags-and-purge-api
 *   → tags index the store (store.ts); the purge API that removes them is purge-api.ts.
 * - `Cache-Status` (RFC 9211): `"Netlify Edge"; hit` (from the cache), `"Netlify Edge"; fwd=miss`
 *   (nothing cached), `"Netlify Edge"; fwd=stale` (cached object stale or invalidated: from the
 *   origin), `"Netlify Edge"; hit, fwd=stale` (stale copy served, background refresh started).
 *   https://www.netlify.com/blog/gain-better-insights-into-edge-caching-behavior-on-netlify/
 *   → exactly those four, plus `Age` on every answer from the cache. A purged object is deleted at
 *   once, so the next request says `fwd=miss`.
 * - Purge API: `purgeCache({ tags })` POSTs `${apiURL}/api/v1/purge` with
 *   `{ cache_tags, site_id | site_slug | domain, deploy_alias }` and `Authorization: Bearer …`
 *   (node_modules/@netlify/functions/dist/main.js); the API answers 202, 400 or 404
 *   (https://github.com/netlify/open-api, go/plumbing/operations/purge_cache_responses.go); the
 *   client needs only `response.ok`. → purge-api.ts at `/_local/netlify/api/v1/purge`.
 * Not documented by Netlify, decided here (and in the README):
 * - which statuses are stored: RFC 9110 §15.1's heuristically cacheable ones (200, 203, 204, 300,
 *   301, 308, 404, 405, 410, 414, 501), and only with an explicit lifetime;
 * - `Set-Cookie`: never stored (RFC 9111 would allow it; one visitor's cookie must not reach
 *   another); our own answers with a cookie are `private, no-store` anyway;
 * - an answer the origin already encoded is not stored; compression (encoding.ts) is brotli or gzip
 *   for text-like types, by `Accept-Encoding` q-values, with `Vary: Accept-Encoding`, at levels of
 *   our choosing (Netlify documents none): brotli 5 / gzip 6 for pages, 11 / 9 for static files;
 * - a background refresh answered with a 5xx keeps the stale copy until its window ends; any other
 *   unstorable answer drops it; an answer requested before a purge that names it is not stored.
 */
import { randomBytes } from 'node:crypto';
import { json, readJsonBody } from '../../http/boundary.ts';
import { createLocalCdn, type LocalCdn } from './cdn.ts';
import { createPurgeApi, LOCAL_NETLIFY_API_PREFIX, LOCAL_SITE_ID, PURGE_PATH } from './purge-api.ts';

export {
  CACHE_STATUS,
  createLocalCdn,
  type CdnEntryInfo,
  type CdnStats,
  type LocalCdn,
  type LocalCdnOptions,
} from './cdn.ts';
export { LOCAL_NETLIFY_API_PREFIX, LOCAL_SITE_ID, PURGE_PATH } from './purge-api.ts';

/** `GET`: the CDN's counters and its stored objects (path, key, tags, age). */
export const CDN_TOOL_PATH = '/_local/cdn';
/** `POST {"advanceSeconds": N}`: moves the CDN's clock forward (see a page go stale without waiting). */
export const CDN_CLOCK_PATH = '/_local/cdn/clock';

/** Paths Netlify's CDN would answer from its cache: what reaches the render handler, minus its POST-only tools. */
export function isCdnPath(pathname: string): boolean {
  return !/^\/(\.netlify|_local|v2|_preview)\//.test(pathname);
}

export type LocalEdgeOptions = {
  /** False (LOCAL_CDN=off): the origin answers directly, uncompressed; the purge API still answers. */
  enabled: boolean;
  origin: (request: Request) => Promise<Response>;
  /** The purge API's bearer token; random per start when unset. */
  purgeToken?: string;
  log?: (line: string) => void;
};

export type LocalEdge = {
  /** Null when LOCAL_CDN=off. */
  cdn: LocalCdn | null;
  purgeToken: string;
  siteId: string;
  /** Answers a request meant for the render handler, through the cache when it may be cached. */
  front(request: Request): Promise<Response>;
  /** A static file's answer, compressed as the CDN serves it. */
  compressStatic(request: Request, response: Response): Promise<Response>;
  /** The purge API and the CDN's local tools, or null when `pathname` is none of them. */
  tool(request: Request, pathname: string): Promise<Response> | null;
};

/** The CDN, its purge API and tools, composed for the local server. */
export function createLocalEdge({
  enabled,
  origin,
  purgeToken,
  log = () => {},
}: LocalEdgeOptions): LocalEdge {
  let offsetMs = 0;
  const cdn = enabled ? createLocalCdn({ origin, now: () => Date.now() + offsetMs, log }) : null;
  const token = purgeToken ?? randomBytes(32).toString('base64url');
  const purgeApi = createPurgeApi({ token, purge: (tags) => cdn?.purge(tags), log });
  const advanceClock = async (request: Request) => {
    const read = await readJsonBody(request, 1024);
    if (!read.ok) return read.response;
    const seconds = (read.body as { advanceSeconds?: unknown } | null)?.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 365 * 86400) {
      return json(400, {
        errors: [{ field: 'advanceSeconds', message: 'a whole number of seconds, 0 to a year' }],
      });
    }
    offsetMs += seconds * 1000;
    return json(200, { offsetSeconds: offsetMs / 1000 });
  };
  return {
    cdn,
    purgeToken: token,
    siteId: LOCAL_SITE_ID,
    front: (request) =>
      cdn && isCdnPath(new URL(request.url).pathname) ? cdn.handle(request) : origin(request),
    compressStatic: async (request, response) => (cdn ? cdn.compressStatic(request, response) : response),
    tool(request, pathname) {
      if (pathname === PURGE_PATH) return purgeApi(request);
      if (pathname === CDN_TOOL_PATH) {
        return Promise.resolve(
          json(200, {
            enabled,
            offsetSeconds: offsetMs / 1000,
            stats: cdn?.stats() ?? null,
            entries: cdn?.entries() ?? [],
          }),
        );
      }
      if (pathname === CDN_CLOCK_PATH) return advanceClock(request);
      if (pathname.startsWith(`${LOCAL_NETLIFY_API_PREFIX}/`)) {
        return Promise.resolve(json(404, { code: 404, message: 'Not Found' }));
      }
      return null;
    },
  };
}
