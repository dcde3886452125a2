/**
 * Lazy hydration (§9) on the built site in Chromium, on the article that shows every block: a block
 * below the fold hydrates without its code, which loads when the browser is idle or the block comes
 * into view; the first screen works as soon as the page has hydrated; a click on a block whose code
 * has not arrived is held and replayed, not lost.
 */
import { expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const EVERY_BLOCK = '/for-members/your-first-week-at-roundhouse';
const TABS_CHUNK = /\/assets\/chunks\/tabs-[\w-]+\.js$/;
const CAROUSEL_CHUNK = /\/assets\/chunks\/carousel-[\w-]+\.js$/;
/** The renderer chunks of the blocks in the article's body, all below the fold. */
const BLOCK_CHUNKS =
  /\/assets\/chunks\/(anchor-button|carousel|video|tabs|product|email-capture|social-icons|basic)-[\w-]+\.js$/;

const site = builtSiteInBrowser();

type Opened = { page: Page; requested: string[]; problems: string[] };

/**
 * The every-block article on a phone-sized screen. `idle: false` replaces requestIdleCallback with
 * one that never fires, so only the viewport (or the visitor) can start a deferred block's loading.
 */
async function open(options: {
  idle: boolean;
  holdTabs?: Promise<void>;
  holdCarousel?: Promise<void>;
}): Promise<Opened> {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
  const requested: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  // The moment the page reports itself hydrated, on the same clock as its resource timings.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return;
      (window as { hydratedAt?: number }).hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  if (!options.idle)
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
  const { holdTabs } = options;
  if (holdTabs) await page.route(TABS_CHUNK, async (route: Route) => holdTabs.then(() => route.continue()));
  const { holdCarousel } = options;
  if (holdCarousel)
    await page.route(CAROUSEL_CHUNK, async (route: Route) => holdCarousel.then(() => route.continue()));
  await page.goto(site.server.url + EVERY_BLOCK);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, requested, problems };
}

/** The scripts the page had asked for by the time it was hydrated. */
const scriptsBeforeHydration = (page: Page) =>
  page.evaluate(() => {
    const at = (window as { hydratedAt?: number }).hydratedAt ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= at)
      .map((entry) => new URL(entry.name).pathname);
  });

const tabs = (page: Page) => page.getByRole('tablist').getByRole('tab');

test('a block below the fold hydrates without its code, which loads once the block comes into view', async () => {
  const { page, requested, problems } = await open({ idle: false });
  const early = await scriptsBeforeHydration(page);
  expect(early.some((p) => p.startsWith('/assets/entry-'))).toBe(true);
  expect(early.filter((p) => BLOCK_CHUNKS.test(p))).toEqual([]);
  // The tabs, screens further down, wait for the visitor.
  expect(requested.filter((p) => TABS_CHUNK.test(p))).toEqual([]);
  // So does the video's poster: no request for it competes with the first screen's.
  const video = page.locator('video');
  expect(await video.getAttribute('poster')).toBeNull();
  expect(requested.filter((p) => p.includes('how-to-throw-a-jab.jpg/m/960x0'))).toEqual([]);
  // Its server HTML is there all along.
  expect(await tabs(page).count()).toBeGreaterThan(1);

  const loaded = page.waitForResponse((response) => TABS_CHUNK.test(new URL(response.url()).pathname));
  await page.getByRole('tablist').scrollIntoViewIfNeeded();
  await loaded;
  const second = tabs(page).nth(1);
  await second.click();
  await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => tabs(page).nth(2).getAttribute('aria-selected')).toBe('true');
  // Near the viewport, the video hydrates and shows its poster.
  await video.scrollIntoViewIfNeeded();
  await expect.poll(() => video.getAttribute('poster')).toMatch(/how-to-throw-a-jab\.jpg\/m\/960x0$/);
  expect(problems).toEqual([]);
  await page.close();
});

test('without JavaScript, deferred blocks are in place in the page', async () => {
  const context = await site.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(site.server.url + EVERY_BLOCK);
  const tablist = page.getByRole('tablist');
  await tablist.scrollIntoViewIfNeeded();
  expect(await tablist.isVisible()).toBe(true);
  const faq = page.locator('#faq-heading');
  const [tabsTop, faqTop] = await Promise.all(
    [tablist, faq].map((l) => l.evaluate((el) => el.getBoundingClientRect().top)),
  );
  expect(tabsTop).toBeLessThan(faqTop!);
  await context.close();
});

test('without scrolling, deferred blocks load once the browser is idle', async () => {
  const { page, requested, problems } = await open({ idle: true });
  await expect.poll(() => requested.some((p) => TABS_CHUNK.test(p)), { timeout: 10_000 }).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(problems).toEqual([]);
  await page.close();
});

test('a control on the first screen works as soon as the page has hydrated', async () => {
  const { page, requested, problems } = await open({ idle: false });
  await page.getByRole('link', { name: 'Jump to the questions members ask' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#faq-heading');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe('faq-heading');
  // Nothing below the fold had to load for it.
  expect(requested.filter((p) => TABS_CHUNK.test(p))).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});

test('a click on a deferred block before its code arrived is replayed once it has hydrated', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page, problems } = await open({ idle: false, holdTabs: held });
  const address = page.url();
  const second = tabs(page).nth(1);
  await second.click();
  expect(await second.getAttribute('aria-selected')).toBe('false');
  release();
  await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
  expect(page.url()).toBe(address);
  expect(problems).toEqual([]);
  await page.close();
});

test("a tap on a deferred block's icon (an svg in its button) is replayed on the button", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page, problems } = await open({ idle: false, holdCarousel: held });
  const carousel = page.getByRole('region', { name: 'Recommended first classes' });
  await carousel.scrollIntoViewIfNeeded();
  const current = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden])');
  const first = await current.getAttribute('aria-label');
  // The arrow's drawing: the click's target is an SVG element, which has no click() to replay.
  await carousel.getByRole('button', { name: 'Next slide' }).locator('svg').click();
  release();
  await expect.poll(() => current.getAttribute('aria-label')).not.toBe(first);
  expect(problems).toEqual([]);
  await page.close();
});

test('the footer is drawn only as it nears the screen, yet a keyboard reaches it and its sign-up hydrates when it comes into view', async () => {
  const { page, requested, problems } = await open({ idle: false });
  const footer = page.getByRole('contentinfo');
  // Whether the browser has skipped drawing the footer's content (content-visibility: auto).
  const skipped = () =>
    footer.evaluate((el) => !el.querySelector('a')!.checkVisibility({ contentVisibilityAuto: true }));
  // The first render leaves the footer out: a phone's first screen is far above it.
  expect(await skipped()).toBe(true);
  const signUpChunk = (p: string) => /\/assets\/chunks\/signup-form-[\w-]+\.js$/.test(p);
  expect(requested.filter(signUpChunk)).toEqual([]);

  // Its place is held by a box no shorter than the drawn footer, so none of its text lies past its
  // dark background (an audit reads such text against the page's white).
  const height = () => footer.evaluate((el) => el.getBoundingClientRect().height);
  const placeholder = await height();

  // Focus moving into it (as Tab would) draws it, without scrolling, and the link holds the focus.
  const sitemap = footer.getByRole('link', { name: 'Sitemap' });
  await sitemap.evaluate((el) => el.focus({ preventScroll: true }));
  expect(await sitemap.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(skipped).toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await height()).toBeLessThanOrEqual(placeholder);

  // Coming into view, its sign-up form loads and hydrates.
  await footer.getByRole('textbox', { name: /email/i }).scrollIntoViewIfNeeded();
  await expect.poll(() => requested.some(signUpChunk)).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

test('the video player is drawn only as it nears the screen, in a box that keeps its size, and a keyboard reaches it', async () => {
  const { page, problems } = await open({ idle: false });
  const box = page.locator('.video').first();
  const player = box.locator('video');
  // Whether the browser has skipped the player (content-visibility: auto): its native controls'
  // first style computation was ~40 ms of the first render.
  const skipped = () => player.evaluate((el) => !el.checkVisibility({ contentVisibilityAuto: true }));
  const size = () =>
    box.evaluate((el) => `${el.getBoundingClientRect().width}x${el.getBoundingClientRect().height}`);
  expect(await box.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800 * 1.5);
  expect(await skipped()).toBe(true);
  const placeholder = await size();
  expect(placeholder).not.toMatch(/^0x|x0$/);

  // Focus draws it without scrolling (its controls are in the tab order as ever).
  await player.evaluate((el) => el.focus({ preventScroll: true }));
  await expect.poll(skipped).toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await size()).toBe(placeholder);

  // On a fresh load, scrolling to it draws it in the same box: nothing around it moves.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  expect(await skipped()).toBe(true);
  const below = page.getByRole('heading', { name: 'What you actually need' });
  const belowTop = () => below.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await belowTop();
  await box.scrollIntoViewIfNeeded();
  await expect.poll(skipped).toBe(false);
  expect(await size()).toBe(placeholder);
  expect(await belowTop()).toBe(before);
  expect(problems).toEqual([]);
  await page.close();
});
