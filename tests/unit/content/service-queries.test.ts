import { expect, test } from 'vitest';
import { ContentInputError } from '../../../src/content/errors';
import { ARTICLE_RELATIONS } from '../../../src/content/queries';
import { articleStory } from './factories';
import { contentSet } from './fixture';
import { standIn } from './stand-in';

const storiesCalls = (urls: URL[]) => urls.filter((u) => u.pathname === '/v2/cdn/stories');
/** The article listings among the requests (a published listing first asks for the soonest schedule). */
const listings = (urls: URL[]) =>
  storiesCalls(urls).filter((u) => u.searchParams.get('sort_by') === 'first_published_at:desc');

test('a published listing first asks for the soonest schedules of this hour on, then lists up to the end of the hour', async () => {
  const { api, sent } = standIn(contentSet().stories);
  await api.getArticles();
  const [upcoming, listing] = sent();
  expect(upcoming?.searchParams.get('sort_by')).toBe('content.schedule:asc');
  expect(upcoming?.searchParams.get('filter_query[schedule][gt_date]')).toBe('2024-06-01 12:00');
  // Nothing is scheduled before 13:00, so every request this hour is the same (cached) one.
  expect(listing?.searchParams.get('filter_query[schedule][lt_date]')).toBe('2024-06-01 13:00');
});

test('an article listing sends sort, relations, paging and the published schedule filter', async () => {
  const set = contentSet();
  const { api, sent } = standIn(set.stories);
  await api.getArticles({
    categories: [set.training.uuid, set.wellness.uuid],
    authors: [set.sam.uuid],
    topics: [set.footwork.uuid],
    tag: 'beginner',
    withCoverImage: true,
    page: 2,
    perPage: 10,
  });
  const [url] = listings(sent());
  expect(url?.pathname).toBe('/v2/cdn/stories');
  const p = url!.searchParams;
  expect(p.get('starts_with')).toBe('blogs/');
  expect(p.get('version')).toBe('published');
  expect(p.get('sort_by')).toBe('first_published_at:desc');
  expect(p.get('resolve_relations')).toBe(ARTICLE_RELATIONS);
  expect(ARTICLE_RELATIONS.split(',')).toEqual([
    'article.author',
    'article.contributors',
    'article.topic',
    'article.category',
    'topic.category',
  ]);
  expect(p.get('page')).toBe('2');
  expect(p.get('per_page')).toBe('10');
  expect(p.get('with_tag')).toBe('beginner');
  expect(p.get('filter_query[schedule][lt_date]')).toBe('2024-06-01 13:00');
  expect(p.get('filter_query[category][in]')).toBe(`${set.training.uuid},${set.wellness.uuid}`);
  expect(p.get('filter_query[author][in]')).toBe(set.sam.uuid);
  expect(p.get('filter_query[topic][in]')).toBe(set.footwork.uuid);
  expect(p.get('filter_query[cover_image.id][is]')).toBe('not_null');
});

test('written-or-contributed sends an __or of author in and contributors any_in_array', async () => {
  const set = contentSet();
  const { api, sent } = standIn(set.stories);
  await api.getArticles({ writtenOrContributedBy: set.kim.uuid });
  const query = decodeURIComponent(listings(sent())[0]!.search);
  expect(query).toContain(`filter_query[__or][][author][in]=${set.kim.uuid}`);
  expect(query).toContain(`filter_query[__or][][contributors][any_in_array]=${set.kim.uuid}`);
});

test('draft mode sends version=draft and no schedule filter', async () => {
  const { api, sent } = standIn(contentSet().stories, { version: 'draft' });
  const page = await api.getArticles();
  const p = sent()[0]!.searchParams;
  expect(p.get('version')).toBe('draft');
  expect([...p.keys()].some((k) => k.includes('schedule'))).toBe(false);
  expect(page.stories.map((a) => a.slug)).toEqual(['future-drill', 'sleep-well', 'jab-basics']);
});

test('single-story queries: paths, resolve_links=url and the relations of each type', async () => {
  const { api, sent } = standIn(contentSet().stories);
  await api.getArticle('jab-basics');
  await api.getCategory('training');
  await api.getTopic('footwork');
  await api.getLayout();
  const [article, category, topic, global] = sent();
  expect(article?.pathname).toBe('/v2/cdn/stories/blogs/jab-basics');
  expect(article?.searchParams.get('resolve_links')).toBe('url');
  expect(article?.searchParams.get('resolve_relations')).toBe(ARTICLE_RELATIONS);
  expect(category?.pathname).toBe('/v2/cdn/stories/categories/training');
  expect(category?.searchParams.get('resolve_relations')).toBe('category.topics');
  expect(topic?.pathname).toBe('/v2/cdn/stories/topics/footwork');
  expect(topic?.searchParams.get('resolve_relations')).toBe('topic.category');
  expect(global?.pathname).toBe('/v2/cdn/stories/global');
});

test('the category list asks for categories/ sorted position:desc with topics resolved', async () => {
  const { api, sent } = standIn(contentSet().stories);
  await api.getCategories();
  const p = sent()[0]!.searchParams;
  expect(p.get('starts_with')).toBe('categories/');
  expect(p.get('sort_by')).toBe('position:desc');
  expect(p.get('resolve_relations')).toBe('category.topics');
});

test('canFetchMore is true while total exceeds perPage × page', async () => {
  const { api } = standIn(contentSet().stories);
  expect(await api.getArticles({ perPage: 1 })).toMatchObject({
    perPage: 1,
    total: 2,
    page: 1,
    canFetchMore: true,
  });
  const last = await api.getArticles({ perPage: 1, page: 2 });
  expect(last).toMatchObject({ total: 2, page: 2, canFetchMore: false });
  expect(last.stories.map((a) => a.slug)).toEqual(['jab-basics']);
  expect(await api.getArticles({ page: 9 })).toMatchObject({ stories: [], canFetchMore: false });
});

test('getSitemapArticles reads one page of 100, newest first, resolving only the category', async () => {
  const set = contentSet();
  const many = Array.from({ length: 130 }, (_, i) =>
    articleStory(`drill-${i}`, { category: set.training.uuid, author: set.sam.uuid }),
  );
  const { api, sent } = standIn([...set.stories, ...many]);
  const first = await api.getSitemapArticles(1);
  expect(first).toMatchObject({ page: 1, perPage: 100, total: 132, canFetchMore: true });
  expect(first.stories).toHaveLength(100);
  expect(first.stories.every((a) => a.path.startsWith(`/${a.category.slug}/`))).toBe(true);
  const second = await api.getSitemapArticles(2);
  expect(second).toMatchObject({ page: 2, total: 132, canFetchMore: false });
  expect(second.stories).toHaveLength(32);
  const seen = new Set([...first.stories, ...second.stories].map((a) => a.uuid));
  expect(seen.size).toBe(132);
  const calls = listings(sent());
  expect(calls.map((u) => [u.searchParams.get('page'), u.searchParams.get('per_page')])).toEqual([
    ['1', '100'],
    ['2', '100'],
  ]);
  expect(calls[0]?.searchParams.get('resolve_relations')).toBe('article.category');
  expect(calls[0]?.searchParams.get('sort_by')).toBe('first_published_at:desc');
  expect(calls[0]?.searchParams.get('filter_query[schedule][lt_date]')).toBe('2024-06-01 13:00');
  await expect(api.getSitemapArticles(0)).rejects.toBeInstanceOf(ContentInputError);
});

test('invalid page or perPage is refused before any request', async () => {
  const { api, service } = standIn(contentSet().stories);
  await expect(api.getArticles({ page: 0 })).rejects.toBeInstanceOf(ContentInputError);
  await expect(api.getArticles({ perPage: 101 })).rejects.toThrow(/perPage/);
  await expect(api.getArticles({ perPage: 1.5 })).rejects.toBeInstanceOf(ContentInputError);
  await expect(api.getArticles({ authors: ['a,b'] })).rejects.toBeInstanceOf(ContentInputError);
  expect(service.requests).toHaveLength(0);
});

test('429s from the stand-in are retried by our fetch, then succeed', async () => {
  const { api, service } = standIn(contentSet().stories);
  service.faults.set({ status429: 2 });
  expect(await api.getCategory('training')).toMatchObject({ slug: 'training' });
  expect(service.requests).toHaveLength(3);
});

test('the memory cache serves repeated published requests without calling again', async () => {
  const { api, client, service } = standIn(contentSet().stories, { cache: 'memory' });
  // The first call goes out without cv and later calls carry the cv it returned: the same entry
  // (the cache's keys leave the cv out), so one request in all.
  for (let i = 0; i < 4; i++) await api.getPage('about');
  expect(service.requests).toHaveLength(1);
  await client.flushCache();
  await api.getPage('about');
  expect(service.requests).toHaveLength(2);
});
