/**
 * The local purge API answers what `purgeCache()` sends the way Netlify's does (202, 400, 404, and
 * 401 without the token), and the local edge composes it with the CDN: what goes through the
 * cache, the stats and clock tools, LOCAL_CDN=off.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createPurge } from '../../../src/functions/purge';
import {
  CACHE_STATUS,
  CDN_CLOCK_PATH,
  CDN_TOOL_PATH,
  createLocalEdge,
  isCdnPath,
  LOCAL_NETLIFY_API_PREFIX,
  PURGE_PATH,
} from '../../../src/local/cdn/index';
import { createPurgeApi } from '../../../src/local/cdn/purge-api';
import { parseLocalEnv } from '../../../src/local/env';

const TOKEN = 'a-test-token-0123456789';
const ORIGIN = 'http://127.0.0.1:8888';

function api() {
  const purged: (readonly string[] | undefined)[] = [];
  const handle = createPurgeApi({ token: TOKEN, purge: (tags) => purged.push(tags) });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handle(
      new Request(ORIGIN + PURGE_PATH, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/json; charset=utf8',
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  return { handle, post, purged };
}

describe('the purge API', () => {
  test('202 for tags of our site; cache_tags absent purges everything', async () => {
    const { post, purged } = api();
    expect((await post({ cache_tags: ['uuid-1', 'layout'], site_id: 'local-site' })).status).toBe(202);
    expect((await post({ site_id: 'local-site' })).status).toBe(202);
    expect((await post({ site_slug: 'roundhouse', cache_tags: ['a'] })).status).toBe(202);
    expect(purged).toEqual([['uuid-1', 'layout'], undefined, ['a']]);
  });

  test.each([
    ['no Authorization', { Authorization: '' }],
    ['another token', { Authorization: 'Bearer not-the-token' }],
    ['not a bearer', { Authorization: TOKEN }],
  ])('401 with %s, and nothing purged', async (_name, headers) => {
    const { post, purged } = api();
    const response = await post({ site_id: 'local-site' }, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401 });
    expect(purged).toEqual([]);
  });

  test('400 for bad parameters, 404 for another site, 415/405 as the boundary says', async () => {
    const { post, handle, purged } = api();
    expect((await post({ cache_tags: ['a'] })).status).toBe(400);
    expect((await post({ cache_tags: 'a', site_id: 'local-site' })).status).toBe(400);
    expect((await post({ cache_tags: [''], site_id: 'local-site' })).status).toBe(400);
    expect((await post('{not json')).status).toBe(400);
    expect((await post({ site_id: 'another-site' })).status).toBe(404);
    expect((await post({ site_id: 'local-site' }, { 'Content-Type': 'text/plain' })).status).toBe(415);
    const get = await handle(
      new Request(ORIGIN + PURGE_PATH, { headers: { Authorization: `Bearer ${TOKEN}` } }),
    );
    expect(get.status).toBe(405);
    expect(purged).toEqual([]);
  });
});

describe('the local edge', () => {
  afterEach(() => vi.unstubAllGlobals());

  function edge(enabled = true) {
    const calls: string[] = [];
    const local = createLocalEdge({
      enabled,
      purgeToken: TOKEN,
      origin: async (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Response('<p>page</p>', {
          headers: {
            'Content-Type': 'text/html',
            'Netlify-CDN-Cache-Control': 'public, s-maxage=300, stale-while-revalidate=60',
            'Netlify-Cache-Tag': 'layout',
          },
        });
      },
    });
    const get = async (path: string, init: RequestInit = {}) => {
      const response = await local.front(new Request(ORIGIN + path, init));
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return response.headers.get('cache-status');
    };
    return { local, calls, get };
  }

  test('pages and payloads go through the cache; functions, tools, the stand-in, preview and POSTs do not', async () => {
    expect(['/', '/training/jab', '/_payload/training/jab', '/sitemap'].every(isCdnPath)).toBe(true);
    expect(
      ['/.netlify/functions/cart', '/_local/editor', '/v2/cdn/stories', '/_preview/exit'].some(isCdnPath),
    ).toBe(false);
    const { get, calls } = edge();
    await get('/_payload/training/jab');
    expect(await get('/_payload/training/jab')).toBe(CACHE_STATUS.hit);
    expect(await get('/_preview/exit')).toBeNull();
    expect(await get('/_preview/exit')).toBeNull();
    expect(await get('/x', { method: 'POST', body: '{}' })).toBeNull();
    expect(calls).toEqual([
      'GET /_payload/training/jab',
      'GET /_preview/exit',
      'GET /_preview/exit',
      'POST /x',
    ]);
  });

  test('createPurge → purgeCache → the purge API → the next request is a miss', async () => {
    const { local, get } = edge();
    vi.stubGlobal(
      'fetch',
      async (url: string, init: RequestInit) =>
        local.tool(new Request(url, init), new URL(url).pathname) ?? new Response(null, { status: 404 }),
    );
    await get('/a');
    expect(await get('/a')).toBe(CACHE_STATUS.hit);
    const purge = createPurge({
      apiURL: ORIGIN + LOCAL_NETLIFY_API_PREFIX,
      token: local.purgeToken,
      siteID: local.siteId,
    });
    await purge(['layout']);
    expect(await get('/a')).toBe(CACHE_STATUS.miss);
  });

  test('the stats tool and the clock: entries go stale when the clock moves', async () => {
    const { local, get } = edge();
    await get('/a');
    const clock = await local.tool(
      new Request(ORIGIN + CDN_CLOCK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 301 }),
      }),
      CDN_CLOCK_PATH,
    );
    expect(await clock?.json()).toEqual({ offsetSeconds: 301 });
    expect(await get('/a')).toBe(CACHE_STATUS.stale);
    await local.cdn?.settled();
    const stats = (await (await local.tool(new Request(ORIGIN + CDN_TOOL_PATH), CDN_TOOL_PATH))?.json()) as {
      enabled: boolean;
      stats: { stale: number; refreshes: number };
    };
    expect(stats).toMatchObject({ enabled: true, stats: { stale: 1, refreshes: 1 } });
    const bad = await local.tool(
      new Request(ORIGIN + CDN_CLOCK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: -1 }),
      }),
      CDN_CLOCK_PATH,
    );
    expect(bad?.status).toBe(400);
    expect(local.tool(new Request(`${ORIGIN}/_local/klaviyo/x`), '/_local/klaviyo/x')).toBeNull();
  });

  test('LOCAL_CDN=off: the origin answers every time, uncompressed; purges are still accepted', async () => {
    const { local, get, calls } = edge(false);
    expect(local.cdn).toBeNull();
    expect(await get('/a', { headers: { 'accept-encoding': 'br' } })).toBeNull();
    expect(await get('/a')).toBeNull();
    expect(calls).toHaveLength(2);
    const purged = await local.tool(
      new Request(ORIGIN + PURGE_PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: '{"site_id":"local-site"}',
      }),
      PURGE_PATH,
    );
    expect(purged?.status).toBe(202);
  });

  test('without a configured token, a random one per start', () => {
    const origin = async () => new Response('');
    const a = createLocalEdge({ enabled: true, origin });
    const b = createLocalEdge({ enabled: true, origin });
    expect(a.purgeToken).toMatch(/^[\w-]{40,}$/);
    expect(a.purgeToken).not.toBe(b.purgeToken);
  });
});

test('LOCAL_CDN and LOCAL_PURGE_TOKEN are parsed like the other local variables', () => {
  expect(parseLocalEnv({ LOCAL_CDN: 'off', LOCAL_PURGE_TOKEN: TOKEN })).toEqual({
    LOCAL_CDN: 'off',
    LOCAL_PURGE_TOKEN: TOKEN,
  });
  expect(parseLocalEnv({ LOCAL_CDN: '', LOCAL_PURGE_TOKEN: ' ' })).toEqual({});
  for (const [name, value] of [
    ['LOCAL_CDN', 'no'],
    ['LOCAL_PURGE_TOKEN', 'short'],
    ['LOCAL_PURGE_TOKEN', 'has a space in it, 0123456789'],
  ] as const) {
    expect(() => parseLocalEnv({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
  }
});
