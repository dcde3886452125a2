/**
 * Behaviour only a real browser proves: scroll restoration across client navigations, the
 * keyboard path through a nav dropdown, the mobile menu, and an accessibility scan of every template.
 */
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function open(path: string, width = 1280, height = 800): Promise<Page> {
  const page = await site.browser.newPage({ viewport: { width, height } });
  await page.goto(site.server.url + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

test('a client navigation starts at the top and going back restores the scroll position', async () => {
  const page = await open('/training');
  await page.evaluate(() => window.scrollTo(0, 1200));
  await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 2);
  const link = page.locator('main a[href^="/training/"]').last();
  const href = await link.getAttribute('href');
  const listingTitle = await page.locator('main h1').first().textContent();
  await link.evaluate((a: HTMLAnchorElement) => a.click());
  await page.waitForURL((url) => url.pathname === href);
  // React Router pushes the URL before React commits the new route (a transition), so the
  // listing's own h1 is still on screen for a moment: wait for the article's.
  await page.waitForFunction(
    (before) => document.querySelector('main h1')?.textContent !== before,
    listingTitle,
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await page.waitForURL(/\/training$/);
  await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 2, null, { timeout: 5000 });
  await page.close();
});

test('a category dropdown works from the keyboard and Escape returns focus to its button', async () => {
  const page = await open('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const button = nav.getByRole('button', { name: 'Training' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
  const allTraining = nav.getByRole('link', { name: 'All Training' });
  expect(await allTraining.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
  expect(await allTraining.isVisible()).toBe(false);
  expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.close();
});

test('on a phone the menu opens as a dialog, closes on Escape and gives focus back', async () => {
  const page = await open('/', 375, 800);
  const toggle = page.locator('header').getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await dialog.waitFor();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.close();
});

test('no template has a serious or critical accessibility violation (axe-core), nor headings out of order, phone and desktop', async () => {
  const sitemap = await (await fetch(`${site.server.url}/sitemap`)).text();
  const first = (re: RegExp) => sitemap.match(re)?.[1] ?? '/';
  const paths = [
    '/',
    first(/href="(\/training\/[a-z0-9-]+)"/),
    '/training',
    '/c/training',
    first(/href="(\/t\/[a-z0-9-]+)"/),
    first(/href="(\/author\/[a-z0-9-]+)"/),
    '/c',
    '/t',
    '/author',
    '/sitemap',
    '/no-such-page',
    '/for-members/your-first-week-at-roundhouse',
    '/p/privacy',
  ];
  const found: string[] = [];
  for (const width of [375, 1280]) {
    for (const path of paths) {
      const page = await open(path, width);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: () => Promise<{
                violations: {
                  id: string;
                  impact: string;
                  nodes: { target: unknown[]; failureSummary?: string }[];
                }[];
              }>;
            };
          }
        ).axe;
        const result = await axe.run();
        return (
          result.violations
            // heading-order is "moderate" to axe, and counts in Lighthouse's accessibility score.
            .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
            .map((v) => {
              const where = v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`);
              return `${v.id} (${v.impact}) at ${where.join(' | ')}`;
            })
        );
      });
      for (const v of violations) found.push(`${width}px ${path}: ${v}`);
      await page.close();
    }
  }
  expect(found).toEqual([]);
});
