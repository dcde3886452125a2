/**
 * What a visitor does before the page's script has arrived (a slow phone: the HTML is there and its
 * controls work natively, the script is still on its way) counts once it has: a size picked, an
 * address typed. React keeps such a value in the DOM as it hydrates but fires no change event, so a
 * component that did not take it up would show one thing and act on another.
 */
import { expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const GLOVE_GUIDE = '/boxing-equipment/boxing-glove-size-guide';
const SCRIPTS = /\/assets\/.+\.js$/;

const site = builtSiteInBrowser();

/** A phone on `path` with every script held back until `release()`. */
async function openWithScriptsHeld(path: string) {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SCRIPTS, async (route: Route) => held.then(() => route.continue()));
  await page.goto(site.server.url + path, { waitUntil: 'domcontentloaded' });
  return { page, problems, release };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

test('a size picked before the script arrived is the card’s choice once it has hydrated', async () => {
  const { page, problems, release } = await openWithScriptsHeld(GLOVE_GUIDE);
  const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
  await card.getByRole('radio', { name: /^16 ?oz \(sold out\)$/ }).check();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  // The sold-out size stays picked, and the card acts on it: no "Add to cart" for it.
  const soldOut = card.getByRole('button', { name: 'Sold out' });
  await soldOut.waitFor();
  expect(await soldOut.isDisabled()).toBe(true);
  expect(await card.getByRole('radio', { name: /^16 ?oz \(sold out\)$/ }).isChecked()).toBe(true);
  // And the card goes on working: another size can be added.
  await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
  expect(await card.getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

test('an address typed before the script arrived is the one the sign-up sends', async () => {
  const { page, problems, release } = await openWithScriptsHeld('/');
  const form = page.getByRole('region', { name: 'Get a round in your inbox', exact: true });
  const email = `early.${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  const sent: unknown[] = [];
  page.on(
    'request',
    (r) => r.url().includes('/.netlify/functions/email-capture') && sent.push(r.postDataJSON()),
  );
  release();
  await hydrated(page);
  // The footer's form hydrates at idle or on approach; bring it into view as a visitor would.
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await form.getByRole('status').getByText('Thanks for signing up!').waitFor();
  expect(sent).toEqual([expect.objectContaining({ email, source: 'footer' })]);
  expect(problems).toEqual([]);
  await page.close();
});
