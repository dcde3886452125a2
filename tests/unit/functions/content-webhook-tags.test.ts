/**
 * The purge table: story kind × event → cache tags (src/functions/content-webhook/tags.ts), and the
 * tags it relies on being where cache-headers.ts puts them.
 */
import { expect, test } from 'vitest';
import { STORY_ACTIONS, tagsFor } from '../../../src/functions/content-webhook/tags';
import { cacheTags } from '../../../src/server/cache-headers';
import type { StoryKind } from '../../../src/content/state';

const U = 'story-uuid';

/** What each kind purges; every event (published, unpublished, deleted, moved) the same. */
const TABLE: Record<StoryKind, string[]> = {
  article: ['articles', U],
  author: ['authors', 'articles', U],
  category: ['categories', U],
  topic: ['topics', U],
  global: ['layout', U],
  page: ['pages', U],
  other: [U],
};

test.each(
  STORY_ACTIONS.flatMap((action) =>
    (Object.keys(TABLE) as StoryKind[]).map((kind) => [kind, action, TABLE[kind]] as const),
  ),
)('%s %s → %j', (kind, action, tags) => {
  expect(tagsFor(action, kind, U)).toEqual(tags);
});

test.each(STORY_ACTIONS)('a story never recorded (%s) purges what every page carries', (action) => {
  expect(tagsFor(action, null, null)).toEqual(['layout']);
  expect(tagsFor(action, 'article', null)).toEqual(['layout']);
});

test('publishing one article leaves other article pages alone: they carry no tag it purges but its uuid', () => {
  const purged = new Set(tagsFor('published', 'article', 'jab-uuid'));
  const otherArticlePage = cacheTags(['root', 'article'], { article: { article: { uuid: 'hook-uuid' } } });
  expect(otherArticlePage).toEqual(['layout', 'categories', 'topics', 'hook-uuid']);
  expect(otherArticlePage.filter((tag) => purged.has(tag))).toEqual([]);
  // …while every list of articles is purged.
  for (const route of ['home', 'listing', 'category', 'topic', 'author', 'sitemap']) {
    expect(cacheTags(['root', route], {})).toContain('articles');
  }
});

test('publishing a page purges its own page by uuid and the sitemap’s list of pages, not other pages', () => {
  const purged = new Set(tagsFor('published', 'page', 'privacy-uuid'));
  const own = cacheTags(['root', 'page'], { page: { page: { uuid: 'privacy-uuid' } } });
  expect(own).toEqual(['layout', 'categories', 'topics', 'privacy-uuid']);
  expect(own.filter((tag) => purged.has(tag))).toEqual(['privacy-uuid']);
  const otherPage = cacheTags(['root', 'page'], { page: { page: { uuid: 'terms-uuid' } } });
  expect(otherPage.filter((tag) => purged.has(tag))).toEqual([]);
  expect(cacheTags(['root', 'sitemap'], {})).toContain('pages');
});

test('what every page carries: layout, and the nav’s categories and topics', () => {
  for (const route of ['article', 'home', 'authors', 'categories', 'topics', 'sitemap', 'page']) {
    expect(cacheTags(['root', route], {}).slice(0, 3)).toEqual(['layout', 'categories', 'topics']);
  }
  expect(cacheTags(['root', 'authors'], {})).toContain('authors');
});
