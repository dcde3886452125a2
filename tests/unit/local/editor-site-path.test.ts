/**
 * The local editor opens each story at the path the site itself gives it: checked against the
 * site's content layer (the mappers' paths and routes) for every demo story, drafts included.
 */
import { expect, test } from 'vitest';
import { createContentApi } from '../../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { loadDemoStories } from '../../../src/local/demo';
import { sitePath } from '../../../src/local/editor/site-path';

test('every demo story with a page on the site gets the site’s own path, and no other story is offered', async () => {
  const demo = await loadDemoStories();
  const service = createContentService({
    stories: demo.published,
    draftStories: demo.draft,
    publicToken: 'public',
    previewToken: 'preview',
  });
  const api = createContentApi({
    config: {
      accessToken: 'preview',
      endpoint: 'http://content.local/v2',
      fetch: createContentServiceFetch(service),
      cache: 'none',
    },
    version: 'draft',
    now: () => new Date(),
    log: () => {},
  });
  const [articles, categories, topics, authors, home, pages] = await Promise.all([
    api.getSitemapArticles(1),
    api.getCategories(),
    api.getTopics(),
    api.getAuthors(),
    api.getPage('home'),
    api.getPages(),
  ]);
  // The demo's articles fit one page: every one of them is compared.
  expect(articles.canFetchMore).toBe(false);
  const expected = new Map<string, string>([
    ...articles.stories.map((a) => [a.uuid, a.path] as const),
    ...categories.map((c) => [c.uuid, c.route] as const),
    ...topics.map((t) => [t.uuid, t.route] as const),
    ...authors.map((a) => [a.uuid, a.route] as const),
    ...(home ? [[home.uuid, '/'] as const] : []),
    ...pages.map((p) => [p.uuid, p.path] as const),
  ]);
  expect(expected.size).toBeGreaterThan(60);
  // The editorial pages (about, privacy, terms) are among them, at /p/<slug>.
  expect(pages.map((p) => p.path).sort()).toEqual(['/p/about', '/p/privacy', '/p/terms']);
  expect(home?.path).toBe('/');
  // The demo has drafts (a draft-only article among them): the comparison covers them too.
  expect(articles.stories.some((a) => demo.draft.some((d) => d.uuid === a.uuid))).toBe(true);

  const actual = new Map<string, string>();
  for (const summary of service.storyList()) {
    const story = service.draftStory(summary.id);
    const path = story && sitePath(story, (uuid) => service.draftStory(uuid));
    if (path) actual.set(summary.uuid, path);
  }
  expect(actual).toEqual(expected);
});
