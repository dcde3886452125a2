/**
 * The demo content's blocks through the whole server path: stand-in → client → content API →
 * loaders (block validation) → React render. The home page is built from blocks, and one article
 * shows every block.
 */
import { beforeAll, expect, test, vi } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import { createContentApi } from '../../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { loadDemoStories } from '../../../src/local/demo';
import { createRenderHandler } from '../../../src/server/handler.server';
import { createStoreService } from '../../../src/local/store-service/index';
import { createStoreApi } from '../../../src/store/api';
import { createStoreClient } from '../../../src/store/client';
import { cachedProductSource } from '../../../src/blocks/products.server';
import { pageModules } from '../../support/page-modules.ts';

let get: (path: string) => Promise<{ status: number; html: string; headers: Headers }>;
const warnings: string[] = [];
let storeDown = false;
/** The clock of the product memory in front of the store (a minute per answer, as deployed). */
let clock = 0;

beforeAll(async () => {
  const demo = await loadDemoStories();
  const service = createContentService({
    stories: demo.published,
    publicToken: 'blocks-page-token',
    previewToken: 'blocks-page-preview',
    assetOrigin: '/a',
  });
  const client = createStoryblokClient({
    accessToken: 'blocks-page-token',
    endpoint: 'http://content.test/v2',
    fetch: createContentServiceFetch(service),
  });
  const content = createContentApi({
    client,
    version: 'published',
    now: () => new Date('2026-11-20T12:00:00Z'),
  });
  // The local Storefront stand-in behind the real store client; `storeDown` makes it answer 503s.
  const storeService = createStoreService({
    publicToken: 'store-token',
    basePath: '/_shopify',
    origin: 'http://store.test',
  });
  const storeApi = createStoreApi({
    client: createStoreClient({
      storeDomain: 'http://store.test/_shopify',
      publicStorefrontToken: 'store-token',
      fetch: (input, init) => {
        if (storeDown) return Promise.resolve(new Response('unavailable', { status: 503 }));
        return storeService.handle(new Request(input, init));
      },
    }),
    country: 'US',
  });
  const handle = createRenderHandler({
    manifest: {
      entry: '/assets/entry.js',
      entryImports: [],
      css: [],
      routes: {},
      blocks: {
        carousel: { file: '/assets/chunks/carousel.js', imports: ['/assets/chunks/shared-widgets.js'] },
        video: { file: '/assets/chunks/video.js', imports: [] },
        basic: { file: '/assets/chunks/basic.js', imports: ['/assets/chunks/shared-widgets.js'] },
      },
    },
    contentFor: () => content,
    store: cachedProductSource(storeApi, { now: () => clock }),
    siteName: 'Roundhouse',
    now: () => new Date('2026-11-20T12:00:00Z'),
  });
  get = async (path) => {
    vi.spyOn(console, 'warn').mockImplementation((m: unknown) => void warnings.push(String(m)));
    const res = await handle(new Request(`http://site.test${path}`));
    const html = await res.text();
    vi.restoreAllMocks();
    return { status: res.status, html, headers: res.headers };
  };
});

test('the home page opens with the blocks of pages/home: a hero carousel among them', async () => {
  const { status, html } = await get('/');
  expect(status).toBe(200);
  expect(html).toContain('aria-roledescription="carousel"');
  expect(html).toContain('Featured at Roundhouse');
  expect(html).toContain('Real coaching, in your living room');
  // The hero carousel's first slide is the largest paint: its image loads eagerly with high
  // priority; later slides' images stay lazy.
  const slides = html.split('aria-roledescription="slide"').slice(1);
  expect(slides.length).toBeGreaterThan(1);
  expect(slides[0]).toMatch(/<img[^>]*loading="eager"[^>]*fetchPriority="high"/);
  expect(html.match(/<img[^>]*fetchPriority="high"/g)).toHaveLength(1);
  // The page preloads the renderer chunks of the blocks it shows, and not the others.
  const modules = pageModules(html)?.modules ?? [];
  expect(modules).toEqual(
    expect.arrayContaining(['/assets/chunks/carousel.js', '/assets/chunks/shared-widgets.js']),
  );
  expect(modules).not.toContain('/assets/chunks/video.js');
  expect(html).toContain('One good round a week');
});

test('one article shows every block, and an unknown block is logged by uid and left out', async () => {
  warnings.length = 0;
  const { status, html } = await get('/for-members/your-first-week-at-roundhouse');
  expect(status).toBe(200);
  expect(html).toContain('aria-roledescription="carousel"'); // carousel
  expect(html).toMatch(/<video[^>]*first-week-demo\.webm|first-week-demo\.webm[^>]*<\/video>|<video/); // video
  expect(html).toContain('role="tablist"'); // tabs
  expect(html).toContain('Send me the plan'); // email capture with its own call to action
  expect(html).toContain('5 out of 5'); // rating
  expect(html).toContain('See all training classes'); // button
  expect(html).toContain('Jump to the questions members ask'); // anchor button
  expect(html).toContain('Stuck on a movement?'); // short text
  expect(html).toMatch(/instagram\.com\/roundhouse\.fitness/); // social icons
  const [page = '', payload = ''] = html.split('window.__INITIAL_STATE__');
  expect(page).not.toContain('a_block_from_the_future'); // visitors see nothing
  expect(payload).not.toContain('uid_note'); // and its unchecked props are not shipped
  expect(warnings.some((w) => w.includes('a_block_from_the_future'))).toBe(true);
});

test('an article without blocks preloads no block renderer', async () => {
  const { status, html } = await get('/training/how-to-throw-a-jab');
  expect(status).toBe(200);
  expect(html).not.toMatch(/assets\/chunks\/(carousel|video|basic|shared-widgets)\.js/);
});

/** The CDN's fresh and stale-while-revalidate seconds for an answer. */
function cdnLife(headers: Headers) {
  const value = headers.get('netlify-cdn-cache-control') ?? '';
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(value)?.[1] ?? NaN);
  return { fresh: seconds('s-maxage'), stale: seconds('stale-while-revalidate') };
}

test('an equipment article streams its product, with the price fetched from the store, after the article', async () => {
  storeDown = false;
  clock += 120_000; // the product memory has forgotten every product
  const first = await get('/boxing-equipment/boxing-glove-size-guide');
  expect(first.status).toBe(200);
  // The shell (the article and the payload) went out before the store answered; the card follows.
  const [shell = '', streamed = ''] = first.html.split('window.__INITIAL_STATE__');
  expect(shell).toContain('How a glove should fit');
  expect(shell).toContain('aria-busy="true"');
  expect(shell).not.toContain('Easy 30-day refunds');
  expect(streamed).toContain('Pro Boxing Gloves');
  expect(streamed).toMatch(/\$69\.00/);
  expect(streamed).toContain('Easy 30-day refunds');
  expect(first.headers.get('netlify-cache-tag')?.split(',')).toContain('products');
  // Its headers went before the product was known: the CDN re-checks it soon.
  expect(cdnLife(first.headers)).toEqual({ fresh: 30, stale: 30 });
  // Rendered again within the product's minute, the product is known at once: the full life.
  const again = await get('/boxing-equipment/boxing-glove-size-guide');
  expect(again.html).toContain('Easy 30-day refunds');
  expect(cdnLife(again.headers)).toEqual({ fresh: 300, stale: 604800 });
});

test('with the store down a page still renders; the product block says unavailable, cached briefly', async () => {
  clock += 120_000;
  storeDown = true;
  try {
    const { status, html, headers } = await get('/boxing-equipment/best-shoes-for-home-boxing');
    expect(status).toBe(200);
    expect(html).toContain('This product is unavailable right now');
    expect(html).toContain('<h1'); // the article itself
    const life = cdnLife(headers);
    expect(life.fresh).toBeLessThanOrEqual(60);
    expect(life.stale).toBeLessThanOrEqual(60);
  } finally {
    storeDown = false;
  }
});

test('with the store down a product shown before keeps its last good version, re-checked in 30 s', async () => {
  expect((await get('/boxing-equipment/boxing-glove-size-guide')).status).toBe(200);
  clock += 120_000; // past the product's minute: the store is asked again, and fails
  storeDown = true;
  try {
    const { status, html, headers } = await get('/boxing-equipment/boxing-glove-size-guide');
    expect(status).toBe(200);
    expect(html).not.toContain('This product is unavailable right now');
    expect(html).toContain('Easy 30-day refunds');
    expect(cdnLife(headers)).toEqual({ fresh: 30, stale: 30 });
  } finally {
    storeDown = false;
  }
});
