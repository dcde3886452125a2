/**
 * /sitemap.xml through the real render handler (the local Storyblok stand-in, the real client):
 * the protocol's rules, every public page and every published article once, nothing scheduled,
 * nothing without a page, and the index with its shards once one document is not enough.
 */
import { describe, expect, test } from 'vitest';
import { setupRenderHandler } from '../../../support/render-handler';
import { expectXmlChars, parseXml, W3C_DATETIME } from '../../../support/xml';
import type { WireStory } from '../../../../src/content/wire';

const ORIGIN = 'https://example.test';

type Url = { loc: string; lastmod?: string };

/** GET through the handler; the body as bytes, checked as UTF-8 of XML characters. */
async function read(handle: ReturnType<typeof setupRenderHandler>['handle'], path: string) {
  const res = await handle(new Request(`${ORIGIN}${path}`));
  const text = expectXmlChars(new Uint8Array(await res.arrayBuffer()));
  return { res, text };
}

function urlsOf(text: string): Url[] {
  const tree = parseXml(text, ['url']) as { urlset?: { '@_xmlns': string; url?: Url[] } };
  expect(tree.urlset?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return tree.urlset?.url ?? [];
}

/** The protocol's rules for one urlset document. */
function expectValidUrlset(text: string): Url[] {
  const urls = urlsOf(text);
  expect(urls.length).toBeLessThanOrEqual(50_000);
  expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(52_428_800);
  for (const url of urls) {
    expect(url.loc.startsWith(`${ORIGIN}/`), url.loc).toBe(true);
    expect(new URL(url.loc).href.replace(/\/$/, ''), 'absolute and normalised').toBe(
      url.loc.replace(/\/$/, ''),
    );
    if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C_DATETIME);
  }
  expect(new Set(urls.map((u) => u.loc)).size, 'no URL twice').toBe(urls.length);
  return urls;
}

/** An extra article: a copy of the first with its own id, uuid and slug. */
function copyArticle(source: WireStory, n: number, change: (story: WireStory) => void = () => {}): WireStory {
  const copy = structuredClone(source);
  copy.id = 9000 + n;
  copy.uuid = `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;
  copy.slug = `extra-${n}`;
  copy.full_slug = `blogs/extra-${n}`;
  change(copy);
  return copy;
}

describe('one document', () => {
  test('lists every public page and every published article once, on the canonical origin', async () => {
    const { handle, site } = setupRenderHandler({
      futureArticle: true,
      virtualTime: true,
      edit: (s) => {
        // A slug the article route refuses (upper case): it has no page, so it is not listed.
        s.articles.push(copyArticle(s.articles[0]!, 1, (story) => (story.slug = 'Bad_Slug')));
        s.stories.push(s.articles.at(-1)!);
      },
    });
    const { res, text } = await read(handle, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const urls = expectValidUrlset(text);
    const paths = urls.map((u) => new URL(u.loc).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/c',
        '/t',
        '/author',
        '/sitemap',
        '/c/training',
        '/training',
        '/t/technique',
        '/author/maya-cole',
      ]),
    );
    const published = site.articles.filter((a) => a.slug.startsWith('article-'));
    for (const article of published)
      expect(
        paths.filter((p) => p === `/training/${article.slug}`),
        article.slug,
      ).toHaveLength(1);
    expect(paths).not.toContain('/training/coming-soon');
    expect(paths.some((p) => /bad_slug/i.test(p))).toBe(false);
    // Every entry has its story's own time.
    const first = urls.find((u) => u.loc === `${ORIGIN}/training/article-1`);
    expect(first?.lastmod).toBe('2026-01-10T10:00:00Z');
  });

  test('every listed URL answers 200 through the same handler', async () => {
    const { get, handle } = setupRenderHandler({ futureArticle: true, virtualTime: true });
    const urls = urlsOf((await read(handle, '/sitemap.xml')).text);
    expect(urls.length).toBeGreaterThan(5);
    for (const { loc } of urls) expect((await get(new URL(loc).pathname)).res.status, loc).toBe(200);
  });

  test('the articles of a big site are read page by page and each listed once', async () => {
    const { handle, service } = setupRenderHandler({
      virtualTime: true,
      edit: (s) => {
        for (let n = 1; n <= 250; n++) s.stories.push(copyArticle(s.articles[0]!, n));
      },
    });
    const requests: string[] = [];
    const serve = service.handle.bind(service);
    service.handle = (request: Request) => {
      requests.push(request.url);
      return serve(request);
    };
    const urls = expectValidUrlset((await read(handle, '/sitemap.xml')).text);
    expect(urls.filter((u) => /\/training\/(article|extra)-/.test(u.loc))).toHaveLength(252);
    const entryPages = requests.filter((url) => url.includes('excluding_story_fields'));
    expect(entryPages.map((url) => new URL(url).searchParams.get('per_page'))).toEqual(['100', '100', '100']);
  });
});

describe('an index of shards past the document size', () => {
  const setup = () =>
    setupRenderHandler({
      futureArticle: true,
      virtualTime: true,
      sitemapUrls: 3,
      edit: (s) => {
        for (let n = 1; n <= 5; n++) s.stories.push(copyArticle(s.articles[0]!, n));
      },
    });

  test('/sitemap.xml names every shard; together they list what one document would, once each', async () => {
    const { handle } = setup();
    const { res, text } = await read(handle, '/sitemap.xml');
    expect(res.status).toBe(200);
    const index = parseXml(text, ['sitemap']) as {
      sitemapindex?: { '@_xmlns': string; sitemap: { loc: string }[] };
    };
    expect(index.sitemapindex?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const shards = index.sitemapindex?.sitemap.map((s) => s.loc) ?? [];
    expect(shards).toEqual([
      `${ORIGIN}/sitemaps/pages-1.xml`,
      `${ORIGIN}/sitemaps/pages-2.xml`,
      `${ORIGIN}/sitemaps/pages-3.xml`,
      `${ORIGIN}/sitemaps/articles-1.xml`,
      `${ORIGIN}/sitemaps/articles-2.xml`,
      `${ORIGIN}/sitemaps/articles-3.xml`,
    ]);
    const listed: string[] = [];
    for (const shard of shards) {
      const answer = await read(handle, new URL(shard).pathname);
      expect(answer.res.status, shard).toBe(200);
      const urls = expectValidUrlset(answer.text);
      expect(urls.length, shard).toBeLessThanOrEqual(3);
      listed.push(...urls.map((u) => u.loc));
    }
    expect(new Set(listed).size).toBe(listed.length);
    const single = setupRenderHandler({
      futureArticle: true,
      virtualTime: true,
      edit: (s) => {
        for (let n = 1; n <= 5; n++) s.stories.push(copyArticle(s.articles[0]!, n));
      },
    });
    const whole = urlsOf((await read(single.handle, '/sitemap.xml')).text).map((u) => u.loc);
    expect([...listed].sort()).toEqual([...whole].sort());
    expect(listed.filter((loc) => /\/training\/(article|extra)-/.test(loc))).toHaveLength(7);
  });

  test('a shard past the last, or any shard while the site fits one document, is a 404', async () => {
    const { get } = setup();
    for (const path of ['/sitemaps/articles-4.xml', '/sitemaps/pages-4.xml', '/sitemaps/articles-999999.xml'])
      expect((await get(path)).res.status, path).toBe(404);
    const small = setupRenderHandler({ virtualTime: true });
    expect((await small.get('/sitemaps/articles-1.xml')).res.status).toBe(404);
    expect((await small.get('/sitemaps/pages-1.xml')).res.status).toBe(404);
  });

  test('malformed shard names are not found, never a failure', async () => {
    const { get } = setup();
    for (const path of [
      '/sitemaps/articles-0.xml',
      '/sitemaps/articles-01.xml',
      '/sitemaps/other-1.xml',
      '/sitemaps/articles-1.xml/',
    ])
      expect((await get(path)).res.status, path).toBeLessThan(500);
    expect((await get('/sitemaps/articles-0.xml')).res.status).toBe(404);
  });
});
