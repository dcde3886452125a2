import { expect, test } from 'vitest';
import { collectUuids, publicCacheHeaders } from '../../../src/server/cache-headers';

test('tags every story uuid in the loader data plus the layout, once each', () => {
  const data = {
    root: { layout: { uuid: 'g-1' }, categories: [{ uuid: 'c-1', topics: [{ uuid: 't-1' }] }] },
    article: { article: { uuid: 'a-1', author: { uuid: 'au-1' }, category: { uuid: 'c-1' } } },
  };
  const headers = publicCacheHeaders(200, data);
  expect(headers['Netlify-Cache-Tag']?.split(',')).toEqual(['layout', 'g-1', 'c-1', 't-1', 'a-1', 'au-1']);
  expect(headers['Netlify-CDN-Cache-Control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
  expect(headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  expect(headers['Netlify-Vary']).toBe('query=page');
});

test('not-found pages are cached briefly and failures not at all', () => {
  expect(publicCacheHeaders(404, {})['Netlify-CDN-Cache-Control']).toContain('s-maxage=60,');
  expect(publicCacheHeaders(500, {})).toEqual({ 'Cache-Control': 'no-store' });
});

test('collectUuids ignores uuid keys that are not strings', () => {
  expect([...collectUuids({ uuid: 5, nested: [{ uuid: 'x' }] })]).toEqual(['x']);
});
