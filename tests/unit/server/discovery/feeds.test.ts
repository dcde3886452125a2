/**
 * The RSS feeds through the real render handler, read by a feed library of the ecosystem
 * (@rowanmanning/feed-parser) and an XML parser: each kind, its 25 newest items with the required
 * fields and absolute links, and the pages that name them in `<link rel="alternate">`.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, test } from 'vitest';
import { setupRenderHandler } from '../../../support/render-handler';
import { expectXmlChars, parseXml } from '../../../support/xml';

const ORIGIN = 'https://example.test';
const titles = Array.from({ length: 30 }, (_, i) => `Drill number ${i + 1}`);

/** The four kinds of feed over the test site, and the page each follows. */
const FEEDS = [
  { kind: 'site', feed: '/feed.xml', page: '/', title: 'Latest stories | Roundhouse' },
  {
    kind: 'category',
    feed: '/c/training/feed.xml',
    page: '/c/training',
    title: 'Training stories | Roundhouse',
  },
  {
    kind: 'topic',
    feed: '/t/technique/feed.xml',
    page: '/t/technique',
    title: 'Technique stories | Roundhouse',
  },
  {
    kind: 'author',
    feed: '/author/maya-cole/feed.xml',
    page: '/author/maya-cole',
    title: 'Stories by Maya Cole | Roundhouse',
  },
] as const;

type RssItem = {
  guid: { '#text': string; '@_isPermaLink': string };
  'media:content': { '@_url': string; '@_medium': string; '@_width': string; '@_height': string };
};

async function fetchFeed(handle: ReturnType<typeof setupRenderHandler>['handle'], path: string) {
  const res = await handle(new Request(`${ORIGIN}${path}`));
  const text = expectXmlChars(new Uint8Array(await res.arrayBuffer()));
  return { res, text };
}

describe.each(FEEDS)('the $kind feed', ({ feed: path, page, title }) => {
  test('parses as RSS 2.0 with its 25 newest articles, each with the required fields', async () => {
    const { handle } = setupRenderHandler({ articleTitles: titles, futureArticle: true, virtualTime: true });
    const { res, text } = await fetchFeed(handle, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(text);
    expect(feed.meta).toEqual({ type: 'rss', version: '2.0' });
    expect(feed.title).toBe(title);
    expect(feed.url).toBe(`${ORIGIN}${page}`);
    expect(feed.self).toBe(`${ORIGIN}${path}`);
    expect(feed.description).toBeTruthy();
    expect(feed.items).toHaveLength(25);
    // Newest first: the last 25 of the 30 (the scheduled one is not there).
    expect(feed.items.map((i) => i.title)).toEqual(titles.slice(5).reverse());
    const dates = feed.items.map((i) => i.published?.getTime() ?? NaN);
    expect(dates.every((d, i) => i === 0 || d <= dates[i - 1]!)).toBe(true);
    for (const item of feed.items) {
      expect(item.url).toMatch(/^https:\/\/example\.test\/training\/article-\d+$/);
      expect(item.id).toBe(item.url);
      expect(item.authors.map((a) => a.name)).toEqual(['Maya Cole']);
      expect(item.categories.map((c) => c.label)).toEqual(['Training', 'Technique']);
      expect(item.categories.map((c) => c.url)).toEqual([`${ORIGIN}/c/training`, `${ORIGIN}/t/technique`]);
      expect(item.description).toBe(`About ${item.title}.`);
      expect(item.media[0]?.url).toMatch(/^https:\/\/.+\/m\/1250x625\/smart$/);
      expect(item.media[0]?.type).toBe('image');
    }
    // What the library does not surface: the raw elements.
    const tree = parseXml(text, ['item']) as { rss: { '@_version': string; channel: { item: RssItem[] } } };
    expect(tree.rss['@_version']).toBe('2.0');
    for (const item of tree.rss.channel.item) {
      expect(item.guid['@_isPermaLink']).toBe('true');
      expect(item['media:content']).toMatchObject({
        '@_medium': 'image',
        '@_width': '1250',
        '@_height': '625',
      });
    }
    expect(text).toMatch(
      /<pubDate>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/,
    );
  });

  test('its page names it for autodiscovery, absolute and with the same title', async () => {
    const { get } = setupRenderHandler({ virtualTime: true });
    const { res, body } = await get(page);
    expect(res.status).toBe(200);
    const links = [...body.matchAll(/<link [^>]*rel="alternate"[^>]*>/g)].map((m) => m[0]);
    const rss = links.filter((l) => l.includes('type="application/rss+xml"'));
    expect(rss).toHaveLength(1);
    expect(rss[0]).toContain(`href="${ORIGIN}${path}"`);
    expect(rss[0]).toContain(`title="${title}"`);
  });
});

test("a category's listing names the category's feed too", async () => {
  const { get } = setupRenderHandler({ virtualTime: true });
  const { body } = await get('/training');
  expect(body).toMatch(
    /<link [^>]*type="application\/rss\+xml"[^>]*href="https:\/\/example\.test\/c\/training\/feed\.xml"/,
  );
});

test('pages without a feed of their own name none', async () => {
  const { get, site } = setupRenderHandler({ virtualTime: true });
  for (const path of ['/sitemap', '/c', `/training/${site.articles[0]!.slug}`]) {
    const { body } = await get(path);
    expect(body, path).not.toContain('application/rss+xml');
  }
});

test('a feed of something unknown or malformed is a 404, never a failure', async () => {
  const { get } = setupRenderHandler({ virtualTime: true });
  for (const path of [
    '/c/nope/feed.xml',
    '/t/nope/feed.xml',
    '/author/nobody/feed.xml',
    '/c/Bad_Slug/feed.xml',
    '/c/%00/feed.xml',
    `/c/${'a'.repeat(121)}/feed.xml`,
    '/p/about/feed.xml',
  ]) {
    const { res } = await get(path);
    expect(res.status, path).toBe(404);
  }
});

test('an empty category has a valid feed with no items', async () => {
  const { handle } = setupRenderHandler({
    virtualTime: true,
    edit: (site) => {
      const empty = structuredClone(site.category);
      Object.assign(empty, { id: 8001, uuid: '88888888-0000-4000-8000-000000000001', slug: 'empty' });
      empty.full_slug = 'categories/empty';
      empty.content = { ...empty.content, name: 'Empty', topics: [] };
      site.stories.push(empty);
    },
  });
  const { res, text } = await fetchFeed(handle, '/c/empty/feed.xml');
  expect(res.status).toBe(200);
  expect(parseFeed(text).items).toEqual([]);
});
