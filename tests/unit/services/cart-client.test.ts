// @vitest-environment jsdom
/** The browser's cart calls: the request it sends and the words a shopper sees for each outcome. */
import { expect, test, vi } from 'vitest';
import {
  addToCart,
  CART_MESSAGES,
  cartAction,
  DISCOUNT_NOT_APPLICABLE,
  discountReasons,
  messageFor,
  warningMessage,
} from '../../../src/services/cart-client';
import { readCartCount } from '../../../src/app/cart/cart-count';
import { CART_CHANGED_EVENT } from '../../../src/shared/cart';
import { cart, GLOVES_LINE, line } from '../app/cart-fakes';

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
  [reply(429, { errors: [{ field: 'body', message: 'Too many cart requests.' }] }), CART_MESSAGES.busy],
  [reply(400, { errors: [{ field: 'lines', message: 'bad' }] }), CART_MESSAGES.failed],
  [reply(200, '<html>'), CART_MESSAGES.failed],
  [async () => Promise.reject(new TypeError('offline')), CART_MESSAGES.failed],
])('a failure becomes words a shopper understands (%#)', async (fetchStub, message) => {
  expect(await addToCart('gid://shopify/ProductVariant/1', 1, fetchStub as typeof fetch)).toEqual({
    ok: false,
    message,
  });
});

test('cartAction: sends the body, returns the answer and tells the page the new total', async () => {
  const answer = { cart: cart([line(GLOVES_LINE, 2)]), userErrors: [], warnings: [] };
  const fetchStub = vi.fn(reply(200, answer));
  const heard: unknown[] = [];
  const listener = (e: Event) => heard.push((e as CustomEvent).detail);
  window.addEventListener(CART_CHANGED_EVENT, listener);
  const result = await cartAction({ action: 'linesRemove', lineIds: [GLOVES_LINE] }, fetchStub);
  expect(result).toEqual({ ok: true, ...answer });
  // The function's cart has neither id nor checkout URL (both carry the cart's key): none needed.
  expect(answer.cart).not.toHaveProperty('checkoutUrl');
  expect(answer.cart).not.toHaveProperty('id');
  const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toEqual({ action: 'linesRemove', lineIds: [GLOVES_LINE] });
  // No cart (a completed order): the page hears 0.
  await cartAction({ action: 'get' }, vi.fn(reply(200, { cart: null, userErrors: [], warnings: [] })));
  window.removeEventListener(CART_CHANGED_EVENT, listener);
  expect(heard).toEqual([{ totalQuantity: 2 }, { totalQuantity: 0 }]);
});

test.each([
  ['a cart without lines', { cart: { ...cart([]), lines: undefined }, userErrors: [], warnings: [] }],
  [
    'a line without a price',
    {
      cart: { ...cart([]), lines: [{ ...line(GLOVES_LINE, 1), merchandise: { title: '12oz' } }] },
      userErrors: [],
      warnings: [],
    },
  ],
  ['no userErrors list', { cart: null, warnings: [] }],
  ['not an object', ['cart']],
])('cartAction: an answer with %s is a failure, and the page hears nothing', async (_, body) => {
  const heard = vi.fn();
  window.addEventListener(CART_CHANGED_EVENT, heard);
  expect(await cartAction({ action: 'get' }, vi.fn(reply(200, body)))).toEqual({
    ok: false,
    message: CART_MESSAGES.failed,
  });
  window.removeEventListener(CART_CHANGED_EVENT, heard);
  expect(heard).not.toHaveBeenCalled();
});

test('cartAction: the store down and the network gone are words too', async () => {
  expect(await cartAction({ action: 'get' }, vi.fn(reply(503, { errors: [] })))).toEqual({
    ok: false,
    message: CART_MESSAGES.unavailable,
  });
  const offline = vi.fn(async () => Promise.reject(new TypeError('offline')));
  expect(await cartAction({ action: 'get' }, offline as typeof fetch)).toEqual({
    ok: false,
    message: CART_MESSAGES.failed,
  });
});

test('messages for the codes a cart can answer', () => {
  expect(messageFor({ code: 'CART_NOT_FOUND', message: 'The specified cart does not exist.' })).toBe(
    CART_MESSAGES.CART_NOT_FOUND,
  );
  expect(messageFor({ code: 'INVALID_MERCHANDISE_LINE', message: 'x' })).toBe(
    CART_MESSAGES.INVALID_MERCHANDISE_LINE,
  );
  // Only codes name messages: 'failed' is not a code.
  expect(messageFor({ code: 'failed', message: 'The API said so.' })).toBe('The API said so.');
});

test("stock warnings in a shopper's words, naming the line before or after", () => {
  const before = cart([
    line(GLOVES_LINE, 5),
    line('gid://shopify/CartLine/w', 1, { productTitle: 'Hand Wraps', title: 'Default Title' }),
  ]);
  const after = cart([line(GLOVES_LINE, 3)]);
  expect(
    warningMessage(
      {
        code: 'PRODUCT_NOT_AVAILABLE',
        apiCode: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: 'x',
        target: GLOVES_LINE,
      },
      before,
      after,
    ),
  ).toBe('Only 3 left of Pro Boxing Gloves (12oz): we reduced the quantity.');
  expect(
    warningMessage(
      {
        code: 'PRODUCT_NOT_AVAILABLE',
        apiCode: 'MERCHANDISE_OUT_OF_STOCK',
        message: 'x',
        target: 'gid://shopify/CartLine/w',
      },
      before,
      after,
    ),
  ).toBe('Hand Wraps sold out: we removed it from your cart.');
  expect(
    warningMessage(
      { code: 'PRODUCT_NOT_AVAILABLE', apiCode: 'MERCHANDISE_OUT_OF_STOCK', message: 'x', target: 'gone' },
      null,
      null,
    ),
  ).toBe('An item sold out: we removed it from your cart.');
  // Discount warnings are explained beside their code; others keep the store's words.
  expect(warningMessage({ code: 'DISCOUNT_NOT_FOUND', message: 'x', target: 'cart' }, null, null)).toBeNull();
  expect(
    warningMessage(
      { code: 'DUPLICATE_DELIVERY_ADDRESS', message: 'That address is already there.', target: 'a' },
      null,
      null,
    ),
  ).toBe('That address is already there.');
});

test('discount reasons: matched to their code by the message, or the only failing code', () => {
  const codes = [
    { code: 'round10', applicable: true },
    { code: 'summer24', applicable: false },
    { code: 'NOPE', applicable: false },
  ];
  expect(
    discountReasons(codes, [
      { code: 'DISCOUNT_NOT_FOUND', message: 'Discount code NOPE was not found.' },
      { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'Discount code SUMMER24 is not active.' },
    ]),
  ).toEqual({
    SUMMER24: 'This code has expired or is not active yet.',
    NOPE: 'We do not recognise this code.',
  });
  expect(
    discountReasons(
      [{ code: 'JAB5', applicable: false }],
      [{ code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: 'Spend more.' }],
    ),
  ).toEqual({ JAB5: 'Your order does not reach the minimum for this code yet.' });
  expect(
    discountReasons(
      [{ code: 'X1', applicable: false }],
      [{ code: 'DISCOUNT_SOMETHING_NEW', message: 'X1 no.' }],
    ),
  ).toEqual({ X1: DISCOUNT_NOT_APPLICABLE });
  expect(discountReasons(codes.slice(1), [])).toEqual({});
});

test('the count cookie is read strictly', () => {
  expect(readCartCount('a=1; rh_cart_count=4; b=2')).toBe(4);
  expect(readCartCount('rh_cart_count=12')).toBe(12);
  expect(readCartCount('x_rh_cart_count=3')).toBe(0);
  expect(readCartCount('rh_cart_count=abc')).toBe(0);
  expect(readCartCount('')).toBe(0);
});
