/** The header grammar the local CDN reads: cache directives, Netlify-Vary, tags. */
import { expect, test } from 'vitest';
import { cacheTagsOf, freshnessOf, parseDirectives } from '../../../src/local/cdn/cache-control';
import { cookiesOf, parseVary, preferredLanguage, variantKey } from '../../../src/local/cdn/vary';

test('directives: names are case-insensitive, values unquoted, flags are true', () => {
  expect(
    Object.fromEntries(parseDirectives('Public, S-MaxAge=300, stale-while-revalidate="60", durable')),
  ).toEqual({
    public: true,
    's-maxage': '300',
    'stale-while-revalidate': '60',
    durable: true,
  });
});

test.each([
  [
    'public, durable, s-maxage=300, stale-while-revalidate=604800',
    { fresh: 300, staleWhileRevalidate: 604800, durable: true },
  ],
  [
    'public, max-age=60, stale-while-revalidate=120',
    { fresh: 60, staleWhileRevalidate: 120, durable: false },
  ],
  ['public, max-age=0, stale-while-revalidate=30', { fresh: 0, staleWhileRevalidate: 30 }],
  ['s-maxage=abc, max-age=20', { fresh: 20 }],
])('Netlify-CDN-Cache-Control %j', (value, expected) => {
  expect(freshnessOf(new Headers({ 'Netlify-CDN-Cache-Control': value }))).toMatchObject({
    store: true,
    header: 'netlify-cdn-cache-control',
    ...expected,
  });
});

test.each(['no-store', 'private, s-maxage=60', 'public', 's-maxage=-1', 'public, no-cache, s-maxage=60'])(
  '%j is not stored',
  (value) => {
    expect(freshnessOf(new Headers({ 'Netlify-CDN-Cache-Control': value })).store).toBe(false);
  },
);

test('tags: Netlify-Cache-Tag, Cache-Tag and Netlify-Cache-ID, trimmed and deduplicated', () => {
  const headers = new Headers({
    'Netlify-Cache-Tag': 'layout, articles,,uuid-1',
    'Cache-Tag': 'uuid-1,shop',
    'Netlify-Cache-ID': 'catalog',
  });
  expect(cacheTagsOf(headers)).toEqual(['layout', 'articles', 'uuid-1', 'shop', 'catalog']);
});

test('Netlify-Vary: the documented directives, combined with the standard Vary', () => {
  expect(parseVary('query=page|_storyblok,cookie=rh_preview', null)).toEqual({
    ok: true,
    spec: {
      query: ['page', '_storyblok'],
      headers: [],
      cookies: ['rh_preview'],
      languages: [],
      countries: [],
    },
  });
  expect(
    parseVary('query, header=X-Device|App-Version, language=EN|de, country=US', 'Accept-Encoding, RSC'),
  ).toEqual({
    ok: true,
    spec: {
      query: 'all',
      headers: ['x-device', 'app-version', 'rsc'],
      cookies: [],
      languages: ['en', 'de'],
      countries: ['us'],
    },
  });
  expect(parseVary(null, null)).toMatchObject({ ok: true, spec: { query: null } });
});

test.each(['device=mobile', 'cookie', 'cookie=', 'query=', 'header=|'])(
  'Netlify-Vary %j cannot be keyed',
  (value) => {
    expect(parseVary(value, null).ok).toBe(false);
  },
);

test('keys: only allow-listed parameters, in the allow-list order; cookies by name', () => {
  const spec = {
    query: ['page', 'sort'],
    headers: [],
    cookies: ['rh_preview'],
    languages: [],
    countries: [],
  };
  const key = (url: string, cookie?: string) =>
    variantKey(spec, new Request(url, { headers: cookie ? { cookie } : {} }));
  expect(key('http://x/a?sort=new&utm=1&page=2')).toBe(key('http://x/a?page=2&sort=new'));
  expect(key('http://x/a?page=2')).not.toBe(key('http://x/a?page=3'));
  expect(key('http://x/a', 'a=1; rh_preview=s')).not.toBe(key('http://x/a', 'a=1'));
  expect(key('http://x/a', 'a=1')).toBe(key('http://x/a', 'b=2'));
  // An empty cookie value is not the absence of the cookie.
  expect(key('http://x/a', 'rh_preview=')).not.toBe(key('http://x/a'));
});

test('cookies and languages', () => {
  expect([...cookiesOf(new Request('http://x/', { headers: { cookie: 'a=1; b = 2;c=x=y; a=3' } }))]).toEqual([
    ['a', '1'],
    ['b', '2'],
    ['c', 'x=y'],
  ]);
  expect(preferredLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7', ['en', 'de'])).toBe('en');
  expect(preferredLanguage('de;q=0.9, en;q=0.8', ['en', 'de'])).toBe('de');
  expect(preferredLanguage('en;q=0, de;q=0.1', ['en', 'de'])).toBe('de');
  expect(preferredLanguage('ja', ['en', 'de'])).toBe('');
  expect(preferredLanguage(null, ['en'])).toBe('');
});
