/**
 * robots.txt, and what every discovery answer shares: caching and purge tags (and that the content
 * webhook's purges reach them), published content only (never a draft, whoever asks), the boundary
 * (methods, `?page=`, no public origin) and a CMS outage.
 */
import { describe, expect, test } from 'vitest';
import { createStoryblokClient } from '../../../../src/content/client.server';
import { createContentApi } from '../../../../src/content/service.server';
import type { StoryKind } from '../../../../src/content/state';
import { tagsFor } from '../../../../src/functions/content-webhook/tags';
import { FUNCTION_PATHS, FUNCTIONS_PREFIX } from '../../../../src/functions/paths';
import { createContentService, createContentServiceFetch } from '../../../../src/local/content-service';
import { FEED_TAGS, ROBOTS_TAGS, SITEMAP_TAGS } from '../../../../src/server/discovery/index';
import { createRenderHandler } from '../../../../src/server/handler.server';
import { PAYLOAD_PREFIX } from '../../../../src/shared/payload';
import { LIVE_PAYLOAD_PREFIX, PREVIEW_EXIT_PATH } from '../../../../src/shared/preview';
import { setupRenderHandler, testManifest } from '../../../support/render-handler';
import { makeSite } from '../../../support/stories';

const DISCOVERY = [
  '/robots.txt',
  '/sitemap.xml',
  '/feed.xml',
  '/c/training/feed.xml',
  '/t/technique/feed.xml',
  '/author/maya-cole/feed.xml',
];

/** RFC 9309 matching: the longest matching rule wins, Allow on a tie; `*` any run, `$` the end. */
function allowed(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S*)/i.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] !== '')
    .map((m) => ({ allow: m[1]!.toLowerCase() === 'allow', pattern: m[2]! }));
  const matches = rules.filter(({ pattern }) => {
    const anchored = pattern.endsWith('$');
    const body = anchored ? pattern.slice(0, -1) : pattern;
    const source = body.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
  });
  matches.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow));
  return matches[0]?.allow ?? true;
}

describe('robots.txt', () => {
  test('names the sitemap by its absolute URL and keeps crawlers off what is not a page', async () => {
    const { get } = setupRenderHandler({ virtualTime: true });
    const { res, body } = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Sitemap: https:\/\/example\.test\/sitemap\.xml$/m);
    const closed = [
      PAYLOAD_PREFIX,
      `${PAYLOAD_PREFIX}/training/some-article`,
      PREVIEW_EXIT_PATH,
      `${LIVE_PAYLOAD_PREFIX}/training`,
      `${FUNCTIONS_PREFIX}cart?action=checkout`,
      ...Object.values(FUNCTION_PATHS),
      '/_local/editor',
      '/_local/netlify/api/v1/purge',
      '/training/some-article?_storyblok=12&_storyblok_tk[token]=x',
      '/?utm_source=x&_storyblok=1',
    ];
    for (const path of closed) expect(allowed(body, path), path).toBe(false);
    const open = [
      '/',
      '/training',
      '/training/some-article',
      '/c/training',
      '/t/technique',
      '/author/maya-cole',
      '/p/privacy',
      '/sitemap',
      '/sitemap.xml',
      '/sitemaps/articles-1.xml',
      '/feed.xml',
      '/assets/entry.js',
      '/a/f/286000/1600x900/abc/x.jpg',
      '/favicon.ico',
      '/?page=2',
    ];
    for (const path of open) expect(allowed(body, path), path).toBe(true);
  });

  test('without a public origin there is no sitemap line (it must be absolute), nor a sitemap or feed', async () => {
    const { get } = setupRenderHandler({ baseUrl: null, virtualTime: true });
    const robots = await get('/robots.txt');
    expect(robots.res.status).toBe(200);
    expect(robots.body).not.toContain('Sitemap:');
    for (const path of ['/sitemap.xml', '/feed.xml', '/c/training/feed.xml'])
      expect((await get(path)).res.status, path).toBe(404);
  });
});

describe('caching and purging', () => {
  test('every answer is cached like a page, varies on page alone, and carries its purge tags', async () => {
    const { get, site } = setupRenderHandler({ virtualTime: true });
    for (const path of DISCOVERY) {
      const { res } = await get(path);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('netlify-cdn-cache-control'), path).toBe(
        'public, s-maxage=300, stale-while-revalidate=604800',
      );
      expect(res.headers.get('netlify-vary'), path).toBe('query=page');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
    const tags = async (path: string) => (await get(path)).res.headers.get('netlify-cache-tag')?.split(',');
    expect(await tags('/robots.txt')).toEqual([...ROBOTS_TAGS]);
    expect(await tags('/sitemap.xml')).toEqual([...SITEMAP_TAGS]);
    const feed = await tags('/c/training/feed.xml');
    expect(feed?.slice(0, FEED_TAGS.length)).toEqual([...FEED_TAGS]);
    // The category itself, then the items it shows.
    expect(feed).toEqual(expect.arrayContaining([site.category.uuid, ...site.articles.map((a) => a.uuid)]));
  });

  test('an unknown feed is cached briefly, with the tags that purge it once it exists', async () => {
    const { get } = setupRenderHandler({ virtualTime: true });
    const { res } = await get('/c/boxing/feed.xml');
    expect(res.status).toBe(404);
    expect(res.headers.get('netlify-cdn-cache-control')).toBe(
      'public, s-maxage=60, stale-while-revalidate=60',
    );
    expect(res.headers.get('netlify-cache-tag')?.split(',')).toContain('categories');
  });

  test('the sitemap and feeds are not cached past the moment a scheduled article appears', async () => {
    const { get } = setupRenderHandler({ futureArticle: true, virtualTime: true });
    // The test site's clock is 2026-06-01 12:00; the scheduled article is for 2099: far past a week.
    expect((await get('/sitemap.xml')).res.headers.get('netlify-cdn-cache-control')).toContain(
      's-maxage=300',
    );
  });

  /** Which discovery answers a change of each story kind purges (every action purges the same). */
  const PURGES: Record<StoryKind, { sitemap: boolean; feeds: boolean }> = {
    article: { sitemap: true, feeds: true },
    author: { sitemap: true, feeds: true },
    category: { sitemap: true, feeds: true },
    topic: { sitemap: true, feeds: true },
    page: { sitemap: true, feeds: false },
    global: { sitemap: true, feeds: true },
    other: { sitemap: false, feeds: false },
  };
  test.each(Object.entries(PURGES))('a %s change purges the sitemap: %j', (kind, expected) => {
    for (const action of ['published', 'unpublished', 'deleted', 'moved'] as const) {
      const purged = new Set(tagsFor(action, kind as StoryKind, 'story-uuid'));
      expect(
        SITEMAP_TAGS.some((t) => purged.has(t)),
        `${action} sitemap`,
      ).toBe(expected.sitemap);
      expect(
        FEED_TAGS.some((t) => purged.has(t)),
        `${action} feeds`,
      ).toBe(expected.feeds);
    }
  });

  test('a story the webhook never recorded purges them all, robots.txt too', () => {
    const purged = new Set(tagsFor('unpublished', null, null));
    for (const tags of [SITEMAP_TAGS, FEED_TAGS, ROBOTS_TAGS])
      expect(tags.some((t) => purged.has(t))).toBe(true);
  });
});

describe('published content only', () => {
  test('a preview session or an editor link gets the published sitemap and feeds, from a published-only API', async () => {
    const site = makeSite();
    const service = createContentService({
      stories: site.stories,
      // A draft-only article: drafts must never reach these answers.
      draftStories: [
        {
          ...structuredClone(site.articles[0]!),
          id: 7777,
          uuid: 'draft-only-uuid',
          slug: 'draft-only',
          full_slug: 'blogs/draft-only',
          published_at: null,
        },
      ],
      publicToken: 'pub-discovery',
      previewToken: 'prev-discovery',
    });
    const asked: string[] = [];
    let clock = 0;
    const contentFor = (version: 'published' | 'draft') => {
      asked.push(version);
      const client = createStoryblokClient({
        accessToken: version === 'draft' ? 'prev-discovery' : 'pub-discovery',
        endpoint: 'http://content.test/v2',
        fetch: createContentServiceFetch(service),
        // The rate limiter on a clock that moves only when it sleeps: no real waiting.
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
      });
      return createContentApi({ client, version, now: () => new Date('2026-06-01T12:00:00Z') });
    };
    const handle = createRenderHandler({
      manifest: testManifest,
      contentFor,
      siteName: 'Roundhouse',
      baseUrl: 'https://example.test',
      now: () => new Date('2026-06-01T12:00:00Z'),
    });
    const headers = { cookie: 'rh_preview=anything.at.all' };
    for (const path of ['/sitemap.xml', '/feed.xml?_storyblok=1', '/c/training/feed.xml']) {
      const res = await handle(new Request(`https://example.test${path}`, { headers }));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await res.text()).not.toContain('draft-only');
    }
    expect(asked.filter((v) => v === 'draft')).toEqual([]);
  });
});

describe('the boundary', () => {
  test('HEAD answers the headers without a body; other methods are refused', async () => {
    const { handle } = setupRenderHandler({ virtualTime: true });
    for (const path of DISCOVERY) {
      const head = await handle(new Request(`https://example.test${path}`, { method: 'HEAD' }));
      expect(head.status, path).toBe(200);
      expect(head.body, path).toBeNull();
      const post = await handle(new Request(`https://example.test${path}`, { method: 'POST', body: 'x' }));
      expect(post.status, path).toBe(405);
    }
  });

  test('?page= is redirected away (nothing here paginates), other parameters share the answer', async () => {
    const { get } = setupRenderHandler({ virtualTime: true });
    for (const [from, to] of [
      ['/sitemap.xml?page=2', '/sitemap.xml'],
      ['/feed.xml?page=3&utm_source=x', '/feed.xml?utm_source=x'],
      ['/c/training/feed.xml?page=2', '/c/training/feed.xml'],
      ['/sitemap.xml/', '/sitemap.xml'],
    ] as const) {
      const { res } = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
      expect(res.headers.get('netlify-cdn-cache-control')).toBe('no-store');
    }
    expect((await get('/sitemap.xml?utm_source=newsletter')).res.status).toBe(200);
  });

  test('payload URLs of these paths are not pages', async () => {
    const { get } = setupRenderHandler({ virtualTime: true });
    for (const path of ['/_payload/sitemap.xml', '/_payload/feed.xml', '/_payload/robots.txt'])
      expect((await get(path)).res.status, path).toBe(404);
  });

  test('a CMS outage is a 503 with Retry-After that no cache keeps', async () => {
    const { get, service } = setupRenderHandler({ virtualTime: true });
    service.handle = async () => new Response('{"error":"down"}', { status: 503 });
    for (const path of ['/sitemap.xml', '/feed.xml', '/t/technique/feed.xml']) {
      const { res } = await get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
    }
    expect((await get('/robots.txt')).res.status).toBe(200);
  });
});
