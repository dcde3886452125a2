/**
 * Client loaders: every route's loader reads the same per-route JSON payload from the edge
 * handler, fetched once per URL, so a navigation costs one request and the CMS is never called
 * from the browser.
 */
import type { LoaderFunction } from 'react-router';
import { livePayloads, reviveRouteError } from '../app/payload.ts';
import { isRoutePayload, PAYLOAD_PREFIX, type RoutePayload } from '../shared/payload.ts';
import { blockNames } from '../blocks/walk.ts';
import { loadBlocks } from '../blocks/registry.tsx';
import { loadIslands } from '../blocks/deferred.tsx';

let inflight: { key: string; promise: Promise<RoutePayload> } | null = null;
/** Payloads fetched ahead of a click by link prefetching, used once within their freshness window. */
const prefetched = new Map<string, { at: number; promise: Promise<RoutePayload> }>();
const PREFETCH_FRESH_MS = 30_000;

async function fetchPayload(url: URL, signal: AbortSignal): Promise<RoutePayload> {
  const response = await fetch(`${PAYLOAD_PREFIX}${url.pathname === '/' ? '' : url.pathname}${url.search}`, {
    signal,
    headers: { Accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!isRoutePayload(body)) {
    throw new Response(null, {
      status: response.ok ? 500 : response.status,
      statusText: 'Payload unavailable',
    });
  }
  // The page renders as soon as the loader returns: its block renderers (and the deferred
  // islands' code, such as the sidebar's sign-up) come with its data.
  await Promise.all([loadBlocks(blockNames(body.loaderData)), loadIslands()]);
  return body;
}

/** Fetch a page's payload ahead of a navigation (link prefetching). */
export function prefetchPayload(path: string): void {
  const url = new URL(path, location.origin);
  const key = `${url.pathname}${url.search}`;
  if (prefetched.has(key)) return;
  const promise = fetchPayload(url, new AbortController().signal);
  promise.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), promise });
}

function takePrefetched(key: string): Promise<RoutePayload> | null {
  const hit = prefetched.get(key);
  if (!hit) return null;
  prefetched.delete(key);
  return Date.now() - hit.at < PREFETCH_FRESH_MS ? hit.promise : null;
}

function payloadFor(request: Request): Promise<RoutePayload> {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  const key = `${url.pathname}${url.search}`;
  const live = livePayloads.get(key);
  if (live) livePayloads.delete(key);
  if (live || inflight?.key !== key) {
    const promise = live ? Promise.resolve(live) : (takePrefetched(key) ?? fetchPayload(url, request.signal));
    inflight = { key, promise };
    // Forget it once settled so a later visit to the same URL fetches fresh data.
    void promise
      .finally(() => setTimeout(() => inflight?.promise === promise && (inflight = null), 0))
      .catch(() => {});
  }
  return inflight.promise;
}

/** A loader that picks one route's data (or error) out of the shared payload. */
export function clientLoader(id: string): LoaderFunction {
  return async ({ request }) => {
    const payload = await payloadFor(request);
    const error = payload.errors?.[id];
    if (error) throw reviveRouteError(error);
    if (payload.errors && !(id in payload.loaderData)) {
      // The error belongs to a parent boundary; rethrow it so that boundary renders.
      const first = Object.values(payload.errors)[0];
      if (first) throw reviveRouteError(first);
    }
    return payload.loaderData[id] ?? null;
  };
}
