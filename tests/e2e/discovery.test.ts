/**
 * robots.txt, the sitemap and the feeds on the built local stack (npm start: the local CDN in front
 * of the render handler, the Storyblok stand-in over the demo content): every URL the sitemap lists
 * answers 200, every published article is listed once and the scheduled one not, the index and its
 * shards when the documents are small, each feed kind parses, and a publish in the local editor
 * reaches the cached sitemap and feeds through the content webhook's purge.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { expectXmlChars, parseXml, W3C_DATETIME } from '../support/xml';

let server: RunningServer;
let sharded: RunningServer;
beforeAll(async () => {
  [server, sharded] = await Promise.all([
    startBuiltServer(),
    startBuiltServer({ SITEMAP_URLS_PER_FILE: '20' }),
  ]);
}, 60_000);
afterAll(() => Promise.all([server?.stop(), sharded?.stop()]));

/** The configured origin the local server gives the site (`http://localhost:<port>`). */
const originOf = (s: RunningServer) => `http://localhost:${new URL(s.url).port}`;

async function xml(s: RunningServer, path: string) {
  const res = await fetch(`${s.url}${path}`);
  expect(res.status, path).toBe(200);
  return { res, text: expectXmlChars(new Uint8Array(await res.arrayBuffer())) };
}

function locsOf(text: string, origin: string): string[] {
  const tree = parseXml(text, ['url']) as { urlset: { url?: { loc: string; lastmod?: string }[] } };
  const urls = tree.urlset.url ?? [];
  expect(urls.length).toBeLessThanOrEqual(50_000);
  for (const url of urls) {
    expect(url.loc.startsWith(`${origin}/`), url.loc).toBe(true);
    if (url.lastmod) expect(url.lastmod).toMatch(W3C_DATETIME);
  }
  return urls.map((u) => u.loc.slice(origin.length));
}

type WireArticle = { slug: string; published_at: string | null; content: { schedule?: string } };

/** The demo's articles as the stand-in serves them (published), and which a visitor may see now. */
async function demoArticles(s: RunningServer) {
  const res = await fetch(
    `${s.url}/v2/cdn/stories?token=local-public-token&starts_with=blogs/&per_page=100&version=published`,
  );
  const { stories } = (await res.json()) as { stories: WireArticle[] };
  const now = Date.now();
  const visible = (a: WireArticle) =>
    a.content.schedule !== undefined && Date.parse(`${a.content.schedule.replace(' ', 'T')}:00Z`) < now;
  return { visible: stories.filter(visible), scheduled: stories.filter((a) => !visible(a)) };
}

const isArticlePath = (path: string) => /^\/(?!c\/|t\/|author\/|p\/)[a-z0-9-]+\/[a-z0-9-]+$/.test(path);

describe('robots.txt and one sitemap document', () => {
  test('robots.txt names the sitemap on the configured origin', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Sitemap: ${originOf(server)}/sitemap.xml`);
  });

  test('every listed URL answers 200; every published article is listed once, the scheduled one not', async () => {
    const paths = locsOf((await xml(server, '/sitemap.xml')).text, originOf(server));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    const { visible, scheduled } = await demoArticles(server);
    expect(scheduled.length).toBeGreaterThan(0);
    const articles = paths.filter(isArticlePath);
    for (const article of visible)
      expect(
        articles.filter((p) => p.endsWith(`/${article.slug}`)),
        article.slug,
      ).toHaveLength(1);
    expect(articles).toHaveLength(visible.length);
    for (const article of scheduled) expect(paths.some((p) => p.endsWith(`/${article.slug}`))).toBe(false);
    // Editorial pages, categories with their listings, topics, authors and the indexes.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/c',
        '/t',
        '/author',
        '/sitemap',
        '/p/privacy',
        '/p/terms',
        '/c/training',
        '/training',
      ]),
    );
  }, 60_000);
});

describe('an index once the documents are small (SITEMAP_URLS_PER_FILE=20)', () => {
  test('its shards list what one document lists, each URL once', async () => {
    const index = parseXml((await xml(sharded, '/sitemap.xml')).text, ['sitemap']) as {
      sitemapindex: { sitemap: { loc: string }[] };
    };
    const shards = index.sitemapindex.sitemap.map((s) => s.loc);
    expect(shards.length).toBeGreaterThan(2);
    const listed: string[] = [];
    for (const shard of shards) {
      expect(shard).toMatch(new RegExp(`^${originOf(sharded)}/sitemaps/(pages|articles)-\\d+\\.xml$`));
      const paths = locsOf((await xml(sharded, new URL(shard).pathname)).text, originOf(sharded));
      expect(paths.length).toBeLessThanOrEqual(20);
      listed.push(...paths);
    }
    expect(new Set(listed).size).toBe(listed.length);
    const whole = locsOf((await xml(server, '/sitemap.xml')).text, originOf(server));
    expect([...listed].sort()).toEqual([...whole].sort());
    const last = shards.at(-1)!.replace(/(\d+)\.xml$/, (_, n: string) => `${Number(n) + 1}.xml`);
    expect((await fetch(`${sharded.url}${new URL(last).pathname}`)).status).toBe(404);
  }, 60_000);
});

describe('feeds', () => {
  test('each kind parses with its newest items and is named by its page', async () => {
    const origin = originOf(server);
    const html = await (await fetch(`${server.url}/sitemap`)).text();
    const author = /href="(\/author\/[a-z0-9-]+)"/.exec(html)?.[1];
    const topic = /href="(\/t\/[a-z0-9-]+)"/.exec(html)?.[1];
    for (const page of ['/', '/c/training', '/training', topic!, author!]) {
      const body = await (await fetch(`${server.url}${page}`)).text();
      const href = /<link [^>]*type="application\/rss\+xml"[^>]*href="([^"]+)"/.exec(body)?.[1];
      expect(href, page).toBeDefined();
      const path = new URL(href!).pathname;
      const feed = parseFeed((await xml(server, path)).text);
      expect(feed.self).toBe(`${origin}${path}`);
      expect(feed.items.length, path).toBeGreaterThan(0);
      expect(feed.items.length).toBeLessThanOrEqual(25);
      const dates = feed.items.map((i) => i.published!.getTime());
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      for (const item of feed.items) {
        expect(item.url?.startsWith(`${origin}/`)).toBe(true);
        expect((await fetch(`${server.url}${new URL(item.url!).pathname}`)).status).toBe(200);
        expect(item.media[0]?.url).toMatch(new RegExp(`^${origin}/a/f/`));
      }
    }
  }, 60_000);
});

describe('a publish reaches them', () => {
  async function editor<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${server.url}/_local/editor${path}`, {
      ...init,
      headers: { 'content-type': 'application/json' },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  test('a new title shows in the cached feeds within 5 s, and the cached sitemap is purged', async () => {
    const feeds = ['/feed.xml', '/c/training/feed.xml'];
    const first = parseFeed((await xml(server, '/c/training/feed.xml')).text).items[0]!;
    const slug = new URL(first.url!).pathname.split('/').pop()!;
    for (const path of ['/sitemap.xml', ...feeds]) await xml(server, path);
    const cached = await fetch(`${server.url}/sitemap.xml`);
    await cached.arrayBuffer();
    expect(cached.headers.get('cache-status')).toMatch(/; hit$/);

    const { stories } = await editor<{ stories: { id: number; full_slug: string }[] }>('/stories');
    const id = stories.find((s) => s.full_slug === `blogs/${slug}`)!.id;
    const { story } = await editor<{ story: { content: Record<string, unknown> } }>(`/stories/${id}`);
    const title = `Feed & Sitemap <fresh> ${Date.now()}`;
    await editor(`/stories/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...story, content: { ...story.content, title } }),
    });
    await editor(`/stories/${id}/publish`, { method: 'POST', body: '{}' });
    const started = performance.now();
    for (const path of feeds) {
      for (;;) {
        const feed = parseFeed((await xml(server, path)).text);
        if (feed.items.some((i) => i.title === title)) break;
        expect(performance.now() - started, path).toBeLessThan(5000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const after = await fetch(`${server.url}/sitemap.xml`);
    await after.arrayBuffer();
    expect(after.headers.get('cache-status')).not.toMatch(/; hit$/);
  }, 30_000);
});
