/**
 * The Content-Security-Policy in Chromium on the local stack: every template, and the interactive
 * widgets (carousel, video, cart drawer, product card, email forms, the YouTube player's frame),
 * run with zero violations; a script without the answer's nonce is refused (the policy is really
 * enforced) and reported to the report endpoint. Also the security headers of every kind of answer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { BASE_SECURITY_HEADERS } from '../../src/http/security';
import { pageModules } from '../support/page-modules.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer({ CART_RATE_LIMIT: '0' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Watched = { page: Page; violations: () => Promise<string[]>; problems: string[] };

/** A page that records every CSP violation (and console error) from its first byte. */
async function watched(): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return {
    page,
    problems,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

describe('zero violations', () => {
  test.each([
    '/',
    '/training/how-to-throw-a-jab',
    '/c',
    '/c/training',
    '/t',
    '/t/technique',
    '/author',
    '/training',
    '/sitemap',
    '/p/privacy',
    '/no-such-page',
  ])('%s', async (path) => {
    const { page, violations, problems } = await watched();
    await page.goto(`${server.url}${path}`);
    await hydrated(page);
    // Scrolled through, so lazy images and blocks load, and idle, so analytics arrives.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => !Array.isArray((window as unknown as Record<string, unknown>).__rhAnalytics),
    );
    expect(await violations()).toEqual([]);
    // The 404 page's own status is the one console line it may have.
    expect(problems.filter((p) => !(path === '/no-such-page' && /status of 404/.test(p)))).toEqual([]);
    await page.close();
  });

  test('the widgets: carousel, video, product card, cart drawer, email form, a client navigation', async () => {
    const { page, violations, problems } = await watched();
    await page.goto(`${server.url}/for-members/your-first-week-at-roundhouse`);
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Recommended first classes' });
    await carousel.scrollIntoViewIfNeeded();
    await carousel.getByRole('button', { name: /next/i }).click();
    const video = page.getByRole('group', { name: /A round of jab drills/ });
    await video.scrollIntoViewIfNeeded();
    await video.locator('video').click();
    const card = page.locator('.ui-product-card[data-product]').first();
    await card.scrollIntoViewIfNeeded();
    const sizes = card.getByRole('radio');
    if ((await sizes.count()) > 0) await sizes.first().check();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    const header = page.locator('header.site-header');
    await header.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await header.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByRole('listitem').first().waitFor();
    await page.keyboard.press('Escape');
    const footer = page.locator('footer.site-footer');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(`csp-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Thanks for signing up!').waitFor();
    await footer.getByRole('link', { name: 'Sitemap' }).click();
    await page.waitForURL((url) => url.pathname === '/sitemap');
    // The YouTube player's frame is allowed (frame-src); offline it does not load, which is no violation.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://www.youtube-nocookie.com/embed/abc';
      document.body.append(frame);
    });
    await page.waitForTimeout(300);
    expect(await violations()).toEqual([]);
    expect(problems.filter((p) => !/youtube-nocookie|ERR_NAME_NOT_RESOLVED|ERR_INTERNET/.test(p))).toEqual(
      [],
    );
    await page.close();
  }, 60_000);
});

test('a script without the nonce is refused, and the browser reports it', async () => {
  const { page } = await watched();
  await page.goto(`${server.url}/`);
  await hydrated(page);
  const ran = await page.evaluate(() => {
    const script = document.createElement('div');
    // What an injected string of markup would do: parser-inserted, no nonce.
    script.innerHTML = '<img src="x" onerror="window.__pwned = true">';
    document.body.append(script);
    return new Promise<boolean>((resolve) =>
      setTimeout(() => resolve((window as unknown as { __pwned?: boolean }).__pwned === true), 300),
    );
  });
  expect(ran).toBe(false);
  await page.waitForFunction(() =>
    (window as unknown as { __csp: string[] }).__csp.some((v) => v.startsWith('script-src-attr')),
  );
  // The report reaches the endpoint, which keeps it (and logs a line without the query).
  const deadline = Date.now() + 10_000;
  while (!server.output().includes('csp violation: script-src-attr') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  expect(server.output()).toContain('csp violation: script-src-attr blocked inline on');
  await page.close();
});

describe('security headers on every kind of answer', () => {
  const kinds: [string, string, RequestInit?][] = [
    ['page', '/training/how-to-throw-a-jab'],
    ['404 page', '/no-such-page'],
    ['payload', '/_payload/training/how-to-throw-a-jab'],
    ['redirect', '/Training/How-To-Throw-A-Jab'],
    ['feed', '/feed.xml'],
    ['robots', '/robots.txt'],
    [
      'function',
      '/.netlify/functions/cart',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"action":"get"}' },
    ],
    [
      'function error',
      '/.netlify/functions/email-capture',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
    ],
    ['static script', '/assets/'],
    ['static icon', '/favicon.ico'],
  ];
  test.each(kinds)('%s', async (_kind, path, init) => {
    let target = path;
    if (path === '/assets/') {
      const html = await (await fetch(`${server.url}/`)).text();
      target = pageModules(html)?.entry ?? '/assets/missing.js';
    }
    const res = await fetch(`${server.url}${target}`, { redirect: 'manual', ...init });
    expect(res.status).toBeLessThan(500);
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
      if (name === 'Content-Security-Policy') continue;
      expect(res.headers.get(name), `${name} on ${target}`).toBe(value);
    }
    // Not sent, on purpose (README, Security headers): a page opened in a new tab would paint later.
    expect(res.headers.get('cross-origin-opener-policy'), target).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp).not.toContain('unsafe-eval');
      expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      for (const d of [
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        'report-uri /.netlify/functions/csp-report',
      ])
        expect(csp).toContain(d);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const html = await res.text();
      expect(html).toContain(`nonce="${nonce}"`);
    } else {
      expect(csp).toContain("default-src 'none'");
    }
  });
});
