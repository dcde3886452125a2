/**
 * Analytics (spec §7) in Chromium against the built local stack: the browser's runtime sends to the
 * events function, which forwards with @segment/analytics-node to the local collector standing in
 * for Segment. A visitor's whole walk (landing with referral parameters, reading, a product, the
 * cart, codes, checkout, the order, a sign-up) leaves exactly the expected events, in order, each
 * once; with Global Privacy Control on it leaves none; events survive a closed tab (beacon) and a
 * collector outage (kept and retried).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type RunningServer } from '../support/local-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer({ CART_RATE_LIMIT: '0' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Message = {
  type: 'track' | 'page' | 'identify';
  event?: string;
  name?: string;
  messageId: string;
  anonymousId: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context?: {
    page?: { path?: string; url?: string };
    traits?: Record<string, unknown>;
    campaign?: Record<string, unknown>;
  };
};

const ARTICLE = '/boxing-equipment/boxing-glove-size-guide';

async function collected(): Promise<Message[]> {
  const res = await fetch(`${server.url}/_local/analytics`, { headers: { Accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: Message[] }).events;
}
const clearCollector = async () => {
  expect((await fetch(`${server.url}/_local/analytics`, { method: 'DELETE' })).ok).toBe(true);
};
const label = (m: Message) =>
  m.type === 'track' ? m.event : m.type === 'page' ? `page ${m.context?.page?.path}` : 'identify';

/** Polls the collector until `done` holds for what it has (the runtime batches once a second). */
async function until(done: (events: Message[]) => boolean, what: string, ms = 15_000): Promise<Message[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const events = await collected();
    if (done(events)) return events;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; collector has:\n${events.map(label).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const has =
  (event: string, count = 1) =>
  (events: Message[]) =>
    events.filter((m) => label(m) === event).length >= count;

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
/** The runtime has started: it took the referral parameters out of the address bar. */
const runtimeStarted = (page: Page) => page.waitForFunction(() => !location.search.includes('referral_aid'));

async function newVisitor(
  options: { gpc?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (options.gpc) {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const LANDING = `${ARTICLE}?referral_aid=a&referral_source=b&referrer_anonymous_id=c&utm_source=x`;

describe('a visitor walks through the site', () => {
  test('the collector holds exactly the expected events, in order, each once, with their properties', async () => {
    await clearCollector();
    const { context, page, problems } = await newVisitor();
    await page.goto(`${server.url}${LANDING}`);
    await hydrated(page);
    await runtimeStarted(page);
    // The address bar keeps only utm_source; no reload happened (the document is the same).
    expect(new URL(page.url()).search).toBe('?utm_source=x');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // Reading: the product comes into view.
    const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
    await card.scrollIntoViewIfNeeded();
    await until(has('Product Viewed'), 'Product Viewed');

    // A size, then Add to cart; the cart: open, one more, one fewer.
    await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    const header = page.locator('header.site-header');
    await header.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await header.getByRole('button', { name: /^Cart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await dialog.getByRole('listitem').filter({ hasText: 'Pro Boxing Gloves' }).waitFor();
    await until(has('Cart Viewed'), 'Cart Viewed');
    await dialog.getByRole('button', { name: /^Increase quantity of Pro Boxing Gloves/ }).click();
    await until(has('Product Added', 2), 'the second Product Added');
    await dialog.getByRole('button', { name: /^Decrease quantity of Pro Boxing Gloves/ }).click();
    await until(has('Product Removed'), 'Product Removed');

    // A good code, a bad one, and the bad one removed.
    const codeInput = dialog.getByRole('textbox', { name: 'Discount code' });
    await codeInput.fill('ROUND10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const codes = dialog.getByRole('list', { name: 'Discount codes' });
    await codes.getByText('applied', { exact: true }).waitFor();
    await codeInput.fill('SUMMER24');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await codes.getByRole('listitem').filter({ hasText: 'SUMMER24' }).getByText('not applicable').waitFor();
    await codes.getByRole('button', { name: 'Remove code SUMMER24' }).click();
    await until(has('Coupon Removed'), 'Coupon Removed');

    // Checkout, the order, and back to the site.
    await Promise.all([
      page.waitForURL(/\/_local\/shopify\/checkout\//),
      dialog.getByRole('link', { name: 'Checkout' }).click(),
    ]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await page.getByRole('status').textContent())?.match(/#(\d+)/)?.[1];
    expect(orderNumber).toBeTruthy();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('link', { name: 'Back to the shop' }).click(),
    ]);
    await hydrated(page);
    // The order number is taken out of the address bar once told.
    await page.waitForFunction(() => location.search === '');
    await until(has('Order Completed'), 'Order Completed');

    // Signing up in the footer.
    const footer = page.locator('footer.site-footer');
    await footer.getByRole('textbox', { name: 'Email address' }).fill('Fan@Example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Thanks for signing up!').waitFor();
    await until(has('Campaign Subscribed'), 'Campaign Subscribed');
    // A later event carries the visitor's traits.
    await page.getByRole('link', { name: 'Sitemap' }).first().click();
    await page.waitForURL((url) => url.pathname === '/sitemap');
    const events = await until(has('page /sitemap'), 'the page view of /sitemap');
    await context.close();

    // Each message once (messageIds unique), one anonymous id throughout.
    expect(new Set(events.map((m) => m.messageId)).size).toBe(events.length);
    expect(new Set(events.map((m) => m.anonymousId)).size).toBe(1);

    // The walk, in order: every event that is not about what scrolled into view.
    const VISIBILITY = new Set([
      'Element Viewed',
      'Campaign Viewed',
      'Product Viewed',
      'Product List Viewed',
    ]);
    const walk = events.filter((m) => !VISIBILITY.has(label(m) ?? ''));
    const cartId = walk.find((m) => m.event === 'Product Added')?.properties?.cart_id;
    expect(cartId).toMatch(/^[0-9a-f]{32}$/);
    const gloves = {
      product_id: expect.stringMatching(/^gid:\/\/shopify\/Product\//),
      name: 'Pro Boxing Gloves',
      brand: 'Roundhouse',
      variant: expect.stringMatching(/^12 ?oz$/),
      price: 69,
    };
    const table: [string, Record<string, unknown>][] = [
      [
        `page ${ARTICLE}`,
        {
          referral_aid: 'a',
          referral_source: 'b',
          referrer_anonymous_id: 'c',
          utm_source: 'x',
          path: ARTICLE,
        },
      ],
      ['Marketing Spend Updated', { campaign: { source: 'x' } }],
      ['Product Clicked', { name: 'Pro Boxing Gloves', brand: 'Roundhouse', position: 1 }],
      ['Product Clicked', { name: 'Pro Boxing Gloves', position: 1 }],
      ['Product Added', { ...gloves, cart_id: cartId, quantity: 1, sku: 'RH-GLV-12' }],
      [
        'Cart Viewed',
        { cart_id: cartId, products: [expect.objectContaining({ ...gloves, quantity: 1, position: 1 })] },
      ],
      ['Product Added', { ...gloves, cart_id: cartId, quantity: 1 }],
      ['Product Removed', { ...gloves, cart_id: cartId, quantity: 1 }],
      ['Coupon Entered', { cart_id: cartId, coupon_id: 'ROUND10' }],
      ['Coupon Applied', { cart_id: cartId, coupon_id: 'ROUND10', coupon_name: 'ROUND10', discount: 6.9 }],
      ['Coupon Entered', { cart_id: cartId, coupon_id: 'SUMMER24' }],
      ['Coupon Denied', { cart_id: cartId, coupon_id: 'SUMMER24', reason: 'DISCOUNT_CURRENTLY_INACTIVE' }],
      ['Coupon Removed', { cart_id: cartId, coupon_id: 'SUMMER24' }],
      [
        'Checkout Started',
        {
          cart_id: cartId,
          value: 62.1,
          revenue: 69,
          discount: 6.9,
          coupon: 'ROUND10',
          currency: 'USD',
          products: [expect.objectContaining({ ...gloves, quantity: 1 })],
        },
      ],
      ['page /', { order_id: orderNumber }],
      [
        'Order Completed',
        {
          checkout_id: cartId,
          order_id: orderNumber,
          total: 62.1,
          revenue: 69,
          discount: 6.9,
          coupon: 'ROUND10',
          currency: 'USD',
          products: [expect.objectContaining({ ...gloves, quantity: 1 })],
        },
      ],
      ['identify', {}],
      ['Campaign Subscribed', { campaign_id: 'email_capture:footer', source: 'footer' }],
      ['page /sitemap', { path: '/sitemap' }],
    ];
    expect(walk.map(label)).toEqual(table.map(([name]) => name));
    walk.forEach((message, i) => {
      expect(message.properties ?? {}, table[i]![0]).toMatchObject(table[i]![1]);
    });

    // The address bar's cleaning never reached the page view's URL only by luck: url has no referral.
    expect(walk[0]!.context?.page?.url).toBe(`${server.url}${ARTICLE}?utm_source=x`);
    // Identify carries the email (normalised) as a trait; every later message carries the traits;
    // no event property anywhere holds an address.
    const identifyAt = walk.findIndex((m) => m.type === 'identify');
    expect(walk[identifyAt]!.traits).toEqual({ email: 'fan@example.com' });
    for (const later of walk.slice(identifyAt + 1))
      expect(later.context?.traits).toEqual({ email: 'fan@example.com' });
    for (const message of events) {
      expect(JSON.stringify(message.properties ?? {})).not.toContain('@');
      expect(message.context?.page?.url ?? '').not.toContain('@');
    }

    // What scrolled into view: the product list and the product once each, 1-based positions.
    const viewed = events.filter((m) => VISIBILITY.has(label(m) ?? ''));
    expect(viewed.filter((m) => m.event === 'Product List Viewed')).toHaveLength(1);
    expect(viewed.find((m) => m.event === 'Product List Viewed')?.properties).toMatchObject({
      list_id: ARTICLE,
      products: [expect.objectContaining({ name: 'Pro Boxing Gloves', brand: 'Roundhouse', position: 1 })],
    });
    expect(viewed.filter((m) => m.event === 'Product Viewed')).toHaveLength(1);
    expect(viewed.find((m) => m.event === 'Product Viewed')?.properties).toMatchObject({
      name: 'Pro Boxing Gloves',
      position: 1,
      currency: 'USD',
      value: expect.any(Number),
    });
    // Element Viewed: each element once per page view.
    const elementKeys = viewed
      .filter((m) => m.event === 'Element Viewed' || m.event === 'Campaign Viewed')
      .map((m) => `${m.context?.page?.url} ${m.event} ${JSON.stringify(m.properties)}`);
    expect(new Set(elementKeys).size).toBe(elementKeys.length);
    expect(viewed.some((m) => m.event === 'Element Viewed')).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('what the page shows', () => {
  test('elements that matter are told once when 0.2 of them is in view, and when clicked', async () => {
    await clearCollector();
    const { context, page, problems } = await newVisitor();
    const path = '/for-members/your-first-week-at-roundhouse';
    await page.goto(`${server.url}${path}`);
    await hydrated(page);
    await page.waitForFunction(
      () => !Array.isArray((window as unknown as Record<string, unknown>).__rhAnalytics),
    );
    // Each element in turn stays in view until a (once-a-second) check has told it.
    const steps: [ReturnType<Page['locator']>, (p: Record<string, unknown>) => boolean][] = [
      [page.locator('.carousel__slide').first(), (p) => p.element_type === 'carousel_slide'],
      [
        page.getByRole('link', { name: 'See all training classes' }),
        (p) => p.element_name === 'See all training classes',
      ],
      [page.locator('.anchor-button').first(), (p) => p.element_name === 'Jump to the questions members ask'],
      [page.locator('main .ui-email-capture').first(), (p) => p.element_id === 'block'],
    ];
    for (const [element, told] of steps) {
      await element.scrollIntoViewIfNeeded();
      await until(
        (all) => all.some((m) => m.event === 'Element Viewed' && told(m.properties ?? {})),
        `Element Viewed for ${String(element)}`,
        5000,
      );
    }
    const cta = page.getByRole('link', { name: 'See all training classes' });
    await cta.scrollIntoViewIfNeeded();
    await cta.click();
    await page.waitForURL((url) => url.pathname === '/training');
    const events = await until(has('Element Clicked'), 'Element Clicked');
    const onArticle = events.filter((m) => m.context?.page?.path === path);
    const elements = onArticle.filter((m) => m.event === 'Element Viewed').map((m) => m.properties);
    expect(elements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          element_type: 'carousel_slide',
          position: 1,
          element_id: 'Recommended first classes',
        }),
        expect.objectContaining({
          element_type: 'cta',
          element_name: 'See all training classes',
          url: '/training',
        }),
        expect.objectContaining({ element_type: 'cta', element_name: 'Jump to the questions members ask' }),
        expect.objectContaining({ element_type: 'email_capture', element_id: 'block' }),
      ]),
    );
    // Only the current slide can be seen: slides 2 and 3 were never in view.
    expect(elements.filter((p) => p?.element_type === 'carousel_slide')).toHaveLength(1);
    // Each element once.
    const keys = elements.map((p) => JSON.stringify(p));
    expect(new Set(keys).size).toBe(keys.length);
    expect(onArticle.filter((m) => m.event === 'Campaign Viewed').map((m) => m.properties)).toEqual(
      expect.arrayContaining([expect.objectContaining({ campaign_id: 'email_capture:block' })]),
    );
    expect(onArticle.filter((m) => m.event === 'Element Clicked').map((m) => m.properties)).toEqual([
      expect.objectContaining({
        element_type: 'cta',
        element_name: 'See all training classes',
        url: '/training',
      }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  test('a script error and a payload that fails to load are told as Internal Error', async () => {
    await clearCollector();
    const { context, page } = await newVisitor();
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await page.waitForFunction(
      () => !Array.isArray((window as unknown as Record<string, unknown>).__rhAnalytics),
    );
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom in a timer');
      }, 0),
    );
    await page.route('**/_payload/**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.locator('footer.site-footer').getByRole('link', { name: 'Sitemap' }).click();
    const events = await until(has('Internal Error', 2), 'two Internal Errors');
    expect(events.filter((m) => m.event === 'Internal Error').map((m) => m.properties)).toEqual([
      expect.objectContaining({ error_type: 'script', message: expect.stringContaining('boom in a timer') }),
      expect.objectContaining({ error_type: 'payload', status: 503, path: '/sitemap' }),
    ]);
    await context.close();
  }, 60_000);
});

describe('privacy', () => {
  test('with Global Privacy Control on, nothing is recorded', async () => {
    await clearCollector();
    const { context, page } = await newVisitor({ gpc: true });
    await page.goto(`${server.url}${LANDING}`);
    await hydrated(page);
    // The runtime ran (it takes the referral parameters out for everyone)...
    await runtimeStarted(page);
    const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('header.site-header').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    // ...and stored nothing, and sent nothing (a batch would have gone within a second).
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rh_')))).toEqual(
      [],
    );
    await context.close();
    expect(await collected()).toEqual([]);
  }, 60_000);
});

describe('delivery', () => {
  test('events raised right before the tab closes arrive (beacon)', async () => {
    await clearCollector();
    const { context, page } = await newVisitor();
    await page.goto(`${server.url}${ARTICLE}`);
    await hydrated(page);
    await page.waitForFunction(
      () => !Array.isArray((window as unknown as Record<string, unknown>).__rhAnalytics),
    );
    const card = page.getByRole('article', { name: 'Pro Boxing Gloves' });
    await card.getByRole('radio', { name: /^12 ?oz$/ }).check();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('header.site-header').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    // Closed at once: the batch window (a second) has not passed; the beacon carries it.
    await page.close({ runBeforeUnload: true });
    const events = await until(has('Product Added'), 'Product Added after the tab closed');
    expect(events.filter((m) => m.event === 'Product Added')).toHaveLength(1);
    await context.close();
  }, 60_000);

  test('during a collector outage events are kept, and each arrives once when it is back', async () => {
    await clearCollector();
    const fault = await fetch(`${server.url}/_local/analytics/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    expect(fault.ok).toBe(true);
    const { context, page } = await newVisitor();
    try {
      await page.goto(`${server.url}${LANDING}`);
      await hydrated(page);
      await runtimeStarted(page);
      // The first send fails (503 passed on by the function): the page view waits in the outbox.
      await page.waitForFunction(() => (localStorage.getItem('rh_outbox') ?? '').includes('"type":"page"'));
      await page.waitForTimeout(1500);
      expect(await collected()).toEqual([]);
      // A client navigation (more events), then a full page load while the collector is still down:
      // the beacon on leaving keeps them (the send failed), the new page keeps trying.
      await page.getByRole('link', { name: 'Sitemap' }).first().click();
      await page.waitForURL((url) => url.pathname === '/sitemap');
      await page.goto(`${server.url}/`);
      await hydrated(page);
    } finally {
      expect((await fetch(`${server.url}/_local/analytics/faults`, { method: 'DELETE' })).ok).toBe(true);
    }
    // Back: the outbox drains (the retry, or the next page's first send).
    const events = await until(
      (all) => has(`page ${ARTICLE}`)(all) && has('page /sitemap')(all) && has('page /')(all),
      'the three page views after the outage',
      30_000,
    );
    expect(new Set(events.map((m) => m.messageId)).size).toBe(events.length);
    for (const path of [ARTICLE, '/sitemap', '/'])
      expect(events.filter((m) => label(m) === `page ${path}`)).toHaveLength(1);
    await page.waitForFunction(() => localStorage.getItem('rh_outbox') === null, undefined, {
      timeout: 15_000,
    });
    await context.close();
  }, 90_000);
});
