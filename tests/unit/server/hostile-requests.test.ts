/**
 * Requests an attacker would send to the render handler (what the edge function runs): every
 * redirect stays on this site, canonical URLs come from configuration, one URL per page and cache
 * entry, and a CMS outage is a 503 clients can come back from.
 */
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { canonicalPath, checkCanonical, isSameOriginPath } from '../../../src/server/canonical-url';
import { setupRenderHandler } from '../../support/render-handler';

const SITE = 'https://example.test';

/** Where a browser on this site would go for this Location header. */
const resolved = (location: string | null) => new URL(location ?? '', `${SITE}/somewhere`);

describe('open redirect through the trailing-slash redirect', () => {
  const { get } = setupRenderHandler();

  // As the edge receives them: the URL parser has already turned `\` into `/` and removed `.` segments.
  test.each([
    `${SITE}/.//evil.example/`,
    `${SITE}/%2e//evil.example/`,
    `${SITE}/./\\evil.example/`,
    `${SITE}//evil.example/`,
    `${SITE}/\\evil.example/`,
    `${SITE}///evil.example/`,
    `${SITE}/\\/\\evil.example/`,
    `${SITE}//evil.example/?page=2`,
  ])('%s redirects to a path on this site', async (url) => {
    const { res } = await get(url);
    expect(res.status).toBe(301);
    const location = res.headers.get('location');
    expect(location).toMatch(/^\/evil\.example(\?|$)/);
    expect(resolved(location).origin).toBe(SITE);
    // Redirects keep their query, so no shared cache may store them under a partial key.
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('payload redirects stay on this site too', async () => {
    const { res } = await get(`${SITE}/_payload//evil.example/`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/_payload/evil.example');
  });
});

describe('canonical and og:url come from the configured origin, never the request', () => {
  test('a request naming another authority still gets the configured canonical', async () => {
    const { get } = setupRenderHandler({ baseUrl: 'https://www.roundhouse.test' });
    const { res, body } = await get('http://evil.example/');
    expect(res.status).toBe(200);
    expect(body).toContain('<link rel="canonical" href="https://www.roundhouse.test/"');
    expect(body).toContain('<meta property="og:url" content="https://www.roundhouse.test/"');
    expect(body).not.toContain('evil.example');
  });

  test('without a configured origin a page names no canonical rather than the request host', async () => {
    const { get } = setupRenderHandler({ baseUrl: null });
    const { body } = await get('http://evil.example/');
    expect(body).not.toContain('rel="canonical"');
    expect(body).not.toContain('evil.example');
  });
});

describe('one URL and one cache entry per page', () => {
  const { get } = setupRenderHandler();

  test.each([
    ['/author?page=99999', '/author'],
    ['/t?page=2&utm_source=x', '/t?utm_source=x'],
    ['/sitemap?page=1', '/sitemap'],
    ['/c?page=3', '/c'],
    ['/training/drill?page=2', '/training/drill'],
    ['/training?page=1', '/training'],
    ['/?page=1', '/'],
    ['/SITEMAP', '/sitemap'],
    ['/AUTHOR', '/author'],
    ['/C', '/c'],
    ['/T', '/t'],
    ['/Training/', '/training'],
    ['/%74raining', '/training'],
    ['/training//', '/training'],
  ])('%s answers 301 to %s', async (path, location) => {
    const { res } = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  test.each(['/training?page=1&page=2', '/?page=2&page=2', '/t/technique?page=1&page=1'])(
    '%s (a repeated page) is not found',
    async (path) => {
      const { res, body } = await get(path);
      expect(res.status).toBe(404);
      expect(body).toContain('This page could not be found');
    },
  );

  test('the lower-case pages answer 200 with a self-canonical', async () => {
    for (const path of ['/sitemap', '/author', '/c', '/t']) {
      const { res, body } = await get(path);
      expect(res.status).toBe(200);
      expect(body).toContain(`<link rel="canonical" href="${SITE}${path}"`);
    }
  });

  test('payloads follow the same rules', async () => {
    expect((await get('/_payload/author?page=7')).res.headers.get('location')).toBe('/_payload/author');
    expect((await get('/_payload?page=1')).res.headers.get('location')).toBe('/_payload');
    expect((await get('/_payload/SITEMAP')).res.headers.get('location')).toBe('/_payload/sitemap');
    expect((await get('/_payload/training?page=1&page=2')).res.status).toBe(404);
  });

  test('a malformed path that could not be a page is a 404 as it is, not a redirect', async () => {
    expect((await get('/c/Bad_Slug!')).res.status).toBe(404);
  });

  test('an undecodable path with ?page= is answered without a log line (found by the property below)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { res } = await get('/tX%x?page=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/tX%x');
    expect((await get('/tX%x')).res.status).toBe(404);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

test('a cold page during a CMS outage is a 503 with Retry-After, page and payload alike', async () => {
  const { service, get } = setupRenderHandler();
  service.faults.set({ status5xx: 100 });
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    for (const path of ['/training', '/_payload/training', '/']) {
      const { res, body } = await get(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(body).not.toContain('Content service failed');
    }
  } finally {
    spy.mockRestore();
  }
});

describe('canonicalPath and checkCanonical', () => {
  test.each([
    ['/', '/'],
    ['//', '/'],
    ['///a//b///', '/a/b'],
    ['/A%2Fb', '/A%2Fb'],
    ['/%7Euser', '/~user'],
    ['/Caf%C3%A9', '/Caf%C3%A9'],
  ])('%s → %s', (input, output) => {
    expect(canonicalPath(input)).toBe(output);
  });

  test('canonicalisation is idempotent, so a redirect never loops', () => {
    for (const path of ['//X//', '/%41b/', '/A%2fB', '/training?page=1', '/%2F%2Fevil']) {
      const once = canonicalPath(path);
      expect(canonicalPath(once)).toBe(once);
      expect(isSameOriginPath(once)).toBe(true);
    }
  });

  test('a query of other parameters is kept as it was sent', () => {
    expect(checkCanonical('/training/', '?utm_source=a%20b&x=1')).toEqual({
      kind: 'redirect',
      location: '/training?utm_source=a%20b&x=1',
    });
    expect(checkCanonical('/training', '?page=2&utm_source=x')).toEqual({ kind: 'ok' });
  });
});

test('property: for any URL the edge can receive, a redirect names a path on this site', async () => {
  const { handle } = setupRenderHandler();
  const warn = vi.spyOn(console, 'warn');
  const piece = fc.oneof(
    fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '%00', '@', ':', '?', '#', '&'),
    fc.constantFrom(
      'evil.example',
      'page=',
      'page=1',
      'page=2',
      'SITEMAP',
      'training',
      '_payload',
      'é',
      '💥',
    ),
    fc.string({ maxLength: 6 }),
  );
  const path = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(path, async (raw) => {
      let url: URL;
      try {
        url = new URL(`${SITE}/${raw}`);
      } catch {
        return; // Not a URL a platform would hand the edge function.
      }
      tried += 1;
      const res = await handle(new Request(url));
      expect(res.status).toBeLessThan(500);
      const location = res.headers.get('location');
      if (location !== null) {
        expect(isSameOriginPath(location)).toBe(true);
        expect(resolved(location).origin).toBe(SITE);
      }
    }),
    { numRuns: 300 },
  );
  expect(tried).toBeGreaterThan(200);
  // Hostile paths are answered, not logged: a log line per request would be the attacker's to fill.
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
}, 60_000);
