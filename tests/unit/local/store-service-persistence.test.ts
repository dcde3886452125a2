import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEMO_CATALOG } from '../../../src/local/store-service/index.ts';
import {
  CART_QUERY,
  cartMutation,
  createCart,
  data,
  DISCOUNTS_UPDATE,
  GLOVES_10,
  LINES_ADD,
  LINES_UPDATE,
  makeService,
  TEE_M,
  variant,
  WRAPS_180,
  type WireCart,
} from './store-service-support.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-service-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  test('carts survive a restart with the same data file, written atomically', async () => {
    const dataFile = path.join(dir, 'nested', 'carts.json');
    const first = makeService({ dataFile });
    const cart = await createCart(first, [{ merchandiseId: GLOVES_10, quantity: 2 }], {
      buyerIdentity: { email: 'a@b.co' },
    });
    await cartMutation(first, DISCOUNTS_UPDATE, { cartId: cart.id, codes: ['ROUND10'] });
    await first.flush();
    expect(await readdir(path.dirname(dataFile))).toEqual(['carts.json']);

    const second = makeService({ dataFile });
    const { cart: reloaded } = await data<{ cart: WireCart }>(second, CART_QUERY, { id: cart.id });
    expect(reloaded.lines.nodes.map((l) => [l.id, l.quantity])).toEqual([[cart.lines.nodes[0]?.id, 2]]);
    expect(reloaded.discountCodes).toEqual([{ code: 'ROUND10', applicable: true }]);
    expect(reloaded.buyerIdentity.email).toBe('a@b.co');
    const added = await cartMutation(second, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: TEE_M }],
    });
    expect(added.cart?.totalQuantity).toBe(3);
  });

  test('a malformed data file stops start-up with its name', async () => {
    const dataFile = path.join(dir, 'carts.json');
    await writeFile(dataFile, JSON.stringify({ version: 1, carts: 'no' }));
    expect(() => makeService({ dataFile })).toThrow(dataFile);
  });

  test('100 concurrent shoppers on one cart: every update is applied and persisted', async () => {
    const dataFile = path.join(dir, 'carts.json');
    const service = makeService({ dataFile });
    const cart = await createCart(service, [{ merchandiseId: WRAPS_180 }]);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        cartMutation(service, LINES_ADD, {
          cartId: cart.id,
          lines: [{ merchandiseId: i % 2 === 0 ? WRAPS_180 : TEE_M, quantity: 1 }],
        }),
      ),
    );
    expect(results.every((r) => r.userErrors.length === 0)).toBe(true);
    // Every response shows the cart as its own mutation left it: 2 … 101 units, each once.
    expect(results.map((r) => r.cart?.totalQuantity).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 2),
    );
    const { cart: final } = await data<{ cart: WireCart }>(service, CART_QUERY, { id: cart.id });
    expect(final.lines.nodes.map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [WRAPS_180, 51],
      [TEE_M, 50],
    ]);
    await service.flush();
    const saved = JSON.parse(await readFile(dataFile, 'utf8')) as {
      carts: { lines: { quantity: number }[] }[];
    };
    expect(saved.carts[0]?.lines.map((l) => l.quantity)).toEqual([51, 50]);
  });

  test('concurrent sequences by 100 shoppers on their own carts lose nothing', async () => {
    const service = makeService({ dataFile: path.join(dir, 'carts.json') });
    const shoppers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const cart = await createCart(service, [{ merchandiseId: WRAPS_180 }]);
        const added = await cartMutation(service, LINES_ADD, {
          cartId: cart.id,
          lines: [{ merchandiseId: TEE_M, quantity: 2 }],
        });
        const teeLine = added.cart?.lines.nodes[1]?.id;
        await cartMutation(service, LINES_UPDATE, { cartId: cart.id, lines: [{ id: teeLine, quantity: 3 }] });
        return cart.id;
      }),
    );
    await service.flush();
    const reloaded = makeService({ dataFile: path.join(dir, 'carts.json') });
    for (const id of shoppers) {
      const { cart } = await data<{ cart: WireCart }>(reloaded, CART_QUERY, { id });
      expect(cart.totalQuantity).toBe(4);
    }
  });

  test('a catalog change shows up as stock warnings on the next mutation', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }, { merchandiseId: TEE_M }]);
    service.setCatalog({
      ...DEMO_CATALOG,
      products: DEMO_CATALOG.products.map((p) =>
        p.id === 1001 ? { ...p, variants: p.variants.map((v) => ({ ...v, stock: 0 })) } : p,
      ),
    });
    const result = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: variant(100201) }],
    });
    expect(result.warnings).toEqual([
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: expect.any(String), target: cart.lines.nodes[0]?.id },
    ]);
    expect(result.cart?.lines.nodes.map((l) => l.merchandise.id)).toEqual([TEE_M, variant(100201)]);
  });
});

describe('checkout', () => {
  const open = (service: ReturnType<typeof makeService>, url: string, method = 'GET') =>
    service.handle(
      new Request(url, { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    );

  test('GET shows the order summary and a Place order form; POST completes the cart', async () => {
    const dataFile = path.join(dir, 'carts.json');
    const service = makeService({ dataFile });
    const cart = await createCart(service, [
      { merchandiseId: GLOVES_10, quantity: 2 },
      { merchandiseId: TEE_M },
    ]);
    await cartMutation(service, DISCOUNTS_UPDATE, { cartId: cart.id, codes: ['jab5'] });

    const page = await open(service, cart.checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<caption>Order summary</caption>');
    expect(html).toContain('Pro Boxing Gloves');
    expect(html).toContain('Discount (JAB5)');
    expect(html).toContain('$158.00'); // 138 + 25 − 5
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replace(/&#38;/g, '&');
    expect(action).toBe(new URL(cart.checkoutUrl).pathname + new URL(cart.checkoutUrl).search);
    expect(html).toContain('<button type="submit">Place order</button>');

    const placed = await open(service, `http://store.test${action}`, 'POST');
    expect(placed.status).toBe(200);
    const confirmation = await placed.text();
    expect(confirmation).toContain('Your order number is <strong>#1001</strong>');
    // Back to the site with the order's number (the site's analytics tells Order Completed).
    expect(confirmation).toContain('<a href="/?order_id=1001">Back to the shop</a>');
    expect(service.orders).toMatchObject([{ number: 1001, totalCents: 15800, discountCodes: ['jab5'] }]);

    // The cart is gone for the API, and placing it again only shows the same order.
    expect((await data<{ cart: null }>(service, CART_QUERY, { id: cart.id })).cart).toBeNull();
    const after = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: TEE_M }],
    });
    expect(after).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
      warnings: [],
    });
    expect(await (await open(service, cart.checkoutUrl, 'POST')).text()).toContain('#1001');
    expect(await (await open(service, cart.checkoutUrl)).text()).toContain('#1001');
    expect(service.orders).toHaveLength(1);

    await service.flush();
    const restarted = makeService({ dataFile });
    expect((await data<{ cart: null }>(restarted, CART_QUERY, { id: cart.id })).cart).toBeNull();
    const next = await createCart(restarted, [{ merchandiseId: TEE_M }]);
    expect(await (await open(restarted, next.checkoutUrl, 'POST')).text()).toContain('#1002');
  });

  test('a wrong key is a 404 page; an empty cart has nothing to place', async () => {
    const service = makeService();
    const cart = await createCart(service);
    const wrong = await open(service, cart.checkoutUrl.replace(/key=.*/, 'key=nope'));
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('Checkout not found');
    const empty = await open(service, cart.checkoutUrl);
    expect(await empty.text()).not.toContain('Place order');
    expect((await open(service, cart.checkoutUrl, 'POST')).status).toBe(409);
  });

  test('a cart that cannot ship to its country is not placed', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: variant(100301) }], {
      buyerIdentity: { countryCode: 'US' },
    });
    await data(
      service,
      `mutation { cartBuyerIdentityUpdate(cartId: "${cart.id}", buyerIdentity: { countryCode: NZ }) { cart { id } } }`,
    );
    const page = await (await open(service, cart.checkoutUrl)).text();
    expect(page).toContain('cannot be shipped to NZ');
    expect(page).not.toContain('Place order');
    expect((await open(service, cart.checkoutUrl, 'POST')).status).toBe(409);
  });
});
