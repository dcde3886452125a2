/**
 * The local CDN's cache semantics against a fake origin and a hand-moved clock: what is stored and
 * for how long, stale-while-revalidate with one background refresh, Netlify-Vary keys, purges,
 * the headers the browser sees, and the LRU caps.
 */
import { describe, expect, test } from 'vitest';
import { CACHE_STATUS, createLocalCdn, type LocalCdnOptions } from '../../../src/local/cdn/index';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=300, stale-while-revalidate=604800',
  'Netlify-Cache-Tag': 'layout,articles,uuid-1',
  'Netlify-Vary': 'query=page|_storyblok,cookie=rh_preview',
};

type Answer = { status?: number; body?: string; headers?: Record<string, string> };

/** An origin answering from `answer(request)`, counting calls; `version` changes what it says. */
function fakeOrigin(answer: (request: Request, version: number) => Answer = () => ({})) {
  const calls: Request[] = [];
  let version = 1;
  const origin = async (request: Request) => {
    calls.push(request);
    const { status = 200, body, headers = PAGE_HEADERS } = answer(request, version);
    const url = new URL(request.url);
    return new Response(
      request.method === 'HEAD' ? null : (body ?? `<p>${url.pathname}${url.search} v${version}</p>`),
      {
        status,
        headers,
      },
    );
  };
  return { origin, calls, bump: () => (version += 1) };
}

function setup(answer?: Parameters<typeof fakeOrigin>[0], options: Partial<LocalCdnOptions> = {}) {
  const fake = fakeOrigin(answer);
  let now = 1_000_000;
  const cdn = createLocalCdn({ origin: fake.origin, now: () => now, ...options });
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await cdn.handle(new Request(`http://127.0.0.1:8888${path}`, { method, headers }));
    const body = method === 'HEAD' ? '' : await response.text();
    // Stored copies are complete once the browser's branch is read; let the store branch finish.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { response, body, status: response.headers.get('cache-status'), age: response.headers.get('age') };
  };
  return { cdn, ...fake, get, tick: (seconds: number) => (now += seconds * 1000) };
}

describe('storing and serving', () => {
  test('a miss goes to the origin once; then hits say so, with their Age', async () => {
    const { get, calls, tick } = setup();
    const first = await get('/training/jab');
    expect(first.status).toBe('"Netlify Edge"; fwd=miss');
    expect(first.age).toBeNull();
    tick(42);
    const second = await get('/training/jab');
    expect(second.status).toBe('"Netlify Edge"; hit');
    expect(second.age).toBe('42');
    expect(second.body).toBe(first.body);
    expect(calls).toHaveLength(1);
  });

  test('the browser gets Cache-Control unchanged, never the CDN-only headers', async () => {
    const { get } = setup();
    for (const { response } of [await get('/'), await get('/')]) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(response.headers.get('netlify-cache-tag')).toBeNull();
      // Netlify documents no stripping of Netlify-Vary (deployed answers carry it).
      expect(response.headers.get('netlify-vary')).toBe(PAGE_HEADERS['Netlify-Vary']);
    }
  });

  test('past s-maxage the stale copy is served at once and refreshed once in the background', async () => {
    const { cdn, get, calls, bump, tick } = setup();
    await get('/');
    bump();
    tick(301);
    const stale = await Promise.all([get('/'), get('/'), get('/')]);
    for (const answer of stale) {
      expect(answer.status).toBe('"Netlify Edge"; hit, fwd=stale');
      expect(answer.body).toContain('v1');
      expect(answer.age).toBe('301');
    }
    await cdn.settled();
    expect(calls).toHaveLength(2);
    const fresh = await get('/');
    expect(fresh.status).toBe(CACHE_STATUS.hit);
    expect(fresh.body).toContain('v2');
    expect(fresh.age).toBe('0');
    expect(cdn.stats()).toMatchObject({ stale: 3, refreshes: 1, hits: 1, misses: 1 });
  });

  test('past the stale window the object is not served: the origin answers (fwd=stale)', async () => {
    const { get, calls, bump, tick } = setup();
    await get('/');
    bump();
    tick(300 + 604800);
    const expired = await get('/');
    expect(expired.status).toBe('"Netlify Edge"; fwd=stale');
    expect(expired.body).toContain('v2');
    expect(calls).toHaveLength(2);
    expect((await get('/')).status).toBe(CACHE_STATUS.hit);
  });

  test.each([
    [
      's-maxage before max-age',
      { 'Netlify-CDN-Cache-Control': 'public, max-age=10, s-maxage=100' },
      50,
      true,
    ],
    ['max-age when there is no s-maxage', { 'Netlify-CDN-Cache-Control': 'public, max-age=100' }, 50, true],
    ['max-age expires', { 'Netlify-CDN-Cache-Control': 'public, max-age=100' }, 101, false],
    [
      'Netlify-CDN-Cache-Control before Cache-Control',
      { 'Cache-Control': 'public, s-maxage=1000', 'Netlify-CDN-Cache-Control': 'public, s-maxage=10' },
      50,
      false,
    ],
    [
      'CDN-Cache-Control before Cache-Control',
      { 'Cache-Control': 'no-store', 'CDN-Cache-Control': 's-maxage=100' },
      50,
      true,
    ],
    ['Cache-Control alone', { 'Cache-Control': 'public, s-maxage=100' }, 50, true],
    [
      'must-revalidate: no stale window',
      { 'Cache-Control': 's-maxage=10, must-revalidate, stale-while-revalidate=99' },
      50,
      false,
    ],
  ])('%s', async (_name, headers, after, hit) => {
    const { get, tick } = setup(() => ({ headers: { 'Content-Type': 'text/plain', ...headers } }));
    await get('/x');
    tick(after);
    expect((await get('/x')).status).toBe(hit ? CACHE_STATUS.hit : CACHE_STATUS.expired);
  });

  test.each([
    ['no cache header', {}],
    ['no-store', { 'Netlify-CDN-Cache-Control': 'no-store', 'Cache-Control': 'public, max-age=3600' }],
    ['private', { 'Cache-Control': 'private, no-store' }],
    ['private with a lifetime', { 'Netlify-CDN-Cache-Control': 'private, s-maxage=300' }],
    ['no-cache', { 'Netlify-CDN-Cache-Control': 'no-cache, s-maxage=300' }],
    ['max-age=0 alone', { 'Cache-Control': 'public, max-age=0, must-revalidate' }],
    ['a cookie', { 'Netlify-CDN-Cache-Control': 's-maxage=300', 'Set-Cookie': 'a=1; Path=/' }],
    ['Vary: *', { 'Netlify-CDN-Cache-Control': 's-maxage=300', Vary: '*' }],
    [
      'an undocumented Netlify-Vary directive',
      { 'Netlify-CDN-Cache-Control': 's-maxage=300', 'Netlify-Vary': 'device=mobile' },
    ],
    ['an origin-encoded body', { 'Netlify-CDN-Cache-Control': 's-maxage=300', 'Content-Encoding': 'gzip' }],
  ])('never stored: %s', async (_name, headers) => {
    const { get, calls, cdn } = setup(() => ({ headers: { 'Content-Type': 'text/html', ...headers } }));
    expect((await get('/p')).status).toBe(CACHE_STATUS.miss);
    expect((await get('/p')).status).toBe(CACHE_STATUS.miss);
    expect(calls).toHaveLength(2);
    expect(cdn.size()).toBe(0);
    expect(cdn.stats().uncacheable).toBe(2);
  });

  test.each([
    [200, true],
    [301, true],
    [404, true],
    [410, true],
    [302, false],
    [500, false],
    [503, false],
  ])('status %i stored: %s', async (status, stored) => {
    const { get, cdn } = setup(() => ({
      status,
      headers: { 'Netlify-CDN-Cache-Control': 's-maxage=60', 'Content-Type': 'text/html', Location: '/' },
    }));
    await get('/s');
    expect(cdn.size()).toBe(stored ? 1 : 0);
  });

  test('durable changes nothing on an edge function answer: one layer, no "Netlify Durable"', async () => {
    const { get, tick } = setup();
    const seen = [await get('/d')];
    tick(301);
    seen.push(await get('/d'));
    for (const { status } of seen) expect(status).not.toMatch(/Durable/);
  });

  test('HEAD is answered from the GET entry; a HEAD miss stores nothing', async () => {
    const { get, cdn } = setup();
    const headMiss = await get('/h', {}, 'HEAD');
    expect(headMiss.status).toBe(CACHE_STATUS.miss);
    expect(cdn.size()).toBe(0);
    const full = await get('/h');
    const head = await get('/h', {}, 'HEAD');
    expect(head.status).toBe(CACHE_STATUS.hit);
    expect(head.response.headers.get('content-length')).toBe(String(Buffer.byteLength(full.body)));
    expect(await head.response.text()).toBe('');
  });

  test('other methods go to the origin untouched', async () => {
    const { cdn, calls } = setup();
    const response = await cdn.handle(new Request('http://127.0.0.1/x', { method: 'POST', body: '{}' }));
    expect(response.headers.get('cache-status')).toBeNull();
    expect(response.headers.get('netlify-cdn-cache-control')).not.toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('background refresh', () => {
  test('an error keeps the stale copy; an answer that became private drops it', async () => {
    let mode: 'ok' | 'error' | 'private' = 'ok';
    const { cdn, get, tick } = setup(() =>
      mode === 'error'
        ? { status: 503, headers: { 'Cache-Control': 'no-store' } }
        : mode === 'private'
          ? { headers: { 'Cache-Control': 'private, no-store' } }
          : {},
    );
    await get('/r');
    tick(301);
    mode = 'error';
    await get('/r');
    await cdn.settled();
    expect((await get('/r')).status).toBe(CACHE_STATUS.stale);
    await cdn.settled();
    mode = 'private';
    await get('/r');
    await cdn.settled();
    expect(cdn.size()).toBe(0);
    expect(cdn.stats().refreshFailures).toBe(3);
  });
});

describe('Netlify-Vary', () => {
  test('query=page: ?page=2 is its own object, ?utm_source=x shares the plain one', async () => {
    const { get, calls } = setup();
    await get('/category/training');
    expect((await get('/category/training?utm_source=x')).status).toBe(CACHE_STATUS.hit);
    expect((await get('/category/training?page=2')).status).toBe(CACHE_STATUS.miss);
    expect((await get('/category/training?page=2&fbclid=y')).status).toBe(CACHE_STATUS.hit);
    expect(calls).toHaveLength(2);
  });

  test('without a query directive the whole query string is the key; a bare query keys all of it', async () => {
    for (const vary of [undefined, 'query']) {
      const { get } = setup(() => ({
        headers: { 'Netlify-CDN-Cache-Control': 's-maxage=60', ...(vary ? { 'Netlify-Vary': vary } : {}) },
      }));
      await get('/q?a=1');
      expect((await get('/q?a=1')).status).toBe(CACHE_STATUS.hit);
      expect((await get('/q?a=2')).status).toBe(CACHE_STATUS.miss);
      expect((await get('/q')).status).toBe(CACHE_STATUS.miss);
    }
  });

  test('cookie=rh_preview: a preview session has its own key, and its private answers are never stored', async () => {
    const { get, calls, cdn } = setup((request) =>
      request.headers.get('cookie')?.includes('rh_preview=')
        ? { body: 'draft', headers: { 'Cache-Control': 'private, no-store' } }
        : {},
    );
    await get('/training/jab', { cookie: 'other=1' });
    const editor = await get('/training/jab', { cookie: 'other=1; rh_preview=v1.123.abc' });
    expect(editor.status).toBe(CACHE_STATUS.miss);
    expect(editor.body).toBe('draft');
    expect((await get('/training/jab', { cookie: 'rh_preview=v1.123.abc' })).status).toBe(CACHE_STATUS.miss);
    const visitor = await get('/training/jab');
    expect(visitor.status).toBe(CACHE_STATUS.hit);
    expect(visitor.body).not.toBe('draft');
    expect(calls).toHaveLength(3);
    expect(cdn.size()).toBe(1);
  });

  test('header=, language= and country= key their values', async () => {
    let country: string | undefined;
    const { get } = setup(
      () => ({
        headers: {
          'Netlify-CDN-Cache-Control': 's-maxage=60',
          'Netlify-Vary': 'header=X-Device,language=en|de,country=us|de',
        },
      }),
      { countryOf: () => country },
    );
    await get('/v', { 'x-device': 'mobile', 'accept-language': 'de-CH, en;q=0.5' });
    expect((await get('/v', { 'x-device': 'mobile', 'accept-language': 'de' })).status).toBe(
      CACHE_STATUS.hit,
    );
    expect((await get('/v', { 'x-device': 'desktop', 'accept-language': 'de' })).status).toBe(
      CACHE_STATUS.miss,
    );
    expect((await get('/v', { 'x-device': 'mobile', 'accept-language': 'en' })).status).toBe(
      CACHE_STATUS.miss,
    );
    // Languages outside the list share one object.
    await get('/v', { 'x-device': 'mobile', 'accept-language': 'fr' });
    expect((await get('/v', { 'x-device': 'mobile', 'accept-language': 'ja' })).status).toBe(
      CACHE_STATUS.hit,
    );
    country = 'DE';
    expect((await get('/v', { 'x-device': 'mobile', 'accept-language': 'ja' })).status).toBe(
      CACHE_STATUS.miss,
    );
    country = 'FR';
    expect((await get('/v', { 'x-device': 'mobile', 'accept-language': 'ja' })).status).toBe(
      CACHE_STATUS.hit,
    );
  });
});

describe('purge', () => {
  test('by tag: its objects go at once, others stay', async () => {
    const { cdn, get } = setup((request) => ({
      headers: {
        ...PAGE_HEADERS,
        'Netlify-Cache-Tag': new URL(request.url).pathname === '/a' ? 'layout,uuid-a' : 'layout,uuid-b',
      },
    }));
    await get('/a');
    await get('/b');
    expect(cdn.purge(['uuid-a'])).toBe(1);
    expect((await get('/a')).status).toBe(CACHE_STATUS.miss);
    expect((await get('/b')).status).toBe(CACHE_STATUS.hit);
    expect(cdn.purge(['layout'])).toBe(2);
    expect(cdn.size()).toBe(0);
  });

  test('without tags: everything', async () => {
    const { cdn, get } = setup();
    await get('/a');
    await get('/b?page=2');
    expect(cdn.purge()).toBe(2);
    expect((await get('/a')).status).toBe(CACHE_STATUS.miss);
    expect(cdn.stats()).toMatchObject({ purges: 1, purged: 2 });
  });

  test('an answer rendered before a purge that names it is not stored', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = createLocalCdn({
      origin: async (request) => {
        await gate;
        return new Response(`old ${new URL(request.url).pathname}`, { headers: PAGE_HEADERS });
      },
    });
    const pending = slow.handle(new Request('http://127.0.0.1/a'));
    slow.purge(['uuid-1']);
    release();
    await (await pending).text();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slow.size()).toBe(0);
    expect(slow.stats().stored).toBe(0);
  });
});

describe('limits', () => {
  test('least recently used objects go past the entry cap', async () => {
    const { cdn, get } = setup(undefined, { maxEntries: 2 });
    await get('/1');
    await get('/2');
    await get('/1');
    await get('/3');
    expect(cdn.size()).toBe(2);
    expect((await get('/1')).status).toBe(CACHE_STATUS.hit);
    expect((await get('/2')).status).toBe(CACHE_STATUS.miss);
    expect(cdn.stats().evictions).toBeGreaterThanOrEqual(1);
  });

  test('the byte cap holds, and answers over the entry cap pass unstored', async () => {
    const big = 'x'.repeat(4000);
    const { cdn, get } = setup(() => ({ body: big }), { maxBytes: 10_000, maxEntryBytes: 5000 });
    for (const path of ['/1', '/2', '/3', '/4']) await get(path);
    expect(cdn.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(cdn.size()).toBe(2);
    const { cdn: small, get: getSmall } = setup(() => ({ body: big }), { maxEntryBytes: 1000 });
    expect((await getSmall('/big')).body).toBe(big);
    expect(small.size()).toBe(0);
  });
});
