import StoryblokClient from 'storyblok-js-client';
import { describe, expect, test } from 'vitest';
import type { WireStory } from '../../../src/content/wire';
import { wireStory } from './wire-story';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';

const TOKEN = 'public-token';

const makeStory = (slug: string, content: Record<string, unknown> = {}, extra: Partial<WireStory> = {}) =>
  wireStory(slug, { component: 'article', ...content }, extra);

/** A small catalogue with the field shapes the filters care about. */
const alpha = makeStory(
  'blogs/alpha',
  {
    title: 'Alpha Jab',
    featured: true,
    price: '9.5',
    rank: '10',
    schedule: '2024-01-10 09:00',
    tags: ['a', 'b'],
    cover_image: { id: 1 },
    category: 'cat-1',
  },
  { tag_list: ['boxing'], position: 3, first_published_at: '2024-01-10T09:00:00.000Z' },
);
const bravo = makeStory(
  'blogs/bravo',
  {
    title: 'bravo hook',
    featured: false,
    price: '12',
    rank: '9',
    schedule: '2024-03-01 12:30',
    tags: ['b'],
    cover_image: { id: 2 },
    category: 'cat-2',
    subtitle: '',
  },
  { tag_list: ['kickboxing', 'boxing'], position: 1, first_published_at: '2024-03-01T12:30:00.000Z' },
);
const charlie = makeStory(
  'blogs/charlie',
  {
    title: 'Charlie Cross',
    price: '100',
    rank: '100',
    schedule: '2025-06-01 00:00',
    tags: [],
    category: 'cat-1',
    subtitle: null,
  },
  { tag_list: ['gear'], position: 2, first_published_at: '2025-06-01T00:00:00.000Z' },
);
const topic = makeStory(
  'topics/footwork',
  { component: 'topic', name: 'Footwork' },
  { tag_list: ['boxing'] },
);
const all = [alpha, bravo, charlie, topic];

function makeClient(stories: WireStory[] = all) {
  const service = createContentService({ stories, publicToken: TOKEN, previewToken: 'preview' });
  const client = new StoryblokClient({
    accessToken: TOKEN,
    endpoint: 'http://content.local/v2',
    cache: { type: 'none' },
    fetch: createContentServiceFetch(service),
    rateLimit: 1000,
  });
  return { service, client };
}

async function slugs(params: Record<string, unknown>, stories?: WireStory[]): Promise<string[]> {
  const { client } = makeClient(stories);
  const res = await client.getStories(params);
  return res.data.stories.map((s: WireStory) => s.full_slug);
}

const filter = (field: string, op: string, value: string) => ({ filter_query: { [field]: { [op]: value } } });

describe('filter_query operations', () => {
  test('in matches any comma value, also booleans and empty strings', async () => {
    expect(await slugs(filter('category', 'in', 'cat-2,cat-9'))).toEqual(['blogs/bravo']);
    expect(await slugs(filter('featured', 'in', 'true'))).toEqual(['blogs/alpha']);
    expect(await slugs(filter('component', 'in', 'topic'))).toEqual(['topics/footwork']);
    // alpha lacks the field, bravo has '', charlie null: an empty value matches all three.
    expect(await slugs({ starts_with: 'blogs/', ...filter('subtitle', 'in', '') })).toEqual([
      'blogs/alpha',
      'blogs/bravo',
      'blogs/charlie',
    ]);
    expect(await slugs({ starts_with: 'blogs/', ...filter('title', 'in', '') })).toEqual([]);
  });

  test('not_in excludes every listed value', async () => {
    expect(await slugs({ starts_with: 'blogs/', ...filter('category', 'not_in', 'cat-1') })).toEqual([
      'blogs/bravo',
    ]);
  });

  test('like and not_like are case-insensitive with * wildcards', async () => {
    expect(await slugs(filter('title', 'like', 'alpha*'))).toEqual(['blogs/alpha']);
    expect(await slugs(filter('title', 'like', '*HOOK'))).toEqual(['blogs/bravo']);
    expect(await slugs(filter('title', 'like', 'alpha'))).toEqual([]);
    expect(await slugs({ starts_with: 'blogs/', ...filter('title', 'not_like', '*O*') })).toEqual([
      'blogs/alpha',
    ]);
  });

  test('is covers empty, not_empty, arrays, booleans and null', async () => {
    const blogs = { starts_with: 'blogs/' };
    expect(await slugs({ ...blogs, ...filter('subtitle', 'is', 'empty') })).toEqual([
      'blogs/alpha',
      'blogs/bravo',
      'blogs/charlie',
    ]);
    expect(await slugs({ ...blogs, ...filter('title', 'is', 'not_empty') })).toHaveLength(3);
    expect(await slugs({ ...blogs, ...filter('tags', 'is', 'empty_array') })).toEqual(['blogs/charlie']);
    expect(await slugs({ ...blogs, ...filter('tags', 'is', 'not_empty_array') })).toEqual([
      'blogs/alpha',
      'blogs/bravo',
    ]);
    expect(await slugs({ ...blogs, ...filter('featured', 'is', 'true') })).toEqual(['blogs/alpha']);
    expect(await slugs({ ...blogs, ...filter('featured', 'is', 'false') })).toEqual(['blogs/bravo']);
    expect(await slugs({ ...blogs, ...filter('subtitle', 'is', 'null') })).toEqual([
      'blogs/alpha',
      'blogs/charlie',
    ]);
    expect(await slugs({ ...blogs, ...filter('subtitle', 'is', 'not_null') })).toEqual(['blogs/bravo']);
  });

  test('any_in_array (and in_array) and all_in_array', async () => {
    expect(await slugs(filter('tags', 'any_in_array', 'a,z'))).toEqual(['blogs/alpha']);
    expect(await slugs(filter('tags', 'in_array', 'b'))).toEqual(['blogs/alpha', 'blogs/bravo']);
    expect(await slugs(filter('tags', 'all_in_array', 'a,b'))).toEqual(['blogs/alpha']);
  });

  test('gt_date and lt_date compare "YYYY-MM-DD HH:mm" strictly', async () => {
    expect(await slugs(filter('schedule', 'gt_date', '2024-03-01 12:30'))).toEqual(['blogs/charlie']);
    expect(await slugs(filter('schedule', 'lt_date', '2024-03-01 12:31'))).toEqual([
      'blogs/alpha',
      'blogs/bravo',
    ]);
  });

  test('gt_int, lt_int, gt_float and lt_float read string numbers', async () => {
    expect(await slugs(filter('rank', 'gt_int', '9'))).toEqual(['blogs/alpha', 'blogs/charlie']);
    expect(await slugs(filter('rank', 'lt_int', '10'))).toEqual(['blogs/bravo']);
    expect(await slugs(filter('price', 'gt_float', '9.4'))).toEqual([
      'blogs/alpha',
      'blogs/bravo',
      'blogs/charlie',
    ]);
    expect(await slugs(filter('price', 'lt_float', '9.6'))).toEqual(['blogs/alpha']);
    expect(await slugs(filter('price', 'gt_int', 'lots'))).toEqual([]);
  });

  test('dot paths reach nested fields', async () => {
    expect(await slugs(filter('cover_image.id', 'in', '2'))).toEqual(['blogs/bravo']);
  });

  test('several filters are ANDed, __or alternatives are ORed', async () => {
    expect(
      await slugs({ filter_query: { category: { in: 'cat-1' }, tags: { is: 'not_empty_array' } } }),
    ).toEqual(['blogs/alpha']);
    const either = { filter_query: { __or: [{ category: { in: 'cat-2' } }, { rank: { gt_int: '50' } }] } };
    expect(await slugs(either)).toEqual(['blogs/bravo', 'blogs/charlie']);
    const both = {
      filter_query: {
        component: { in: 'article' },
        __or: [{ featured: { is: 'true' } }, { rank: { gt_int: '50' } }],
      },
    };
    expect(await slugs(both)).toEqual(['blogs/alpha', 'blogs/charlie']);
  });

  test('parses the exact wire form the client produces for __or', async () => {
    const { client, service } = makeClient();
    await client.getStories({
      filter_query: { __or: [{ category: { in: 'cat-2' } }, { title: { like: 'charlie*' } }] },
    });
    const url = service.requests[0]?.url ?? '';
    expect(url).toContain('filter_query[__or][][category][in]=cat-2');
    expect(url).toContain('filter_query[__or][][title][like]=charlie*');
  });

  test('rejects an unknown operation with 422', async () => {
    const { client } = makeClient();
    await expect(client.getStories(filter('title', 'sounds_like', 'x'))).rejects.toMatchObject({
      status: 422,
    });
  });
});

describe('story-level filters', () => {
  test('starts_with limits to a folder, by_uuids selects within it', async () => {
    expect(await slugs({ starts_with: 'topics/' })).toEqual(['topics/footwork']);
    const uuids = [charlie.uuid, topic.uuid, alpha.uuid].join(',');
    expect(await slugs({ by_uuids: uuids })).toEqual(['blogs/alpha', 'blogs/charlie', 'topics/footwork']);
    expect(await slugs({ by_uuids: uuids, starts_with: 'blogs/' })).toEqual(['blogs/alpha', 'blogs/charlie']);
    expect(await slugs({ by_uuids_ordered: uuids })).toEqual([
      'blogs/charlie',
      'topics/footwork',
      'blogs/alpha',
    ]);
  });

  test('with_tag ORs comma-separated tags', async () => {
    expect(await slugs({ with_tag: 'kickboxing' })).toEqual(['blogs/bravo']);
    expect(await slugs({ with_tag: 'gear,kickboxing' })).toEqual(['blogs/bravo', 'blogs/charlie']);
  });

  test('by_slugs and excluding_slugs take * wildcards; excluding_ids drops ids', async () => {
    expect(await slugs({ by_slugs: 'topics/*,blogs/bravo' })).toEqual(['blogs/bravo', 'topics/footwork']);
    expect(await slugs({ excluding_slugs: 'blogs/*' })).toEqual(['topics/footwork']);
    expect(await slugs({ starts_with: 'blogs/', excluding_ids: `${alpha.id},${charlie.id}` })).toEqual([
      'blogs/bravo',
    ]);
  });

  test('content_type, search_term and the published-date range', async () => {
    expect(await slugs({ content_type: 'topic' })).toEqual(['topics/footwork']);
    expect(await slugs({ search_term: 'HOOK' })).toEqual(['blogs/bravo']);
    expect(await slugs({ first_published_at_gt: '2024-02-01 00:00' })).toEqual([
      'blogs/bravo',
      'blogs/charlie',
    ]);
  });
});

describe('sort_by', () => {
  test('default order is the order the stories were given', async () => {
    expect(await slugs({}, [charlie, alpha, bravo])).toEqual(['blogs/charlie', 'blogs/alpha', 'blogs/bravo']);
  });

  test('story fields sort asc and desc', async () => {
    expect(await slugs({ starts_with: 'blogs/', sort_by: 'position:asc' })).toEqual([
      'blogs/bravo',
      'blogs/charlie',
      'blogs/alpha',
    ]);
    expect(await slugs({ starts_with: 'blogs/', sort_by: 'first_published_at:desc' })).toEqual([
      'blogs/charlie',
      'blogs/bravo',
      'blogs/alpha',
    ]);
  });

  test('content fields sort as strings unless typed with :int or :float', async () => {
    const blogs = { starts_with: 'blogs/' };
    expect(await slugs({ ...blogs, sort_by: 'content.rank:asc' })).toEqual([
      'blogs/alpha',
      'blogs/charlie',
      'blogs/bravo',
    ]);
    expect(await slugs({ ...blogs, sort_by: 'content.rank:asc:int' })).toEqual([
      'blogs/bravo',
      'blogs/alpha',
      'blogs/charlie',
    ]);
    expect(await slugs({ ...blogs, sort_by: 'content.price:desc:float' })).toEqual([
      'blogs/charlie',
      'blogs/bravo',
      'blogs/alpha',
    ]);
    expect(await slugs({ ...blogs, sort_by: 'content.cover_image.id:desc:int' })).toEqual([
      'blogs/bravo',
      'blogs/alpha',
      'blogs/charlie',
    ]);
  });

  test('several keys break ties in order', async () => {
    const sort = 'content.category:asc,content.rank:desc:int';
    expect(await slugs({ starts_with: 'blogs/', sort_by: sort })).toEqual([
      'blogs/charlie',
      'blogs/alpha',
      'blogs/bravo',
    ]);
  });

  test('rejects a malformed sort_by with 422', async () => {
    const { client } = makeClient();
    await expect(client.getStories({ sort_by: 'name:sideways' })).rejects.toMatchObject({ status: 422 });
  });
});

describe('scale', () => {
  test('filters and sorts 5,000 stories quickly', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      makeStory(
        `bulk/s-${i}`,
        { rank: String(i % 97), category: `cat-${i % 10}` },
        { tag_list: [`t${i % 3}`] },
      ),
    );
    const expected = many.filter(
      (s) => s.tag_list.includes('t1') && ['cat-1', 'cat-4'].includes(String(s.content.category)),
    );
    const { client } = makeClient(many);
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      const res = await client.getStories({
        starts_with: 'bulk/',
        with_tag: 't1',
        sort_by: 'content.rank:desc:int',
        per_page: 10,
        filter_query: { category: { in: 'cat-1,cat-4' } },
      });
      expect(res.total).toBe(expected.length);
      expect(res.data.stories[0]?.content.rank).toBe('96');
    }
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
