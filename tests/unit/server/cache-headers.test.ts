import { expect, test } from 'vitest';
import { cacheTags, MAX_STORY_TAGS, publicCacheHeaders } from '../../../src/server/cache-headers';

const root = { layout: { uuid: 'g-1' }, categories: [{ uuid: 'c-1', topics: [{ uuid: 't-1' }] }] };

test('an article page is tagged with its stories (leaf first), the layout and the nav collections', () => {
  const data = {
    root,
    article: { article: { uuid: 'a-1', author: { uuid: 'au-1' }, category: { uuid: 'c-1' } } },
  };
  const headers = publicCacheHeaders(200, ['root', 'article'], data);
  expect(headers['Netlify-Cache-Tag']?.split(',')).toEqual([
    'layout',
    'categories',
    'topics',
    'a-1',
    'au-1',
    'c-1',
    'g-1',
    't-1',
  ]);
  expect(headers['Netlify-CDN-Cache-Control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
  expect(headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  // `page` keys pages; the editor's `_storyblok` and the preview cookie key nothing cached (their
  // answers are private), so they always reach the edge function instead of a published copy.
  expect(headers['Netlify-Vary']).toBe('query=page|_storyblok,cookie=rh_preview');
});

test('pages that list articles carry the articles collection, so a new article purges them', () => {
  for (const id of ['home', 'listing', 'topic', 'author', 'category', 'sitemap']) {
    expect(cacheTags(['root', id], { root })).toContain('articles');
  }
  expect(cacheTags(['root', 'article'], { root })).not.toContain('articles');
  expect(cacheTags(['root', 'authors'], { root })).toContain('authors');
});

test('a page listing thousands of stories keeps its tag header bounded', () => {
  const articles = Array.from({ length: 3000 }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  }));
  const tags = cacheTags(['root', 'sitemap'], { root, sitemap: { articles } });
  // Its collections (the nav's three, then what it lists: articles, authors and editorial pages)…
  const collections = ['layout', 'categories', 'topics', 'articles', 'authors', 'pages'];
  expect(tags.slice(0, collections.length)).toEqual(collections);
  // …then at most MAX_STORY_TAGS uuids.
  expect(tags.length).toBeLessThanOrEqual(MAX_STORY_TAGS + collections.length);
  expect(tags.join(',').length).toBeLessThan(4096);
});

test('not-found pages are cached briefly and failures not at all', () => {
  expect(publicCacheHeaders(404, ['root'], {})['Netlify-CDN-Cache-Control']).toContain('s-maxage=60,');
  expect(publicCacheHeaders(500, ['root'], {})).toEqual({ 'Cache-Control': 'no-store' });
});

test('cache tags ignore uuid keys that are not strings', () => {
  expect(cacheTags(['article'], { article: { uuid: 5, nested: [{ uuid: 'x' }] } })).toEqual(['layout', 'x']);
});

test('a page listing articles is not cached past the moment the next scheduled article appears', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const inTwoMinutes = { nextAt: new Date('2026-06-01T12:02:00Z'), now };
  const soon = publicCacheHeaders(200, ['root', 'home'], { root }, undefined, inTwoMinutes);
  expect(soon['Netlify-CDN-Cache-Control']).toBe('public, s-maxage=120');
  const inOneHour = { nextAt: new Date('2026-06-01T13:00:00Z'), now };
  const later = publicCacheHeaders(200, ['root', 'listing'], { root }, undefined, inOneHour);
  expect(later['Netlify-CDN-Cache-Control']).toBe('public, s-maxage=300, stale-while-revalidate=3300');
  // An article page does not list articles by collection: its caching is unchanged.
  const article = publicCacheHeaders(200, ['root', 'article'], { root }, undefined, inTwoMinutes);
  expect(article['Netlify-CDN-Cache-Control']).toBe('public, s-maxage=300, stale-while-revalidate=604800');
});
