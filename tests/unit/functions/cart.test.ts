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
  CART_COOKIE,
  CART_COUNT_COOKIE,
  createCart,
  type CartResponse,
} from '../../../src/functions/cart/index';
import { CART_COUNT_COOKIE as BROWSER_COUNT_COOKIE } from '../../../src/app/cart/cart-count';
import { createStoreService } from '../../../src/local/store-service/index';

const SITE = 'https://shop.roundhouse.test';
const GLOVES_12 = 'gid://shopify/ProductVariant/100102';
const GLOVES_14 = 'gid://shopify/ProductVariant/100103';
const GLOVES_16_SOLD_OUT = 'gid://shopify/ProductVariant/100104';
const WRAPS_120 = 'gid://shopify/ProductVariant/100201';
const BAG_BUNDLE = 'gid://shopify/ProductVariant/100301';

type Service = ReturnType<typeof createStoreService>;
let service: Service;
let handle: (request: Request) => Promise<Response>;
let cookie: string | null;
/** The readable count cookie as the browser keeps it. */
let countCookie: string | null;

function start(country = 'US') {
  service = createStoreService({
    publicToken: 'test-token',
    dataFile: path.join(mkdtempSync(path.join(tmpdir(), 'carts-')), 'carts.json'),
    basePath: '/_shopify',
    origin: 'http://store.test',
  });
  handle = createCart(
    parseConfig({
      SHOPIFY_STORE_DOMAIN: 'http://store.test/_shopify',
      SHOPIFY_STOREFRONT_TOKEN: 'test-token',
      STORE_COUNTRY: country,
    }),
    { fetch: (input, init) => service.handle(new Request(input, init)), log: () => {} },
  );
  cookie = null;
  countCookie = null;
}
beforeEach(() => start());

/** POST an action as the site's own page would, keeping the cookies like a browser. */
async function send(body: unknown, init: { origin?: string | null; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
  if (init.origin !== null) headers.Origin = init.origin ?? SITE;
  const jar = [cookie && `${CART_COOKIE}=${cookie}`, countCookie && `${CART_COUNT_COOKIE}=${countCookie}`];
  if (jar.some(Boolean)) headers.Cookie = jar.filter(Boolean).join('; ');
  const response = await handle(
    new Request(`${SITE}/.netlify/functions/cart`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const cookies = response.headers.getSetCookie();
  const setCookie = cookies.find((c) => c.startsWith(`${CART_COOKIE}=`)) ?? null;
  const setCount = cookies.find((c) => c.startsWith(`${CART_COUNT_COOKIE}=`)) ?? null;
  if (setCookie) {
    const value = /^rh_cart=([^;]*)/.exec(setCookie)?.[1] ?? '';
    cookie = value === '' ? null : value;
  }
  if (setCount) {
    const value = /^rh_cart_count=([^;]*)/.exec(setCount)?.[1] ?? '';
    countCookie = value === '' || /Max-Age=0/.test(setCount) ? null : value;
  }
  return {
    status: response.status,
    body: (await response.json()) as CartResponse & { errors?: unknown },
    setCookie,
    setCount,
  };
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
    // The id (and its key) stays in the cookie: the body never carries it.
    expect(JSON.stringify(body)).not.toContain('gid://shopify/Cart/');
    expect(body.cart?.checkoutUrl).toMatch(/\/checkout\//);
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
    // Complete the order on the stand-in's checkout page.
    const checkout = new URL(first.body.cart!.checkoutUrl);
    const done = await service.handle(new Request(checkout, { method: 'POST' }));
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
    expect(CART_COUNT_COOKIE).toBe(BROWSER_COUNT_COOKIE);
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
