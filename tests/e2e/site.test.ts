/**
 * The built site in real Chromium: every route server-renders its content, hydrates with no
 * console error, navigates client-side without a full reload, and shows the 404 page.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();

type Watched = { page: Page; problems: string[]; documents: string[]; payloads: string[] };

async function open(path: string): Promise<Watched & { status: number }> {
  const page = await site.browser.newPage();
  const problems: string[] = [];
  const documents: string[] = [];
  const payloads: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
    if (r.url().includes('/_payload')) payloads.push(r.url());
  });
  const response = await page.goto(site.server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
    timeout: 15_000,
  });
  return { page, problems, documents, payloads, status: response?.status() ?? 0 };
}

/** The HTML as the server sent it, before any script ran. */
async function serverHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(site.server.url + path);
  return { status: response.status, html: await response.text() };
}

/** Every aria-controls / aria-labelledby / aria-describedby / label[for] naming a missing id. */
function danglingIdReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const missing: string[] = [];
    for (const el of document.querySelectorAll(
      '[aria-controls], [aria-labelledby], [aria-describedby], label[for]',
    )) {
      for (const attr of ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for']) {
        for (const id of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id))
            missing.push(`${el.tagName.toLowerCase()}.${el.className} ${attr}=${id}`);
        }
      }
    }
    return missing;
  });
}

const routes = [
  '/',
  '/sitemap',
  '/author',
  '/c',
  '/t',
  '/training',
  '/c/training',
  // The demo article that shows every content block.
  '/for-members/your-first-week-at-roundhouse',
  // An equipment article with a store product block (prices from the local store at render time).
  '/boxing-equipment/boxing-glove-size-guide',
  // An editorial page (pages/privacy): its blocks through the registry.
  '/p/privacy',
];

describe('every route', () => {
  test.each(routes)('%s server-renders a heading and hydrates without console errors', async (path) => {
    const { status, html } = await serverHtml(path);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toContain('window.__INITIAL_STATE__=');
    const { page, problems, payloads } = await open(path);
    expect(problems).toEqual([]);
    // Ids made by useId agree between server and client: a reference rendered only after hydration
    // (the carousel's pause control on a wide screen) points at an element the server rendered.
    expect(await danglingIdReferences(page)).toEqual([]);
    // Hydration used the global payload: the page's own payload is never fetched on first load
    // (other pages' payloads may be, by link prefetching).
    const own = `${site.server.url}/_payload${path === '/' ? '' : path}`;
    expect(payloads).not.toContain(own);
    await page.close();
  });

  test('an article, an author, a topic server-render and hydrate', async () => {
    const sitemap = await serverHtml('/sitemap');
    const pick = (re: RegExp) => {
      const found = sitemap.html.match(re)?.[1];
      expect(found, `no link matching ${re} on the sitemap`).toBeTruthy();
      return found as string;
    };
    const paths = [
      pick(/href="(\/training\/[a-z0-9-]+)"/),
      pick(/href="(\/author\/[a-z0-9-]+)"/),
      pick(/href="(\/t\/[a-z0-9-]+)"/),
    ];
    for (const path of paths) {
      const { status, html } = await serverHtml(path);
      expect(status, path).toBe(200);
      expect(html).toMatch(/<h1[^>]*>/);
      const { page, problems } = await open(path);
      expect(problems, path).toEqual([]);
      await page.close();
    }
  });
});

test('unknown pages show the 404 page inside the error layout', async () => {
  for (const path of [
    '/no-such-category',
    '/training/no-such-article',
    '/c/nope',
    '/t/nope',
    '/author/nope',
    '/p/nope',
    '/p/Bad_Slug!',
    '/training?page=abc',
  ]) {
    const { status, html } = await serverHtml(path);
    expect(status, path).toBe(404);
    expect(html).toContain('This page could not be found');
  }
  const { page, status, problems } = await open('/no-such-category/at/all');
  expect(status).toBe(404);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
    'This page could not be found',
  );
  // The document's own 404 is the only complaint (the browser logs it).
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  await page.close();
});

test('a client navigation to a missing page shows the 404 page in the error layout', async () => {
  const { page, documents, problems } = await open('/training');
  // A back/forward to an address that no longer exists: the router navigates, no document loads.
  await page.evaluate(() => {
    history.pushState(null, '', '/training/no-such-article');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('heading', { level: 1, name: 'This page could not be found' }).waitFor();
  expect(await page.title()).toContain('This page could not be found');
  expect(documents).toHaveLength(1);
  // The payload's 404 is the only complaint (the browser logs the failed fetch).
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  await page.close();
});

test('the footer’s privacy link and the sign-up’s consent line open /p/privacy client-side; /p/home is home', async () => {
  const { page, problems, documents, payloads } = await open('/');
  const footer = page.getByRole('contentinfo');
  const consent = footer.locator('.ui-email-capture__consent');
  expect(await consent.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/p/privacy');
  const pages = footer.getByRole('navigation', { name: 'About Roundhouse' });
  expect(
    await pages.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(['/p/about', '/p/privacy', '/p/terms']);
  await pages.getByRole('link', { name: 'Privacy policy' }).click();
  await page.waitForURL(/\/p\/privacy$/);
  await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Email sign-ups' }).waitFor();
  expect(await page.title()).toBe('Privacy Policy | Roundhouse');
  expect(documents).toHaveLength(1);
  expect(payloads).toContain(`${site.server.url}/_payload/p/privacy`);
  expect(problems).toEqual([]);
  await page.close();

  const home = await fetch(`${site.server.url}/p/home`, { redirect: 'manual' });
  expect(home.status).toBe(301);
  expect(home.headers.get('location')).toBe('/');
});

test('navigates home → category → article → author client-side, without a full reload', async () => {
  const { page, problems, documents, payloads } = await open('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  // The category dropdown, as a visitor uses it: open it, then follow "All Training".
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Training' }).click();
  await nav.getByRole('link', { name: 'All Training' }).click();
  await page.waitForURL(/\/training$/);
  await page.getByRole('heading', { level: 1, name: /training/i }).waitFor();

  const article = page.locator('main a[href^="/training/"]').first();
  const articleHref = await article.getAttribute('href');
  await article.click();
  await page.waitForURL((url) => url.pathname === articleHref);
  await page.locator('main h1.article-header__title').waitFor();
  const articleTitle = await article.textContent();
  expect(articleTitle).toBeTruthy();

  const author = page.locator('main a[href^="/author/"]').first();
  const authorHref = await author.getAttribute('href');
  await author.click();
  await page.waitForURL((url) => url.pathname === authorHref);
  await page.locator('main h1.profile__name').waitFor();

  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(documents).toHaveLength(1);
  // Each step was served by a payload (fetched on click or prefetched), not a document.
  for (const path of ['/training', articleHref, authorHref])
    expect(payloads).toContain(`${site.server.url}/_payload${path}`);
  expect(problems).toEqual([]);
  await page.close();
});

describe("kept cards: a grid the HTML shows hydrates without its cards' data (src/app/kept-cards.ts)", () => {
  test('a listing keeps its server-rendered cards, and a click on one is a client navigation', async () => {
    const { page, problems, documents, payloads } = await open('/training');
    // The page's payload named the cards by uuid only: what shows is the server's markup.
    const kept = await page.evaluate(() => {
      const state = (window as unknown as { __INITIAL_STATE__: { loaderData: Record<string, unknown> } })
        .__INITIAL_STATE__;
      const { stories } = (state.loaderData.listing as { articles: { stories: { kept?: true }[] } }).articles;
      return stories.filter((s) => s.kept).length;
    });
    const cards = page.locator('main .card-grid > li');
    expect(kept).toBeGreaterThan(3);
    expect(await cards.count()).toBe(kept);
    const { html } = await serverHtml('/training');
    const titles = await cards.locator('h2').allTextContents();
    const sent = await page.evaluate(
      (doc) =>
        [...new DOMParser().parseFromString(doc, 'text/html').querySelectorAll('main .card-grid h2')].map(
          (h) => h.textContent,
        ),
      html,
    );
    expect(titles).toEqual(sent);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

    const third = cards.nth(2).getByRole('link');
    const href = await third.getAttribute('href');
    const title = await third.textContent();
    await third.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('heading', { level: 1, name: title! }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    expect(documents).toHaveLength(1);
    expect(payloads).toContain(`${site.server.url}/_payload${href}`);

    // Back to the listing: a client navigation renders whole cards from the JSON payload.
    await page.goBack();
    await page.waitForURL(/\/training$/);
    await expect.poll(() => cards.locator('h2').allTextContents()).toEqual(titles);
    expect(documents).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a modified click on a kept card is left to the browser (a new tab), not taken over', async () => {
    const { page, problems, documents } = await open('/training');
    const link = page.locator('main .card-grid > li').nth(1).getByRole('link');
    const href = (await link.getAttribute('href'))!;
    // The browser's own new tab, for the card's address. Its load is not awaited: in
    // @sparticuz/chromium's headless shell (143) the renderer of a background tab crashes (SIGSEGV,
    // Target.targetCrashed) on any same-site page, a bare one too, unless a response header moves it
    // to a new process, so there the tab's address is only seen as its document request; Debian's
    // Chromium 156 loads the tab. What the listing did with the click is the test.
    const requested: string[] = [];
    page.context().on('request', (r) => {
      if (r.isNavigationRequest()) requested.push(new URL(r.url()).pathname);
    });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page', { timeout: 10_000 }),
      link.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await expect
      .poll(() => (tab.url().startsWith('http') ? [new URL(tab.url()).pathname] : requested), {
        timeout: 10_000,
      })
      .toContain(href);
    // The listing stays as it was: its address, and no document of its own for the card (its
    // payload may be fetched: links in view are prefetched).
    expect(new URL(page.url()).pathname).toBe('/training');
    expect(documents).toHaveLength(1);
    expect(problems).toEqual([]);
    // Both tabs share the listing's context. CI once hit the test's 60 s timeout here with no
    // assertion or timed wait failing, which leaves the closes: closing a tab whose renderer
    // crashed may wait without end. The context goes with its tabs; the browser closes after the
    // file in any case.
    await Promise.race([page.context().close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });

  test("home's Load more appends the next page after the kept cards, which stay as they were", async () => {
    const { page, problems } = await open('/');
    const cards = page.locator('main .card-grid > li');
    const first = await cards.locator('h3').allTextContents();
    expect(first.length).toBe(25);
    await page.getByRole('link', { name: 'Load more stories' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(25);
    const all = await cards.locator('h3').allTextContents();
    expect(all.slice(0, 25)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'stories shown' }).textContent())
      .toBe(`${all.length} stories shown`);
    // A kept card still navigates client-side after the grid grew.
    const link = cards.nth(10).getByRole('link');
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('main h1.article-header__title').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
