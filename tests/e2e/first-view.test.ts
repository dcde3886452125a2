/**
 * The first view's offscreen rendering (src/server/page-head/first-view.tsx) in Chromium on a phone-
 * sized screen: on the page a visitor opens, the blocks below the screen are skipped until they
 * near it and drawn in place; focus draws them with their focus ring whole; and a saved scroll
 * position (back after a client navigation, a reload) brings back the same content, because the
 * pages it is restored on are drawn in full.
 */
import { expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const LISTING = '/training';
const ARTICLE = '/boxing-equipment/how-to-choose-a-heavy-bag';
/** The focus ring's colour (--color-focus). */
const FOCUS_RGB = [0x25, 0x63, 0xeb] as const;

const site = builtSiteInBrowser();

async function open(path: string): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
  await page.goto(site.server.url + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

/** Whether the element's content is drawn: false while a content-visibility: auto ancestor skips it. */
const drawn = (locator: Locator) =>
  locator.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The viewport-relative top of an element, in CSS pixels. */
const topOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top);

/** How many pixels of a PNG match a colour, decoded by a blank page of the same browser. */
async function pixelsOfColour(browser: Browser, png: Buffer, rgb: readonly [number, number, number]) {
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(
      async ({ data, rgb }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data: pixels } = context.getImageData(0, 0, image.width, image.height);
        let count = 0;
        for (let i = 0; i < pixels.length; i += 4)
          if (
            Math.abs(pixels[i]! - rgb[0]) < 24 &&
            Math.abs(pixels[i + 1]! - rgb[1]) < 24 &&
            Math.abs(pixels[i + 2]! - rgb[2]) < 24
          )
            count++;
        return count;
      },
      { data: png.toString('base64'), rgb },
    );
  } finally {
    await blank.close();
  }
}

test('on the first view, the cards below the screen are skipped, then drawn as they near it, where they were', async () => {
  const page = await open(LISTING);
  const cards = page.locator('.card-grid > li');
  expect(await cards.count()).toBeGreaterThan(6);
  expect(await drawn(cards.first().locator('a').first())).toBe(true);
  const last = cards.last();
  expect(await drawn(last.locator('a').first())).toBe(false);
  // The skipped cards still hold their place: the grid is about as tall as drawn cards make it.
  const placeholders = await page.evaluate(() => document.documentElement.scrollHeight);
  await last.scrollIntoViewIfNeeded();
  await nextFrames(page);
  expect(await drawn(last.locator('a').first())).toBe(true);
  // The card is drawn in view, and the one at the top of the screen did not move while it was.
  const box = await last.boundingBox();
  expect(box!.y).toBeLessThan(800);
  expect(box!.y + box!.height).toBeGreaterThan(0);
  const drawnAll = await page.evaluate(async () => {
    for (const card of document.querySelectorAll('.card-grid > li')) card.scrollIntoView();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return document.documentElement.scrollHeight;
  });
  expect(Math.abs(drawnAll - placeholders) / drawnAll).toBeLessThan(0.1);
  // Skipped content is still in the accessibility tree: every card's link is there to be found.
  expect(
    await page
      .getByRole('link')
      .filter({ hasText: (await last.locator('h3, h2').first().textContent())! })
      .count(),
  ).toBeGreaterThan(0);
  await page.close();
});

test('focus draws a skipped card, with its focus ring painted whole outside the card', async () => {
  const page = await open(LISTING);
  const card = page.locator('.card-grid > li').nth(8);
  const link = card.locator('.ui-card__link');
  expect(await drawn(link)).toBe(false);
  // Keyboard use first, so the ring shows for the focus that follows.
  await page.keyboard.press('Tab');
  await link.focus();
  await nextFrames(page);
  expect(await drawn(link)).toBe(true);
  const box = (await card.boundingBox())!;
  // The ring is 3 px wide, 3 px outside the card: a band of 8 px around the card's box holds it.
  const outside = await page.screenshot({
    clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: 8 },
  });
  expect(await pixelsOfColour(site.browser, outside, FOCUS_RGB)).toBeGreaterThan(box.width);
  await page.close();
});

test('back to the first view after a client navigation, the saved position shows the same card', async () => {
  const page = await open(LISTING);
  const card = page.locator('.card-grid > li').nth(9);
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await nextFrames(page);
  const before = await topOf(card);
  const title = await card.locator('h2, h3').first().textContent();
  await card.locator('.ui-card__link').click();
  await page.waitForURL((url) => url.pathname !== LISTING);
  await page.waitForSelector('.article-header');
  // The first view's rules went with the page they were for.
  expect(await page.evaluate(() => document.getElementById('first-view'))).toBeNull();
  await page.goBack();
  await page.waitForURL((url) => url.pathname === LISTING);
  await page.waitForSelector('.card-grid');
  await nextFrames(page);
  const again = page.locator('.card-grid > li').nth(9);
  expect(await again.locator('h2, h3').first().textContent()).toBe(title);
  expect(Math.abs((await topOf(again)) - before)).toBeLessThan(2);
  await page.close();
});

test('a reload keeps the reader at the same paragraph', async () => {
  const page = await open(ARTICLE);
  const paragraphs = page.locator('.rich-text > p');
  const far = (await paragraphs.count()) - 1;
  expect(far).toBeGreaterThan(4);
  const paragraph = paragraphs.nth(far);
  await paragraph.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await nextFrames(page);
  const text = await paragraph.textContent();
  const before = await topOf(paragraph);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await nextFrames(page);
  // The style is gone for a restored page, so every block was drawn where the saved position expects.
  expect(await page.evaluate(() => document.getElementById('first-view'))).toBeNull();
  const again = paragraphs.nth(far);
  expect(await again.textContent()).toBe(text);
  expect(Math.abs((await topOf(again)) - before)).toBeLessThan(2);
  await page.close();
});
