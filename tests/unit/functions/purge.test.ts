/**
 * The purge adapter: `purgeCache` from @netlify/functions with the local stack's options, tags
 * trimmed and deduplicated, and an empty list sending nothing (never a purge of the whole site).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { createPurge } from '../../../src/functions/purge';

afterEach(() => vi.unstubAllGlobals());

test('passes the tags and the local options to purgeCache', async () => {
  const purgeCache = vi.fn(async () => {});
  const purge = createPurge(
    { apiURL: 'http://127.0.0.1:1/_local/netlify', token: 't', siteID: 's' },
    purgeCache,
  );
  await purge([' uuid-1', 'layout', 'uuid-1', '']);
  expect(purgeCache).toHaveBeenCalledWith({
    apiURL: 'http://127.0.0.1:1/_local/netlify',
    token: 't',
    siteID: 's',
    tags: ['uuid-1', 'layout'],
  });
});

test('deployed: no options, the package reads its environment', async () => {
  const purgeCache = vi.fn(async () => {});
  await createPurge({}, purgeCache)(['layout']);
  expect(purgeCache).toHaveBeenCalledWith({ tags: ['layout'] });
});

test('no tags: nothing is sent', async () => {
  const purgeCache = vi.fn(async () => {});
  const purge = createPurge({}, purgeCache);
  await purge([]);
  await purge(['', '  ']);
  expect(purgeCache).not.toHaveBeenCalled();
});

test('the real purgeCache POSTs what the purge API expects, and a refusal is an error', async () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let status = 202;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(null, { status });
  });
  const purge = createPurge({
    apiURL: 'http://127.0.0.1:9/_local/netlify',
    token: 'secret-token',
    siteID: 'local-site',
  });
  await purge(['uuid-1']);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.url).toBe('http://127.0.0.1:9/_local/netlify/api/v1/purge');
  expect(calls[0]!.init.method).toBe('POST');
  expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer secret-token' });
  expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ cache_tags: ['uuid-1'], site_id: 'local-site' });
  status = 401;
  await expect(purge(['uuid-1'])).rejects.toThrow(/unexpected status code: 401/);
});
