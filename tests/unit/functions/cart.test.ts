/**
 * The cart function through its handler against the local Storefront stand-in (the real store
 * client and the official schema): every action, the error paths a shopper meets, the cookie that
 * carries the cart, and the boundary's answers to bad requests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { parseConfig } from '../../../src/config/env';
import {
  CART_CHECKOUT_PATH,
  CART_COOKIE,
  CART_COUNT_COOKIE,
  createCart,
  type CartResponse,
} from '../../../src/functions/cart/index';
import { createStoreService } from '../../../src/local/store-service/index';

const SITE = 'https://shop.roundhouse.test';
const FUNCTION_URL = `${SITE}/.netlify/functions/cart`;
const GLOVES_12 = 'gid://shopify/ProductVariant/100102';
const GLOVES_14 = 'gid://shopify/ProductVariant/100103';
const GLOVES_16_SOLD_OUT = 'gid://shopify/ProductVariant/100104';
const WRAPS_120 = 'gid://shopify/ProductVariant/100201';
const BAG_BUNDLE = 'gid://shopify/ProductVariant/100301';
const SHOPPER_IP = '203.0.113.9';

type Service = ReturnType<typeof createStoreService>;
let service: Service;
let handle: (request: Request, context?: { ip?: string }) => Promise<Response>;
let cookie: string | null;
/** The readable count cookie as the browser keeps it. */
let countCookie: string | null;
let clock: number;
/** Rewrites the store's answers on their way to the function (a store misbehaving). */
let tamper: ((text: string) => string) | null;

/**
 * Every answer the cart function gave in this file, and every cart id it put in a cookie: the
 * last test checks no body ever carried a cart id or its key.
 */
const answers: { status: number; type: string | null; body: string; headers: Headers }[] = [];
const cartIds = new Set<string>();

function start(country = 'US', env: Record<string, string> = {}) {
  service = createStoreService({
    publicToken: 'test-token',
    dataFile: path.join(mkdtempSync(path.join(tmpdir(), 'carts-')), 'carts.json'),
    basePath: '/_shopify',
    origin: 'http://store.test',
  });
  tamper = null;
  clock = Date.parse('2026-11-25T10:00:00Z');
  const cart = createCart(
    parseConfig({
      SHOPIFY_STORE_DOMAIN: 'http://store.test/_shopify',
      SHOPIFY_STOREFRONT_TOKEN: 'test-token',
      STORE_COUNTRY: country,
      ...env,
    }),
    {
      fetch: async (input, init) => {
        const response = await service.handle(new Request(input, init));
        if (!tamper) return response;
        return new Response(tamper(await response.text()), {
          status: response.status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
      log: () => {},
      now: () => clock,
    },
  );
  handle = async (request, context) => {
    const response = await cart(request, context);
    const copy = response.clone();
    answers.push({
      status: copy.status,
      type: copy.headers.get('content-type'),
      body: await copy.text(),
      headers: copy.headers,
    });
    for (const set of response.headers.getSetCookie()) {
      const value = /^rh_cart=([^;]+)/.exec(set)?.[1];
      if (value) cartIds.add(decodeURIComponent(value));
    }
    return response;
  };
  cookie = null;
  countCookie = null;
}
beforeEach(() => start());

/** The store calls made so far (GraphQL requests to the stand-in), by operation. */
const storeCalls = () => service.requests.filter((r) => r.path.endsWith('/graphql.json'));
const cartsCreated = () => storeCalls().filter((r) => r.operationName === 'cartCreate').length;

/** The cookies as the browser would send them. */
function jar(): Record<string, string> {
  const parts = [cookie && `${CART_COOKIE}=${cookie}`, countCookie && `${CART_COUNT_COOKIE}=${countCookie}`];
  return parts.some(Boolean) ? { Cookie: parts.filter(Boolean).join('; ') } : {};
}

/** Keeps the cookies an answer sets, like a browser. */
function keepCookies(response: Response) {
  const cookies = response.headers.getSetCookie();
  const setCookie = cookies.find((c) => c.startsWith(`${CART_COOKIE}=`)) ?? null;
  const setCount = cookies.find((c) => c.startsWith(`${CART_COUNT_COOKIE}=`)) ?? null;
  if (setCookie) {
    const value = /^rh_cart=([^;]*)/.exec(setCookie)?.[1] ?? '';
    cookie = value === '' || /Max-Age=0/.test(setCookie) ? null : value;
  }
  if (setCount) {
    const value = /^rh_cart_count=([^;]*)/.exec(setCount)?.[1] ?? '';
    countCookie = value === '' || /Max-Age=0/.test(setCount) ? null : value;
  }
  return { setCookie, setCount };
}

/** POST an action as the site's own page would, keeping the cookies like a browser. */
async function send(
  body: unknown,
  init: { origin?: string | null; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...jar(), ...init.headers };
  if (init.origin !== null) headers.Origin = init.origin ?? SITE;
  const response = await handle(
    new Request(FUNCTION_URL, { method: 'POST', headers, body: JSON.stringify(body) }),
    { ip: init.ip ?? SHOPPER_IP },
  );
  const { setCookie, setCount } = keepCookies(response);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as CartResponse & { errors?: unknown },
    setCookie,
    setCount,
  };
}

/** Follow the drawer's checkout link (a top-level GET navigation), keeping the cookies. */
async function goToCheckout(init: { ip?: string } = {}) {
  const response = await handle(
    new Request(`${SITE}${CART_CHECKOUT_PATH}`, {
      headers: { ...jar(), 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
      redirect: 'manual',
    }),
    { ip: init.ip ?? SHOPPER_IP },
  );
  const { setCookie, setCount } = keepCookies(response);
  return { response, location: response.headers.get('location'), setCookie, setCount };
}

const lineOf = (body: CartResponse, variant: string) =>
  body.cart?.lines.find((l) => l.merchandise.id === variant);

describe('actions', () => {
  test('linesAdd without a cart creates one and sets an HttpOnly, SameSite=Lax, Secure cookie scoped to the function', async () => {
    const { status, body, setCookie } = await send({
      action: 'linesAdd',
      lines: [{ merchandiseId: GLOVES_12, quantity: 2 }],
    });
    expect(status).toBe(200);
    expect(body.cart?.totalQuantity).toBe(2);
    expect(lineOf(body, GLOVES_12)?.merchandise.productTitle).toBe('Pro Boxing Gloves');
    expect(body.cart?.cost.subtotal).toEqual({ amount: '138.00', currencyCode: 'USD' });
    expect(setCookie).toMatch(/^rh_cart=gid%3A%2F%2Fshopify%2FCart%2F/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/.netlify/functions/cart');
    // The id (and its key) stays in the cookie: the body carries neither, nor the checkout URL
    // (which has the key in it too): checkout goes through GET ?action=checkout.
    expect(JSON.stringify(body)).not.toContain('gid://shopify/Cart/');
    expect(JSON.stringify(body)).not.toContain('key=');
    expect(body.cart).not.toHaveProperty('checkoutUrl');
    expect(body.cart).not.toHaveProperty('id');
    // Analytics' cart_id: a digest of the cart, the same on every answer about it.
    expect(body.cart?.publicId).toMatch(/^[0-9a-f]{32}$/);
  });

  test('on localhost the cookie is not Secure (plain http)', async () => {
    const response = await handle(
      new Request('http://localhost:8888/.netlify/functions/cart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:8888' },
        body: JSON.stringify({ action: 'create' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).not.toContain('Secure');
  });

  test('get: no cart yet is an empty answer; then the same cart comes back', async () => {
    expect((await send({ action: 'get' })).body).toEqual({ cart: null, userErrors: [], warnings: [] });
    await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    const { body } = await send({ action: 'get' });
    expect(body.cart?.lines).toHaveLength(1);
  });

  test('adding the same variant again merges into one line; update changes it; quantity 0 or remove takes it out', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const merged = (await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 2 }] }))
      .body;
    expect(merged.cart?.lines).toHaveLength(1);
    const line = lineOf(merged, GLOVES_12)!;
    expect(line.quantity).toBe(3);
    const updated = (await send({ action: 'linesUpdate', lines: [{ id: line.id, quantity: 1 }] })).body;
    expect(lineOf(updated, GLOVES_12)?.quantity).toBe(1);
    const zero = (await send({ action: 'linesUpdate', lines: [{ id: line.id, quantity: 0 }] })).body;
    expect(zero.cart?.lines).toEqual([]);
    const again = (await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] })).body;
    const removed = (await send({ action: 'linesRemove', lineIds: [again.cart!.lines[0]!.id] })).body;
    expect(removed.cart?.totalQuantity).toBe(0);
  });

  test('discount codes: a valid one applies (any case), an expired one is not applicable and says why', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const { body } = await send({ action: 'discountCodesUpdate', discountCodes: ['round10', 'SUMMER24'] });
    expect(body.cart?.discountCodes).toEqual([
      { code: 'round10', applicable: true },
      { code: 'SUMMER24', applicable: false },
    ]);
    expect(body.cart?.cost.total).toEqual({ amount: '62.10', currencyCode: 'USD' });
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'DISCOUNT_CURRENTLY_INACTIVE', target: 'cart' }),
    ]);
    const cleared = (await send({ action: 'discountCodesUpdate', discountCodes: [] })).body;
    expect(cleared.cart?.discountCodes).toEqual([]);
    expect(cleared.cart?.cost.total.amount).toBe('69.00');
  });

  test('buyer identity, delivery address and a delivery option', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const who = (
      await send({
        action: 'buyerIdentityUpdate',
        buyerIdentity: { email: 'shopper@example.com', countryCode: 'us' },
      })
    ).body;
    expect(who.cart?.buyerIdentity).toMatchObject({ email: 'shopper@example.com', countryCode: 'US' });
    const added = (
      await send({
        action: 'deliveryAddressesAdd',
        addresses: [
          {
            address: {
              address1: '1 Ring Road',
              city: 'Austin',
              provinceCode: 'TX',
              countryCode: 'US',
              zip: '73301',
            },
          },
        ],
      })
    ).body;
    expect(added.cart?.deliveryAddresses).toEqual([
      expect.objectContaining({ selected: true, city: 'Austin' }),
    ]);
    const address = added.cart!.deliveryAddresses[0]!;
    const moved = (
      await send({
        action: 'deliveryAddressesUpdate',
        addresses: [
          {
            id: address.id,
            address: {
              address1: '2 Ring Road',
              city: 'Dallas',
              provinceCode: 'TX',
              countryCode: 'US',
              zip: '75201',
            },
          },
        ],
      })
    ).body;
    expect(moved.cart?.deliveryAddresses[0]).toMatchObject({ city: 'Dallas' });
    const group = moved.cart!.deliveryGroups[0]!;
    expect(group.options.map((o) => o.handle)).toEqual(expect.arrayContaining(['standard', 'express']));
    const chosen = (
      await send({
        action: 'deliveryOptionSelect',
        deliveryGroupId: group.id,
        deliveryOptionHandle: 'express',
      })
    ).body;
    expect(chosen.cart?.deliveryGroups[0]?.selectedHandle).toBe('express');
    expect(chosen.cart?.cost.total.amount).toBe('88.00'); // 69 + 19 express
  });
});

describe('what a shopper can run into', () => {
  test('a sold-out variant: PRODUCT_NOT_AVAILABLE, and the cart is unchanged', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_14 }] });
    const { status, body } = await send({
      action: 'linesAdd',
      lines: [{ merchandiseId: GLOVES_16_SOLD_OUT }],
    });
    expect(status).toBe(200);
    expect(body.userErrors).toEqual([expect.objectContaining({ code: 'PRODUCT_NOT_AVAILABLE' })]);
    expect(body.cart?.lines.map((l) => l.merchandise.id)).toEqual([GLOVES_14]);
  });

  test('an unknown variant: PRODUCT_NOT_AVAILABLE', async () => {
    const { body } = await send({
      action: 'linesAdd',
      lines: [{ merchandiseId: 'gid://shopify/ProductVariant/999999' }],
    });
    expect(body.userErrors).toEqual([expect.objectContaining({ code: 'PRODUCT_NOT_AVAILABLE' })]);
  });

  test('a product not shipped to the buyer country: INVALID_FOR_COUNTRY', async () => {
    start('AU');
    const { body } = await send({ action: 'linesAdd', lines: [{ merchandiseId: BAG_BUNDLE }] });
    expect(body.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_FOR_COUNTRY' })]);
  });

  test('a completed cart clears the cookie on get, and the next add starts a fresh cart', async () => {
    const first = await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const firstCookie = cookie;
    expect(first.status).toBe(200);
    // Complete the order on the stand-in's checkout page (reached through the function's redirect).
    const { location } = await goToCheckout();
    const done = await service.handle(new Request(location!, { method: 'POST' }));
    expect(done.status).toBeLessThan(400);
    const gone = await send({ action: 'get' });
    expect(gone.body.cart).toBeNull();
    expect(gone.setCookie).toMatch(/^rh_cart=; Max-Age=0/);
    expect(cookie).toBeNull();
    // The nav's count goes with it.
    expect(gone.setCount).toMatch(/^rh_cart_count=; Max-Age=0; Path=\/; SameSite=Lax/);
    expect(countCookie).toBeNull();
    cookie = firstCookie; // a tab that still sends the old cookie
    const fresh = await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    expect(fresh.body.userErrors).toEqual([]);
    expect(fresh.body.cart?.lines.map((l) => l.merchandise.id)).toEqual([WRAPS_120]);
    expect(cookie).not.toBe(firstCookie);
  });

  test('a cookie that is not a cart id is treated as no cart', async () => {
    cookie = 'not-a-cart';
    expect((await send({ action: 'get' })).body.cart).toBeNull();
    const { body } = await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    expect(body.cart?.totalQuantity).toBe(1);
  });

  test('store down: 503 with Retry-After, never a 500', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    service.faults.set({ status5xx: 1 });
    const { status, body } = await send({ action: 'get' });
    expect(status).toBe(503);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'store' })]);
  });
});

describe('the count cookie the nav reads', () => {
  test('every answer with a cart sets rh_cart_count to its total quantity: readable, site-wide, Lax, Secure', async () => {
    const added = await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 2 }] });
    expect(added.setCount).toBe('rh_cart_count=2; Max-Age=1209600; Path=/; SameSite=Lax; Secure');
    expect(added.setCount).not.toContain('HttpOnly');
    const line = added.body.cart!.lines[0]!;

    // Not only when the cart cookie changes: on every answer that has a cart.
    const updated = await send({ action: 'linesUpdate', lines: [{ id: line.id, quantity: 3 }] });
    expect(updated.setCookie).toBeNull();
    expect(updated.setCount).toMatch(/^rh_cart_count=3;/);
    expect((await send({ action: 'discountCodesUpdate', discountCodes: ['ROUND10'] })).setCount).toMatch(
      /^rh_cart_count=3;/,
    );
    expect((await send({ action: 'get' })).setCount).toMatch(/^rh_cart_count=3;/);
    // A refused mutation answers the unchanged cart, and its count.
    const refused = await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_16_SOLD_OUT }] });
    expect(refused.body.userErrors).not.toEqual([]);
    expect(refused.setCount).toMatch(/^rh_cart_count=3;/);
    // An empty cart is a cart: its count is 0.
    expect((await send({ action: 'linesRemove', lineIds: [line.id] })).setCount).toMatch(/^rh_cart_count=0;/);
  });

  test('on localhost the count cookie is not Secure either', async () => {
    const response = await handle(
      new Request('http://localhost:8888/.netlify/functions/cart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:8888' },
        body: JSON.stringify({ action: 'create' }),
      }),
    );
    const count = response.headers.getSetCookie().find((c) => c.startsWith('rh_cart_count='));
    expect(count).toBe('rh_cart_count=0; Max-Age=1209600; Path=/; SameSite=Lax');
  });

  test('no cart: nothing is set; a count left without its cart is cleared', async () => {
    const none = await send({ action: 'get' });
    expect(none.setCookie).toBeNull();
    expect(none.setCount).toBeNull();
    countCookie = '4'; // e.g. the cart cookie expired first
    const stale = await send({ action: 'get' });
    expect(stale.body.cart).toBeNull();
    expect(stale.setCount).toMatch(/^rh_cart_count=; Max-Age=0; Path=\/;/);
    expect(countCookie).toBeNull();
  });

  test('store down: the cookies are left as they are', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    service.faults.set({ status5xx: 1 });
    const down = await send({ action: 'get' });
    expect(down.status).toBe(503);
    expect(down.setCookie).toBeNull();
    expect(down.setCount).toBeNull();
  });
});

describe('the boundary', () => {
  test('a cross-site Origin is refused with 403; same-site and no-Origin clients are served', async () => {
    expect((await send({ action: 'get' }, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await send({ action: 'get' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await send({ action: 'get' }, { origin: null })).status).toBe(200);
    expect((await send({ action: 'get' })).status).toBe(200);
  });

  test.each([
    [{ action: 'checkoutCreate' }, 'action'],
    [{ action: 'linesAdd', lines: [] }, 'lines'],
    [
      { action: 'linesAdd', lines: [{ merchandiseId: 'gid://shopify/Product/1001' }] },
      'lines.0.merchandiseId',
    ],
    [{ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 100 }] }, 'lines.0.quantity'],
    [{ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 1.5 }] }, 'lines.0.quantity'],
    [{ action: 'linesUpdate', lines: [{ id: 'x', quantity: 1 }] }, 'lines.0.id'],
    [{ action: 'discountCodesUpdate', discountCodes: [''] }, 'discountCodes.0'],
    [{ action: 'buyerIdentityUpdate', buyerIdentity: { email: 'nope' } }, 'buyerIdentity.email'],
    [{ action: 'buyerIdentityUpdate', buyerIdentity: { countryCode: 'USA' } }, 'buyerIdentity.countryCode'],
    [
      {
        action: 'deliveryAddressesAdd',
        addresses: [{ address: { city: 'Austin', countryCode: 'US', zip: '1' } }],
      },
      'addresses.0.address.address1',
    ],
  ])('400 with the field for %j', async (body, field) => {
    const { status, body: answer } = await send(body);
    expect(status).toBe(400);
    expect(answer.errors).toEqual([expect.objectContaining({ field })]);
  });

  test('405 / 415 / 413 / invalid JSON', async () => {
    const get = await handle(new Request(`${SITE}/.netlify/functions/cart`));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const form = await handle(
      new Request(`${SITE}/.netlify/functions/cart`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      }),
    );
    expect(form.status).toBe(415);
    const big = await handle(
      new Request(`${SITE}/.netlify/functions/cart`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'discountCodesUpdate', discountCodes: ['x'.repeat(20_000)] }),
      }),
    );
    expect(big.status).toBe(413);
    const broken = await handle(
      new Request(`${SITE}/.netlify/functions/cart`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      }),
    );
    expect(broken.status).toBe(400);
  });
});

describe('countries the store does not know (issue 18, item 3)', () => {
  const address = (countryCode: string) => ({
    address1: '1 Ring Road',
    city: 'Austin',
    countryCode,
    zip: '73301',
  });

  test.each([
    [{ action: 'buyerIdentityUpdate', buyerIdentity: { countryCode: 'XX' } }, 'buyerIdentity.countryCode'],
    [
      { action: 'deliveryAddressesAdd', addresses: [{ address: address('XX') }] },
      'addresses.0.address.countryCode',
    ],
    [
      { action: 'deliveryAddressesUpdate', addresses: [{ id: 'a1', address: address(' xx ') }] },
      'addresses.0.address.countryCode',
    ],
  ])('%j is a 400 naming the field, with no store call, no cart and no cookie', async (body, field) => {
    const { status, body: answer, setCookie, setCount } = await send(body);
    expect(status).toBe(400);
    expect(answer.errors).toEqual([{ field, message: 'not a country code the store knows' }]);
    expect(storeCalls()).toEqual([]);
    expect(setCookie).toBeNull();
    expect(setCount).toBeNull();
  });

  test('with a cart: refused before the store too, and the cart is unchanged', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const calls = storeCalls().length;
    const refused = await send({ action: 'buyerIdentityUpdate', buyerIdentity: { countryCode: 'XX' } });
    expect(refused.status).toBe(400);
    expect(storeCalls()).toHaveLength(calls);
    expect((await send({ action: 'get' })).body.cart?.buyerIdentity.countryCode).toBe('US');
  });

  test('known codes are trimmed and upper-cased, as before', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const { status, body } = await send({
      action: 'buyerIdentityUpdate',
      buyerIdentity: { countryCode: ' gb ' },
    });
    expect(status).toBe(200);
    expect(body.cart?.buyerIdentity.countryCode).toBe('GB');
    const added = await send({ action: 'deliveryAddressesAdd', addresses: [{ address: address('us') }] });
    expect(added.status).toBe(200);
    expect(added.body.cart?.deliveryAddresses[0]).toMatchObject({ countryCode: 'US' });
  });
});

describe('checkout: GET ?action=checkout (issue 18, item 4)', () => {
  const noStore = (response: Response) => {
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  };

  test('a cart with lines: 303 to the store checkout, and the page there works', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12, quantity: 2 }] });
    const { response, location, setCount } = await goToCheckout();
    expect(response.status).toBe(303);
    noStore(response);
    expect(location).toMatch(/^http:\/\/store\.test\/_shopify\/checkout\/[0-9a-f]+\?key=/);
    expect(await response.text()).toBe('');
    expect(setCount).toMatch(/^rh_cart_count=2;/);
    const page = await service.handle(new Request(location!));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pro Boxing Gloves');
  });

  test('no cookie: 303 home, without asking the store', async () => {
    const { response, location, setCookie } = await goToCheckout();
    expect(response.status).toBe(303);
    expect(location).toBe('/');
    noStore(response);
    expect(setCookie).toBeNull();
    expect(storeCalls()).toEqual([]);
  });

  test('an empty cart: 303 home, the cart is kept', async () => {
    await send({ action: 'create' });
    const kept = cookie;
    const { location, setCookie, setCount } = await goToCheckout();
    expect(location).toBe('/');
    expect(setCookie).toBeNull();
    expect(cookie).toBe(kept);
    expect(setCount).toMatch(/^rh_cart_count=0;/);
  });

  test('a completed (or gone) cart: 303 home, clearing both cookies as the POST answers do', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const { location: checkoutPage } = await goToCheckout();
    await service.handle(new Request(checkoutPage!, { method: 'POST' }));
    const { response, location, setCookie, setCount } = await goToCheckout();
    expect(response.status).toBe(303);
    expect(location).toBe('/');
    expect(setCookie).toBe(
      'rh_cart=; Max-Age=0; Path=/.netlify/functions/cart; HttpOnly; SameSite=Lax; Secure',
    );
    expect(setCount).toBe('rh_cart_count=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    expect(cookie).toBeNull();
    expect(countCookie).toBeNull();
  });

  test('store down: 503, a short page for the shopper, Retry-After; the cookies stay', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    service.faults.set({ status5xx: 1 });
    const { response, setCookie, setCount } = await goToCheckout();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('location')).toBeNull();
    noStore(response);
    const page = await response.text();
    expect(page).toContain('<h1>Checkout is unavailable</h1>');
    expect(page).toContain('The store is unavailable right now. Please try again in a moment.');
    expect(page).toContain('<a href="/">Back to the shop</a>');
    expect(setCookie).toBeNull();
    expect(setCount).toBeNull();
  });

  test('a checkout URL that is not an absolute http(s) URL is never a Location', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    tamper = (text) => text.replace(/"checkoutUrl":"[^"]*"/, '"checkoutUrl":"javascript:alert(1)"');
    const { response } = await goToCheckout();
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).not.toContain('javascript:');
    tamper = (text) => text.replace(/"checkoutUrl":"[^"]*"/, '"checkoutUrl":"//evil.test/checkout"');
    expect((await goToCheckout()).response.status).toBe(502);
  });

  test('other GET queries are still 405, and POST ?action=checkout is an ordinary POST', async () => {
    for (const query of ['', '?action=get', '?action=Checkout', '?checkout']) {
      const response = await handle(new Request(`${FUNCTION_URL}${query}`, { headers: jar() }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const head = await handle(new Request(`${SITE}${CART_CHECKOUT_PATH}`, { method: 'HEAD' }));
    expect(head.status).toBe(405);
    const post = await handle(
      new Request(`${SITE}${CART_CHECKOUT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: '{"action":"get"}',
      }),
    );
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ cart: null, userErrors: [], warnings: [] });
  });
});

describe('no cart, no store call (issue 18, item 5)', () => {
  const NO_CART_ANSWER = {
    cart: null,
    userErrors: [{ field: ['cart'], message: 'Your cart is empty.', code: 'CART_NOT_FOUND' }],
    warnings: [],
  };
  const LINE = 'gid://shopify/CartLine/abc';
  const mutations = [
    { action: 'linesUpdate', lines: [{ id: LINE, quantity: 2 }] },
    { action: 'linesUpdate', lines: [{ id: LINE, quantity: 0 }] },
    { action: 'linesRemove', lineIds: [LINE] },
    { action: 'discountCodesUpdate', discountCodes: ['ROUND10'] },
    { action: 'buyerIdentityUpdate', buyerIdentity: { email: 'shopper@example.com' } },
    {
      action: 'deliveryAddressesAdd',
      addresses: [{ address: { address1: '1 Ring Road', city: 'Austin', countryCode: 'US', zip: '73301' } }],
    },
    { action: 'deliveryAddressesUpdate', addresses: [{ id: 'a1', selected: true }] },
    { action: 'deliveryOptionSelect', deliveryGroupId: 'g1', deliveryOptionHandle: 'express' },
  ];

  test.each(mutations)('%j without a cart: CART_NOT_FOUND, no cart made, no store call', async (body) => {
    const answer = await send(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(NO_CART_ANSWER);
    expect(storeCalls()).toEqual([]);
    expect(answer.setCookie).toBeNull();
    expect(answer.setCount).toBeNull();
  });

  test('with a gone cart: CART_NOT_FOUND, the cookies are cleared, and no new cart is made', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    const line = (await send({ action: 'get' })).body.cart!.lines[0]!;
    const { location } = await goToCheckout();
    await service.handle(new Request(location!, { method: 'POST' })); // the order is placed
    expect(cartsCreated()).toBe(1);
    const answer = await send({ action: 'linesUpdate', lines: [{ id: line.id, quantity: 2 }] });
    expect(answer.body).toEqual(NO_CART_ANSWER);
    expect(answer.setCookie).toMatch(/^rh_cart=; Max-Age=0;/);
    expect(answer.setCount).toMatch(/^rh_cart_count=; Max-Age=0;/);
    expect(cartsCreated()).toBe(1);
    // Only adding lines makes a new cart.
    expect((await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] })).status).toBe(200);
    expect(cartsCreated()).toBe(2);
  });

  test('a count left without its cart is cleared by the no-cart answer too', async () => {
    countCookie = '3';
    const answer = await send({ action: 'linesRemove', lineIds: [LINE] });
    expect(answer.body).toEqual(NO_CART_ANSWER);
    expect(answer.setCount).toMatch(/^rh_cart_count=; Max-Age=0;/);
    expect(storeCalls()).toEqual([]);
  });

  test('garbage without a cart is a 400 before any store call (create and linesAdd included)', async () => {
    for (const body of [
      { action: 'linesAdd', lines: [{ merchandiseId: 'gid://shopify/Product/1' }] },
      { action: 'create', lines: [{ merchandiseId: GLOVES_12, quantity: 0 }] },
      { action: 'nope' },
      'linesAdd',
    ]) {
      expect((await send(body)).status).toBe(400);
    }
    expect(storeCalls()).toEqual([]);
  });
});

describe('rate limit (issue 18, item 5)', () => {
  test('past CART_RATE_LIMIT a minute from one IP: 429 with Retry-After and a field error, no store call', async () => {
    start('US', { CART_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i += 1) expect((await send({ action: 'get' })).status).toBe(200);
    const limited = await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.errors).toEqual([
      { field: 'body', message: 'Too many cart requests. Please try again in a moment.' },
    ]);
    expect(storeCalls()).toEqual([]);
    // The checkout link answers a page, not JSON.
    const checkout = (await goToCheckout()).response;
    expect(checkout.status).toBe(429);
    expect(checkout.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Another client is unaffected; the window slides.
    expect((await send({ action: 'get' }, { ip: '198.51.100.2' })).status).toBe(200);
    clock += 60_000;
    expect((await send({ action: 'get' })).status).toBe(200);
  });

  test('the default is 120 a minute per IP; 0 turns the in-function limit off', async () => {
    start('US');
    const statuses = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await send({ action: 'get' })).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    start('US', { CART_RATE_LIMIT: '0' });
    for (let i = 0; i < 200; i += 1) expect((await send({ action: 'get' })).status).toBe(200);
  });
});

describe('cookies and answers (issue 18, item 9)', () => {
  test('an undecodable rh_cart cookie is cleared and treated as no cart', async () => {
    cookie = '%E0%A4%A';
    const got = await send({ action: 'get' });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ cart: null, userErrors: [], warnings: [] });
    expect(got.setCookie).toBe(
      'rh_cart=; Max-Age=0; Path=/.netlify/functions/cart; HttpOnly; SameSite=Lax; Secure',
    );
    expect(cookie).toBeNull();
    expect(storeCalls()).toEqual([]);

    // A mutation with it: no cart, the cookie cleared; adding lines starts a cart with a good cookie.
    cookie = '%E0%A4%A';
    const none = await send({ action: 'discountCodesUpdate', discountCodes: ['ROUND10'] });
    expect(none.body.userErrors).toEqual([expect.objectContaining({ code: 'CART_NOT_FOUND' })]);
    expect(none.setCookie).toMatch(/^rh_cart=; Max-Age=0;/);
    cookie = '%E0%A4%A';
    const added = await send({ action: 'linesAdd', lines: [{ merchandiseId: WRAPS_120 }] });
    expect(added.body.cart?.totalQuantity).toBe(1);
    expect(added.setCookie).toMatch(/^rh_cart=gid%3A%2F%2Fshopify%2FCart%2F/);

    // And on the checkout link.
    cookie = '%E0%A4%A';
    const checkout = await goToCheckout();
    expect(checkout.location).toBe('/');
    expect(checkout.setCookie).toMatch(/^rh_cart=; Max-Age=0;/);
  });

  test('without store settings: 503 "The store is not configured."; only the log names the variables', async () => {
    const logs: string[] = [];
    const unconfigured = createCart(parseConfig({}), { log: (line) => logs.push(line) });
    const response = await unconfigured(
      new Request(FUNCTION_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"action":"get"}',
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ field: 'store', message: 'The store is not configured.' }],
    });
    expect(text).not.toMatch(/SHOPIFY/);
    const checkout = await unconfigured(new Request(`${SITE}${CART_CHECKOUT_PATH}`));
    expect(checkout.status).toBe(503);
    expect(checkout.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await checkout.text();
    expect(page).toContain('The store is not configured.');
    expect(page).not.toMatch(/SHOPIFY/);
    expect(logs.join('\n')).toContain('SHOPIFY_STORE_DOMAIN');
    expect(logs.join('\n')).toContain('SHOPIFY_STOREFRONT_TOKEN');
  });

  test('every JSON answer is no-store and nosniff', async () => {
    await send({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES_12 }] });
    await send({ action: 'nope' });
    await send({ action: 'get' }, { origin: 'https://evil.test' });
    await handle(new Request(FUNCTION_URL));
    const json = answers.filter((a) => a.type?.startsWith('application/json'));
    expect(json.length).toBeGreaterThan(4);
    for (const answer of json) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});

// Last on purpose: it reads every answer the tests above got.
test('no answer body in this file ever carried a cart id or its key (issue 18, item 4)', () => {
  expect(answers.length).toBeGreaterThan(100);
  expect(cartIds.size).toBeGreaterThan(10);
  const secrets = [...cartIds].flatMap((id) => {
    const key = /[?&]key=([^&]+)/.exec(id)?.[1];
    return [id, encodeURIComponent(id), ...(key ? [key] : [])];
  });
  for (const { body } of answers) {
    expect(body).not.toContain('key=');
    for (const secret of secrets) expect(body).not.toContain(secret);
  }
});
