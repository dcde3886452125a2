/**
 * A page never waits for the store: on the built local stack (behind its CDN, compressed), with the
 * store stand-in slowed by its fault switch, the article streams at once and its product card
 * follows in the same response; in Chromium the article shows while the card is a placeholder,
 * then the card arrives, hydrates with the server's data and adds to the cart. With the store down
 * the card says it is unavailable. No timings are asserted beyond "before the store answered".
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { startDenoEdge } from '../../scripts/lib/local-server.mjs';

/** How long the store stand-in takes to answer while slowed. */
const STORE_DELAY_MS = 2000;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer({ CART_RATE_LIMIT: '0' }), launchBrowser()]);
  // A first render warms the server up (no product on this page).
  await (await fetch(`${server.url}/training/how-to-throw-a-jab`)).text();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function storeFaults(body: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(`${server.url}/_local/shopify/faults`, {
    method: body ? 'POST' : 'DELETE',
    ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(res.status).toBeLessThan(300);
}
afterEach(() => storeFaults(null));

/** Each chunk of a response as it arrives (decoded), with when it arrived since the request. */
async function chunksOf(path: string, origin = server.url) {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  const chunks: { at: number; text: string }[] = [];
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read())
    chunks.push({ at: performance.now() - started, text: decoder.decode(read.value, { stream: true }) });
  return { res, chunks };
}

/** Browser problems: console errors (React's hydration mismatches among them) and uncaught errors. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * The glove guide's response with the store slowed: the article (heading and text) arrives before
 * the store answers, the busy placeholder holds the card's place, and the card follows in the same
 * response.
 */
async function expectArticleBeforeCard(origin: string): Promise<Response> {
  const { res, chunks } = await chunksOf('/boxing-equipment/boxing-glove-size-guide', origin);
  expect(res.status).toBe(200);
  const upTo = (i: number) =>
    chunks
      .slice(0, i + 1)
      .map((c) => c.text)
      .join('');
  const article = chunks.findIndex(
    (_, i) => /<h1[^>]*>[^<]*Glove/.test(upTo(i)) && upTo(i).includes('How a glove should fit'),
  );
  const card = chunks.findIndex((_, i) => upTo(i).includes('Easy 30-day refunds'));
  expect(article).toBeGreaterThanOrEqual(0);
  expect(card).toBeGreaterThan(article);
  // The article's heading and text were in while the store request was still pending.
  expect(chunks[article]!.at).toBeLessThan(STORE_DELAY_MS);
  // Until the card came, the shell held its placeholder, busy.
  expect(upTo(article)).toContain('aria-busy="true"');
  expect(upTo(card)).toContain('Pro Boxing Gloves');
  return res;
}

test('with the store slowed, the article streams before the store answers and its card follows in the same response', async () => {
  await storeFaults({ latencyMs: STORE_DELAY_MS });
  const res = await expectArticleBeforeCard(server.url);
  expect(res.headers.get('content-encoding')).toMatch(/br|gzip/);
}, 30_000);

// Netlify runs the edge bundle in Deno. Deno.serve warns that its request.signal "aborts on
// successful responses" (its legacy behaviour), and the render is given that signal: the stream
// must still run to its end there, with the card's boundary arriving seconds after the response began.
test('under Deno.serve, the built edge bundle streams the same way: the article first, the card when the store answers', async () => {
  await storeFaults({ latencyMs: STORE_DELAY_MS });
  const edge = await startDenoEdge(server.url);
  try {
    await expectArticleBeforeCard(edge.url);
  } finally {
    await edge.stop();
  }
}, 60_000);

test('in the browser the article shows while the card is a placeholder; then the card arrives, hydrates and adds to the cart', async () => {
  await storeFaults({ latencyMs: STORE_DELAY_MS });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems = watch(page);
  await page.goto(`${server.url}/boxing-equipment/how-to-choose-a-heavy-bag`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
  // The first contentful paint has happened (styled: the stylesheet blocks it) …
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const early = await page.evaluate(() => {
    const placeholder = document.querySelector('.ui-product-card--placeholder');
    const box = placeholder?.getBoundingClientRect();
    return {
      busy: placeholder?.getAttribute('aria-busy'),
      label: placeholder?.textContent,
      cards: document.querySelectorAll('.ui-product-card[data-product]').length,
      box: box && { top: box.top + window.scrollY, width: box.width, height: box.height },
    };
  });
  // … and the card is still the placeholder, busy and named for assistive technology.
  expect(early).toMatchObject({ busy: 'true', label: 'Loading product', cards: 0 });
  // The page hydrates before the card's boundary arrives (the store is slower than the page's
  // scripts by far); that boundary hydrates when it comes.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  expect(await page.locator('.ui-product-card--placeholder').count()).toBe(1);

  const card = page.getByRole('article', { name: 'Heavy Bag Bundle' });
  await card.waitFor({ state: 'visible', timeout: 15_000 });
  expect(await page.locator('.ui-product-card--placeholder').count()).toBe(0);
  const box = await card.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return { top: b.top + window.scrollY, width: b.width, height: b.height };
  });
  // The card took the placeholder's place: same spot and width, about its height.
  expect(box.top).toBeCloseTo(early.box!.top, 0);
  expect(box.width).toBeCloseTo(early.box!.width, 0);
  expect(Math.abs(box.height - early.box!.height) / box.height).toBeLessThan(0.1);

  // Hydrated with the server's data: a size can be chosen and added to the cart.
  await storeFaults(null);
  await card.getByRole('radio').first().check();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await card.getByRole('status').filter({ hasText: 'Added to your cart' }).waitFor();
  expect(problems).toEqual([]);
  await page.close();
}, 30_000);

test('with the store down the card says it is unavailable right now, in the HTML and after hydration', async () => {
  await storeFaults({ status5xx: 1_000_000, status: 503 });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems = watch(page);
  await page.goto(`${server.url}/boxing-equipment/best-shoes-for-home-boxing`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page
    .getByRole('status')
    .filter({ hasText: 'This product is unavailable right now. Please check back soon.' })
    .waitFor();
  expect(await page.locator('.ui-product-card--placeholder').count()).toBe(0);
  expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
  await page.close();
}, 30_000);
