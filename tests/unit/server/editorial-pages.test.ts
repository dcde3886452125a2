/**
 * Editorial pages (`pages/<slug>` at `/p/<slug>`) through the whole server path over the demo
 * content: stand-in → client → content API → loader (block validation) → React render, with the
 * page's status, head, blocks, cache headers and tags; the 404s; `/p/home`; the lists that name them.
 */
import { beforeAll, expect, test, vi } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import { createContentApi } from '../../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { loadDemoStories } from '../../../src/local/demo';
import { createRenderHandler } from '../../../src/server/handler.server';
import type { WireStory } from '../../../src/content/wire';
import { pageModules } from '../../support/page-modules.ts';

type Answer = { status: number; body: string; headers: Headers };
let get: (path: string) => Promise<Answer>;
let pages: Map<string, WireStory>;
const warnings: string[] = [];

beforeAll(async () => {
  const demo = await loadDemoStories();
  pages = new Map(
    demo.published.filter((s) => s.full_slug.startsWith('pages/')).map((s) => [s.slug, s] as const),
  );
  const service = createContentService({
    stories: demo.published,
    publicToken: 'editorial-pages-token',
    previewToken: 'editorial-pages-preview',
  });
  const content = createContentApi({
    client: createStoryblokClient({
      accessToken: 'editorial-pages-token',
      endpoint: 'http://content.test/v2',
      fetch: createContentServiceFetch(service),
    }),
    version: 'published',
    now: () => new Date('2026-11-20T12:00:00Z'),
  });
  const handle = createRenderHandler({
    manifest: {
      entry: '/assets/entry.js',
      entryImports: [],
      css: [],
      routes: { page: { file: '/assets/page-TEST.js', imports: [] } },
      blocks: { basic: { file: '/assets/chunks/basic-TEST.js', imports: [] } },
    },
    contentFor: () => content,
    siteName: 'Roundhouse',
    baseUrl: 'https://roundhouse.test',
    now: () => new Date('2026-11-20T12:00:00Z'),
  });
  get = async (path) => {
    vi.spyOn(console, 'warn').mockImplementation((m: unknown) => void warnings.push(String(m)));
    const res = await handle(new Request(`http://site.test${path}`));
    const body = await res.text();
    vi.restoreAllMocks();
    return { status: res.status, body, headers: res.headers };
  };
});

const uuidOf = (slug: string) => pages.get(slug)?.uuid ?? `missing ${slug}`;

test.each([
  [
    'privacy',
    'Privacy policy',
    'Privacy Policy | Roundhouse',
    ['Email sign-ups', 'Global Privacy Control and Do Not Track'],
  ],
  ['terms', 'Terms of use', 'Terms of Use | Roundhouse', ['Train safely', 'Orders']],
  ['about', 'About Roundhouse', 'Our Story, Coaches and Mission | Roundhouse', ['What you will find here']],
])('/p/%s answers 200 with its title, head and blocks', async (slug, title, head, headlines) => {
  warnings.length = 0;
  const { status, body, headers } = await get(`/p/${slug}`);
  expect(status).toBe(200);
  expect(body).toContain(`<h1 class="page-header__title">${title}</h1>`);
  expect(body).toContain(`<title>${head}</title>`);
  expect(body).toContain(`<link rel="canonical" href="https://roundhouse.test/p/${slug}"/>`);
  const description = pages.get(slug)?.content.meta_info as { description: string };
  expect(body).toContain(`<meta name="description" content="${description.description}"/>`);
  for (const headline of headlines) expect(body).toMatch(new RegExp(`<h2[^>]*>${headline}</h2>`));
  // The page's chunk and its blocks' renderers are preloaded; every block passed validation.
  expect(pageModules(body)?.modules).toEqual(
    expect.arrayContaining(['/assets/page-TEST.js', '/assets/chunks/basic-TEST.js']),
  );
  expect(body).not.toContain('cannot be shown');
  expect(warnings).toEqual([]);
  // Cached like every page, purged by its own uuid (and what every page carries).
  expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  expect(headers.get('netlify-cdn-cache-control')).toBe(
    'public, s-maxage=300, stale-while-revalidate=604800',
  );
  expect(headers.get('netlify-vary')).toContain('query=page');
  const tags = headers.get('netlify-cache-tag')?.split(',') ?? [];
  expect(tags.slice(0, 3)).toEqual(['layout', 'categories', 'topics']);
  expect(tags).toContain(uuidOf(slug));
  expect(tags).not.toContain('articles');
});

test('the privacy page links its sibling pages and says what is collected, GPC and DNT included', async () => {
  const { body } = await get('/p/privacy');
  expect(body).toContain('href="/p/terms"');
  expect(body).toContain('href="/p/about"');
  expect(body).toContain('Global Privacy Control or Do Not Track');
});

test('its payload carries the same page and tags for client navigations', async () => {
  const page = await get('/p/privacy');
  const { status, body, headers } = await get('/_payload/p/privacy');
  expect(status).toBe(200);
  const payload = JSON.parse(body) as { loaderData: { page: { page: { title: string; path: string } } } };
  expect(payload.loaderData.page.page).toMatchObject({ title: 'Privacy policy', path: '/p/privacy' });
  expect(headers.get('netlify-cache-tag')).toBe(page.headers.get('netlify-cache-tag'));
});

test.each([
  '/p/nope',
  '/p/Bad_Slug!',
  '/p/-x',
  `/p/${'a'.repeat(121)}`,
  '/p/privacy/more',
  '/p/%E2%80%A6',
  '/p/a%2Fb',
  '/_payload/p/nope',
])('%s is the 404 page (status 404, never a 500), cached briefly', async (path) => {
  const { status, body, headers } = await get(path);
  expect(status).toBe(404);
  if (!path.startsWith('/_payload')) expect(body).toContain('This page could not be found');
  expect(headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=60');
});

test('/p alone is no page: the 404 of a category that does not exist', async () => {
  expect((await get('/p')).status).toBe(404);
});

test.each([
  ['/p/home', '/'],
  ['/p/HOME', '/'],
  ['/p/home/', '/'],
  ['/p/home?utm_source=x', '/?utm_source=x'],
  ['/_payload/p/home', '/_payload'],
])('%s is not a second URL for home: 301 to %s, never stored by the CDN', async (path, location) => {
  const { status, headers } = await get(path);
  expect(status).toBe(301);
  expect(headers.get('location')).toBe(location);
  expect(headers.get('netlify-cdn-cache-control')).toBe('no-store');
});

test('the HTML sitemap lists the editorial pages and is purged with them (`pages`)', async () => {
  const { status, body, headers } = await get('/sitemap');
  expect(status).toBe(200);
  const from = body.indexOf('id="sitemap-pages"');
  const section = body.slice(from, body.indexOf('</section>', from));
  const links = [...section.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
  expect(links).toEqual([
    ['/p/about', 'About Roundhouse'],
    ['/p/privacy', 'Privacy policy'],
    ['/p/terms', 'Terms of use'],
  ]);
  expect(headers.get('netlify-cache-tag')?.split(',')).toContain('pages');
});

test('every page’s footer links about, privacy and terms, and its sign-up’s consent line the privacy policy', async () => {
  const { body } = await get('/');
  const footer = body.slice(body.indexOf('<footer'));
  expect(footer).toMatch(/<a[^>]* href="\/p\/about"[^>]*>About us<\/a>/);
  expect(footer).toMatch(/<a[^>]* href="\/p\/privacy"[^>]*>Privacy policy<\/a>/);
  expect(footer).toMatch(/<a[^>]* href="\/p\/terms"[^>]*>Terms of use<\/a>/);
  expect(footer).toMatch(
    /class="ui-email-capture__consent"[^>]*>By subscribing you agree to receive our emails\. Unsubscribe at any time\.<!-- --> See our <a[^>]* href="\/p\/privacy"[^>]*>privacy policy<\/a>\./,
  );
});
