/**
 * The local CDN: a memory cache in front of the render handler that answers like Netlify's CDN
 * answers an edge function with `cache = "manual"` (what Netlify documents, with sources, is in
 * ./index.ts). GET and HEAD only; everything else goes straight to the origin.
 */
import { cacheTagsOf, freshnessOf, NOT_FORWARDED, unshareable } from './cache-control.ts';
import {
  compressBody,
  compressionStream,
  fingerprint,
  isCompressible,
  negotiateEncoding,
  varyOnEncoding,
  type Bytes,
  type Encoding,
} from './encoding.ts';
import { LruStore, type Entry } from './store.ts';
import { readBytesLimited } from '../../http/boundary.ts';
import { DEFAULT_VARY, parseVary, variantKey, type VarySpec } from './vary.ts';

/** The cache layer's name in `Cache-Status` (RFC 9211), as Netlify's edge names itself. */
export const CACHE_NAME = '"Netlify Edge"';

/** Netlify's `Cache-Status` values for the outcomes the local CDN has. */
export const CACHE_STATUS = {
  /** Served from the cache, fresh. */
  hit: `${CACHE_NAME}; hit`,
  /** Served from the cache past its freshness; one background request refreshes it. */
  stale: `${CACHE_NAME}; hit, fwd=stale`,
  /** Nothing cached for this request: the origin answered. */
  miss: `${CACHE_NAME}; fwd=miss`,
  /** Something was cached but too old to serve (past stale-while-revalidate): the origin answered. */
  expired: `${CACHE_NAME}; fwd=stale`,
} as const;

export type CdnStats = {
  hits: number;
  stale: number;
  misses: number;
  /** Answers the origin gave that the CDN did not keep (private, no-store, Set-Cookie…). */
  uncacheable: number;
  stored: number;
  refreshes: number;
  /** Background refreshes whose answer could not be stored (the stale entry stays or goes, see refresh). */
  refreshFailures: number;
  purges: number;
  purged: number;
  evictions: number;
  entries: number;
  bytes: number;
};

/** One stored object as the local tools show it (why was this page not purged?). */
export type CdnEntryInfo = {
  path: string;
  /** The key's variant part: kept query, cookies, headers… */
  variant: string;
  status: number;
  tags: string[];
  ageSeconds: number;
  freshForSeconds: number;
  staleForSeconds: number;
  bytes: number;
};

export type LocalCdnOptions = {
  /** The handler behind the cache (the render handler). */
  origin: (request: Request) => Promise<Response>;
  /** Clock in ms (tests and the local clock tool move it). */
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
  /** Larger answers pass through unstored. */
  maxEntryBytes?: number;
  /** The visitor's country for `Netlify-Vary: country=…` (locally: none, so one shared entry). */
  countryOf?: (request: Request) => string | undefined;
  log?: (line: string) => void;
};

export type LocalCdn = {
  /** Answers a request from the cache or the origin. */
  handle(request: Request): Promise<Response>;
  /** Compresses a static file's answer by the request's Accept-Encoding (memoised per content). */
  compressStatic(request: Request, response: Response): Promise<Response>;
  /** Purges entries with any of `tags`, or everything when `tags` is undefined; the number removed. */
  purge(tags?: readonly string[]): number;
  stats(): CdnStats;
  /** The stored objects, least recently used first. */
  entries(): CdnEntryInfo[];
  size(): number;
  /** Resolves once no background refresh is running. */
  settled(): Promise<void>;
};

const DEFAULTS = { maxEntries: 500, maxBytes: 50 * 1024 * 1024, maxEntryBytes: 10 * 1024 * 1024 };

/** How many purges are remembered for answers that were in flight while they happened. */
const PURGE_LOG_LIMIT = 1000;

type Decision =
  | { store: false; reason: string }
  | { store: true; spec: VarySpec; tags: string[]; fresh: number; staleWhileRevalidate: number };

// Long by design: one closure over the store, the per-path key specs and the purge log.
export function createLocalCdn(options: LocalCdnOptions): LocalCdn {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? (() => {});
  const limits = { ...DEFAULTS, ...definedOnly(options) };
  const store = new LruStore(limits);
  // Netlify asks that one URL answer with one Netlify-Vary; the last stored answer's spec is the key.
  const specs = new Map<string, VarySpec>();
  const refreshing = new Map<string, Promise<void>>();
  const counts = { hits: 0, stale: 0, misses: 0, uncacheable: 0, stored: 0, refreshes: 0 };
  let refreshFailures = 0;
  let purges = 0;
  let purged = 0;
  // Purges by sequence number: an answer requested before a purge that matches it is not stored.
  let purgeSeq = 0;
  const purgeLog: { seq: number; tags: Set<string> | null }[] = [];
  const staticMemo = new LruStore({ maxEntries: 300, maxBytes: 30 * 1024 * 1024 });

  const keyOf = (request: Request, spec: VarySpec) =>
    `${new URL(request.url).pathname}\n${variantKey(spec, request, options.countryOf?.(request))}`;

  function decide(response: Response): Decision {
    const unshared = unshareable(response);
    if (unshared) return { store: false, reason: unshared };
    const freshness = freshnessOf(response.headers);
    if (!freshness.store) return { store: false, reason: freshness.reason };
    const vary = parseVary(response.headers.get('netlify-vary'), response.headers.get('vary'));
    if (!vary.ok) return { store: false, reason: vary.reason };
    return {
      store: true,
      spec: vary.spec,
      tags: cacheTagsOf(response.headers),
      fresh: freshness.fresh,
      staleWhileRevalidate: freshness.staleWhileRevalidate,
    };
  }

  function purgedSince(seq: number, tags: readonly string[]): boolean {
    if (purgeSeq === seq) return false;
    // Older than what the log remembers: assume it was purged (not storing is always safe).
    if ((purgeLog[0]?.seq ?? Infinity) > seq + 1) return true;
    return purgeLog.some((purge) => purge.seq > seq && (!purge.tags || tags.some((t) => purge.tags!.has(t))));
  }

  /** Keeps an answer the origin gave to `request` (requested at purge sequence `seq`). */
  function save(request: Request, response: Response, body: Bytes, decision: Decision, seq: number) {
    if (!decision.store || purgedSince(seq, decision.tags)) return;
    const path = new URL(request.url).pathname;
    specs.delete(path);
    specs.set(path, decision.spec);
    // One small spec per path ever stored; the oldest go first past a bound well above the entries.
    if (specs.size > limits.maxEntries * 20) specs.delete(specs.keys().next().value!);
    const headers = forwardedHeaders(response.headers);
    headers.delete('content-length');
    const entryHeaders = [...headers];
    const t = now();
    const entry: Entry = {
      key: keyOf(request, decision.spec),
      status: response.status,
      statusText: response.statusText,
      headers: entryHeaders,
      body,
      compressible: isCompressible(response.headers.get('content-type')) && body.byteLength > 0,
      encoded: new Map(),
      tags: decision.tags,
      storedAt: t,
      freshUntil: t + decision.fresh * 1000,
      staleUntil: t + (decision.fresh + decision.staleWhileRevalidate) * 1000,
      size:
        body.byteLength + entryHeaders.reduce((sum, [name, value]) => sum + name.length + value.length, 0),
    };
    store.set(entry);
    counts.stored += 1;
  }

  /** The body of an entry in `encoding`, compressed on first use and kept. */
  function encodedBody(entry: Entry, encoding: Encoding): Promise<Bytes> {
    let body = entry.encoded.get(encoding);
    if (!body) {
      body = compressBody(entry.body, encoding, 'dynamic');
      entry.encoded.set(encoding, body);
      void body
        .then((bytes) => store.grow(entry, bytes.byteLength))
        .catch(() => entry.encoded.delete(encoding));
    }
    return body;
  }

  async function fromEntry(entry: Entry, request: Request, cacheStatus: string): Promise<Response> {
    const headers = new Headers(entry.headers);
    headers.set('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    headers.set('Cache-Status', cacheStatus);
    let body = entry.body;
    if (entry.compressible) {
      varyOnEncoding(headers);
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      if (encoding) {
        body = await encodedBody(entry, encoding);
        headers.set('Content-Encoding', encoding);
      }
    }
    const empty = entry.status === 204 || entry.status === 304;
    if (!empty) headers.set('Content-Length', String(body.byteLength));
    return new Response(request.method === 'HEAD' || empty ? null : body, {
      status: entry.status,
      statusText: entry.statusText,
      headers,
    });
  }

  /** The origin's answer as the browser gets it: CDN headers stripped, compressed as it streams. */
  function deliver(request: Request, response: Response, cacheStatus: string, body = response.body) {
    const headers = forwardedHeaders(response.headers);
    headers.set('Cache-Status', cacheStatus);
    let stream = body;
    if (isCompressible(headers.get('content-type')) && !headers.has('content-encoding')) {
      varyOnEncoding(headers);
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      if (encoding && stream && request.method !== 'HEAD') {
        stream = stream.pipeThrough(compressionStream(encoding));
        headers.set('Content-Encoding', encoding);
        headers.delete('Content-Length');
      }
    }
    return new Response(request.method === 'HEAD' ? null : stream, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }

  async function forward(request: Request, reason: 'miss' | 'expired'): Promise<Response> {
    const seq = purgeSeq;
    const response = await options.origin(request);
    const decision = decide(response);
    counts.misses += 1;
    if (!decision.store || request.method !== 'GET' || !response.body) {
      if (!decision.store) counts.uncacheable += 1;
      if (decision.store && request.method === 'GET')
        save(request, response, new Uint8Array(0), decision, seq);
      return deliver(request, response, CACHE_STATUS[reason]);
    }
    // One branch streams to the browser, the other is kept once complete.
    const [toBrowser, toStore] = response.body.tee();
    void readBytesLimited(toStore, limits.maxEntryBytes).then(
      (body) => (body ? save(request, response, body, decision, seq) : undefined),
      () => {},
    );
    return deliver(request, response, CACHE_STATUS[reason], toBrowser);
  }

  /** Refreshes an entry in the background, once per key at a time. */
  function refresh(entry: Entry, request: Request): void {
    if (refreshing.has(entry.key)) return;
    counts.refreshes += 1;
    const seq = purgeSeq;
    const task = (async () => {
      const response = await options.origin(new Request(request.url, { headers: request.headers }));
      const decision = decide(response);
      const body =
        decision.store && response.body ? await readBytesLimited(response.body, limits.maxEntryBytes) : null;
      if (!decision.store || (response.body && !body)) {
        await response.body?.cancel().catch(() => {});
        refreshFailures += 1;
        // An error keeps the stale copy until its window ends; any other unstorable answer
        // (the page is now private or uncacheable) removes it.
        if (response.status < 500) store.delete(entry.key);
        log(`cdn: refresh of ${new URL(request.url).pathname} not stored (${storeReason(decision)})`);
        return;
      }
      save(request, response, body ?? new Uint8Array(0), decision, seq);
    })()
      .catch((error: unknown) => {
        refreshFailures += 1;
        log(`cdn: refresh of ${new URL(request.url).pathname} failed: ${String(error)}`);
      })
      .finally(() => refreshing.delete(entry.key));
    refreshing.set(entry.key, task);
  }

  return {
    async handle(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return options.origin(request);
      const path = new URL(request.url).pathname;
      const key = keyOf(request, specs.get(path) ?? DEFAULT_VARY);
      const entry = store.get(key);
      const t = now();
      if (entry && t < entry.freshUntil) {
        counts.hits += 1;
        return fromEntry(entry, request, CACHE_STATUS.hit);
      }
      if (entry && t < entry.staleUntil) {
        counts.stale += 1;
        refresh(entry, request);
        return fromEntry(entry, request, CACHE_STATUS.stale);
      }
      if (entry) store.delete(key);
      return forward(request, entry ? 'expired' : 'miss');
    },

    async compressStatic(request, response) {
      if (!isCompressible(response.headers.get('content-type')) || response.headers.has('content-encoding')) {
        return response;
      }
      varyOnEncoding(response.headers);
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      if (!encoding || response.status !== 200 || request.method !== 'GET' || !response.body) return response;
      const body: Bytes = new Uint8Array(await response.arrayBuffer());
      const key = `${new URL(request.url).pathname}\n${encoding}\n${fingerprint(body)}`;
      let entry = staticMemo.get(key);
      if (!entry) {
        const compressed = compressBody(body, encoding, 'static');
        entry = { ...memoEntry(key), encoded: new Map([[encoding, compressed]]) };
        const bytes = await compressed;
        entry.size = bytes.byteLength;
        staticMemo.set(entry);
      }
      const compressed = await entry.encoded.get(encoding)!;
      const headers = new Headers(response.headers);
      headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(compressed.byteLength));
      return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
    },

    purge(tags) {
      purgeSeq += 1;
      purges += 1;
      purgeLog.push({ seq: purgeSeq, tags: tags ? new Set(tags) : null });
      if (purgeLog.length > PURGE_LOG_LIMIT) purgeLog.shift();
      const removed = tags ? store.purgeTags(tags) : store.clear();
      if (!tags) specs.clear();
      purged += removed;
      return removed;
    },

    stats: () => ({
      ...counts,
      refreshFailures,
      purges,
      purged,
      evictions: store.evictions,
      entries: store.size,
      bytes: store.bytes,
    }),
    entries: () =>
      [...store.values()].map((entry) => {
        const [path = '', ...variant] = entry.key.split('\n');
        return {
          path,
          variant: variant.join('\n'),
          status: entry.status,
          tags: entry.tags,
          ageSeconds: Math.floor((now() - entry.storedAt) / 1000),
          freshForSeconds: (entry.freshUntil - entry.storedAt) / 1000,
          staleForSeconds: (entry.staleUntil - entry.freshUntil) / 1000,
          bytes: entry.size,
        };
      }),
    size: () => store.size,
    async settled() {
      while (refreshing.size > 0) await Promise.allSettled([...refreshing.values()]);
    },
  };
}

function storeReason(decision: Decision): string {
  return decision.store ? 'too large or unreadable' : decision.reason;
}

function memoEntry(key: string): Entry {
  return {
    key,
    status: 200,
    statusText: '',
    headers: [],
    body: new Uint8Array(0),
    compressible: true,
    encoded: new Map(),
    tags: [],
    storedAt: 0,
    freshUntil: 0,
    staleUntil: 0,
    size: 0,
  };
}

/** The headers the browser may see (Netlify's CDN-only ones and hop-by-hop headers removed). */
function forwardedHeaders(source: Headers): Headers {
  const headers = new Headers();
  source.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name) && name !== 'set-cookie') headers.append(name, value);
  });
  for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

function definedOnly(options: LocalCdnOptions): Partial<typeof DEFAULTS> {
  const limits: Partial<typeof DEFAULTS> = {};
  if (options.maxEntries !== undefined) limits.maxEntries = options.maxEntries;
  if (options.maxBytes !== undefined) limits.maxBytes = options.maxBytes;
  if (options.maxEntryBytes !== undefined) limits.maxEntryBytes = options.maxEntryBytes;
  return limits;
}
