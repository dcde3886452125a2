// @vitest-environment jsdom
/** The browser's cart calls: the request it sends and the words a shopper sees for each outcome. */
import { expect, test, vi } from 'vitest';
import { addToCart, CART_CHANGED_EVENT, CART_MESSAGES } from '../../../src/app/cart-client';

const reply = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

test('adds one line through the cart function and tells the page the cart changed', async () => {
  const fetchStub = vi.fn(reply(200, { cart: { totalQuantity: 3 }, userErrors: [], warnings: [] }));
  const heard: unknown[] = [];
  const listener = (e: Event) => heard.push((e as CustomEvent).detail);
  window.addEventListener(CART_CHANGED_EVENT, listener);
  expect(await addToCart('gid://shopify/ProductVariant/100102', 1, fetchStub)).toEqual({
    ok: true,
    totalQuantity: 3,
  });
  window.removeEventListener(CART_CHANGED_EVENT, listener);
  const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/.netlify/functions/cart');
  expect(init.method).toBe('POST');
  expect(JSON.parse(String(init.body))).toEqual({
    action: 'linesAdd',
    lines: [{ merchandiseId: 'gid://shopify/ProductVariant/100102', quantity: 1 }],
  });
  expect(heard).toEqual([{ totalQuantity: 3 }]);
});

test.each([
  [
    reply(200, { cart: {}, userErrors: [{ code: 'PRODUCT_NOT_AVAILABLE', message: 'x' }] }),
    CART_MESSAGES.PRODUCT_NOT_AVAILABLE,
  ],
  [
    reply(200, { cart: {}, userErrors: [{ code: 'INVALID_FOR_COUNTRY', message: 'x' }] }),
    CART_MESSAGES.INVALID_FOR_COUNTRY,
  ],
  [reply(200, { cart: {}, userErrors: [{ code: 'LESS_THAN', message: 'Only 3 left.' }] }), 'Only 3 left.'],
  [reply(503, { errors: [] }), CART_MESSAGES.unavailable],
  [reply(400, { errors: [{ field: 'lines', message: 'bad' }] }), CART_MESSAGES.failed],
  [reply(200, '<html>'), CART_MESSAGES.failed],
  [async () => Promise.reject(new TypeError('offline')), CART_MESSAGES.failed],
])('a failure becomes words a shopper understands (%#)', async (fetchStub, message) => {
  expect(await addToCart('gid://shopify/ProductVariant/1', 1, fetchStub as typeof fetch)).toEqual({
    ok: false,
    message,
  });
});
