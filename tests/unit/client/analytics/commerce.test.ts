/**
 * Segment's e-commerce v2 properties from what the store answered: money as numbers, products from
 * the catalog and from cart lines, the cart's totals, and the events one cart answer means against
 * the cart before it.
 */
import { describe, expect, test } from 'vitest';
import {
  amountOf,
  cartEvents,
  cartProperties,
  productFromCatalog,
  productFromLine,
} from '../../../../src/client/analytics/commerce.ts';
import type { CartView } from '../../../../src/services/cart-client.ts';
import type { CartActionBody } from '../../../../src/shared/cart.ts';
import type { Product, StoreWarning } from '../../../../src/store/types.ts';
import { testProduct, testVariant, usd } from '../../../support/products.ts';
import { cart, GLOVES_LINE, line, WRAPS_LINE } from '../../app/cart-fakes.ts';

const BRAND = 'Roundhouse';
const CART_ID = 'c0ffee-digest';
const GLOVES = 'gid://shopify/ProductVariant/12';
const WRAPS = 'gid://shopify/ProductVariant/20';

type Line = CartView['lines'][number];
/** cart-fakes' lines, each with its own variant and product. */
const gloves = (quantity: number): Line => line(GLOVES_LINE, quantity);
const wraps = (quantity: number): Line => {
  const base = line(WRAPS_LINE, quantity, { productTitle: 'Hand Wraps', title: 'Default Title', price: 12 });
  return {
    ...base,
    merchandise: {
      ...base.merchandise,
      id: WRAPS,
      sku: 'RH-WRP',
      productId: 'gid://shopify/Product/1002',
      image: null,
    },
  };
};
const withGloves = (l: Line): Line => ({ ...l, merchandise: { ...l.merchandise, id: GLOVES } });

/** A cart answer (cart-fakes' costs: ROUND10 takes 10 %, other codes never apply) with its analytics id. */
function answer(lines: Line[], options: Parameters<typeof cart>[1] = {}): CartView {
  return {
    ...cart(
      lines.map((l) => (l.id === GLOVES_LINE ? withGloves(l) : l)),
      options,
    ),
    publicId: CART_ID,
  };
}

const glovesProduct = (quantity: number) => ({
  product_id: 'gid://shopify/Product/1001',
  sku: 'RH-GLV-12',
  name: 'Pro Boxing Gloves',
  brand: BRAND,
  variant: '12oz',
  price: 69,
  quantity,
  image_url: 'https://img.example/gloves-800x800.jpg',
});
const wrapsProduct = (quantity: number) => ({
  product_id: 'gid://shopify/Product/1002',
  sku: 'RH-WRP',
  name: 'Hand Wraps',
  brand: BRAND,
  price: 12,
  quantity,
});

const events = (
  request: CartActionBody,
  before: CartView | null,
  after: CartView | null,
  warnings: Pick<StoreWarning, 'code' | 'message' | 'apiCode'>[] = [],
) => cartEvents(request, before, after, warnings, BRAND);

describe('amountOf', () => {
  test('the store’s decimal strings as numbers to the cent', () => {
    expect(amountOf(usd('69.00'))).toBe(69);
    expect(amountOf(usd('0.10'))).toBe(0.1);
    expect(amountOf(usd('1234.5'))).toBe(1234.5);
    expect(amountOf(usd('19.999'))).toBe(20);
    expect(amountOf(usd('0.00'))).toBe(0);
  });

  test('no amount, or one that is not a number, is 0', () => {
    expect(amountOf(null)).toBe(0);
    expect(amountOf(undefined)).toBe(0);
    expect(amountOf(usd('n/a'))).toBe(0);
  });
});

describe('products', () => {
  /** The shared gloves (tests/support/products.ts) in two sizes, the 10 oz sold out. */
  const product = (overrides: Partial<Product> = {}): Product =>
    testProduct({
      id: 'gid://shopify/Product/7',
      description: '',
      featuredImage: { src: 'https://cdn.example/gloves.jpg', alt: '', width: 800, height: 800, focus: null },
      variants: [
        testVariant('10', '10 oz', { sku: 'RH-10', availableForSale: false }),
        testVariant('12', '12 oz', { sku: 'RH-12', price: usd('64.50') }),
      ],
      ...overrides,
    });

  test('a catalog product is shown with its first available variant, at its 1-based position', () => {
    expect(productFromCatalog(product(), BRAND, 3)).toEqual({
      product_id: 'gid://shopify/Product/7',
      sku: 'RH-12',
      name: 'Pro Training Gloves',
      brand: BRAND,
      category: 'Gloves',
      variant: '12 oz',
      price: 64.5,
      currency: 'USD',
      image_url: 'https://cdn.example/gloves.jpg',
      position: 3,
    });
  });

  test('a product without options names no variant; a variant without a SKU goes by its id', () => {
    const plain = productFromCatalog(
      product({
        variants: [testVariant('1', 'Default Title', { sku: null, price: usd('25.00') })],
        productType: '',
      }),
      BRAND,
    );
    expect(plain).not.toHaveProperty('variant');
    expect(plain).not.toHaveProperty('category');
    expect(plain).not.toHaveProperty('position');
    expect(plain).toMatchObject({ sku: 'gid://shopify/ProductVariant/1', price: 25, brand: BRAND });
  });

  test('a cart line carries the product, its variant, price, quantity and position', () => {
    expect(productFromLine(gloves(2), BRAND)).toEqual(glovesProduct(2));
    expect(productFromLine(gloves(5), BRAND, 3, 1)).toEqual({ ...glovesProduct(3), position: 1 });
    const plain = productFromLine(wraps(1), BRAND, 1, 2);
    expect(plain).toEqual({ ...wrapsProduct(1), position: 2 });
    expect(plain).not.toHaveProperty('variant');
  });
});

describe('cartProperties', () => {
  test('value is the total, revenue the subtotal; discount, the selected shipping, tax, coupons and products', () => {
    const view = answer([gloves(2), wraps(3)], {
      codes: ['ROUND10', 'NOPE'],
      delivery: true,
      selected: 'express',
    });
    view.cost.tax = usd('5.50');
    expect(cartProperties(view, BRAND)).toEqual({
      cart_id: CART_ID,
      coupon: 'ROUND10',
      value: 175.6, // 174 − 17.40 + 19 shipping (the fake's total leaves tax out)
      revenue: 174,
      discount: 17.4,
      shipping: 19,
      tax: 5.5,
      currency: 'USD',
      products: [
        { ...glovesProduct(2), position: 1 },
        { ...wrapsProduct(3), position: 2 },
      ],
    });
  });

  test('every applicable code is listed; discounts add up exactly to the cent', () => {
    const view = answer([gloves(1)]);
    view.discountCodes = [
      { code: 'A', applicable: true },
      { code: 'B', applicable: true },
      { code: 'C', applicable: false },
    ];
    view.discountAllocations = [
      { code: 'A', amount: usd('0.10') },
      { code: 'B', amount: usd('0.20') },
    ];
    const properties = cartProperties(view, BRAND);
    expect(properties.coupon).toBe('A,B');
    expect(properties.discount).toBe(0.3);
  });

  test('no delivery chosen, no code and no tax: zeros, and no coupon', () => {
    const properties = cartProperties(answer([gloves(1)], { delivery: true, selected: null }), BRAND);
    expect(properties).toMatchObject({
      value: 69,
      revenue: 69,
      discount: 0,
      shipping: 0,
      tax: 0,
      currency: 'USD',
    });
    expect(properties).not.toHaveProperty('coupon');
  });
});

describe('cartEvents: lines', () => {
  test('an add with no cart seen before tells the quantity asked for', () => {
    const after = answer([gloves(3), wraps(1)]);
    const raised = events(
      { action: 'linesAdd', lines: [{ merchandiseId: GLOVES, quantity: 2 }] },
      null,
      after,
    );
    expect(raised).toEqual([
      { event: 'Product Added', properties: { cart_id: CART_ID, ...glovesProduct(2) } },
    ]);
  });

  test('an add of a variant the answer does not hold tells nothing', () => {
    const after = answer([wraps(1)]);
    expect(
      events({ action: 'linesAdd', lines: [{ merchandiseId: GLOVES, quantity: 1 }] }, null, after),
    ).toEqual([]);
  });

  test('an add against the cart before tells what each line gained', () => {
    const before = answer([gloves(1)]);
    const after = answer([gloves(3), wraps(2)]);
    const raised = events(
      {
        action: 'linesAdd',
        lines: [
          { merchandiseId: GLOVES, quantity: 2 },
          { merchandiseId: WRAPS, quantity: 2 },
        ],
      },
      before,
      after,
    );
    expect(raised).toEqual([
      { event: 'Product Added', properties: { cart_id: CART_ID, ...glovesProduct(2) } },
      { event: 'Product Added', properties: { cart_id: CART_ID, ...wrapsProduct(2) } },
    ]);
  });

  test('a quantity raised tells Product Added with the difference', () => {
    const raised = events(
      { action: 'linesUpdate', lines: [{ id: GLOVES_LINE, quantity: 4 }] },
      answer([gloves(1)]),
      answer([gloves(4)]),
    );
    expect(raised).toEqual([
      { event: 'Product Added', properties: { cart_id: CART_ID, ...glovesProduct(3) } },
    ]);
  });

  test('a quantity lowered tells Product Removed with the difference', () => {
    const raised = events(
      { action: 'linesUpdate', lines: [{ id: GLOVES_LINE, quantity: 1 }] },
      answer([gloves(4), wraps(2)]),
      answer([gloves(1), wraps(2)]),
    );
    expect(raised).toEqual([
      { event: 'Product Removed', properties: { cart_id: CART_ID, ...glovesProduct(3) } },
    ]);
  });

  test('a removed line tells Product Removed with its whole quantity', () => {
    const raised = events(
      { action: 'linesRemove', lineIds: [WRAPS_LINE] },
      answer([gloves(1), wraps(3)]),
      answer([gloves(1)]),
    );
    expect(raised).toEqual([
      { event: 'Product Removed', properties: { cart_id: CART_ID, ...wrapsProduct(3) } },
    ]);
  });

  test('an update or removal with no cart seen before tells nothing (the difference is unknown)', () => {
    expect(
      events({ action: 'linesUpdate', lines: [{ id: GLOVES_LINE, quantity: 2 }] }, null, answer([gloves(2)])),
    ).toEqual([]);
    expect(events({ action: 'linesRemove', lineIds: [GLOVES_LINE] }, null, answer([]))).toEqual([]);
  });

  test('reading the cart or choosing delivery tells no cart event', () => {
    const view = answer([gloves(1)]);
    expect(events({ action: 'get' }, view, view)).toEqual([]);
    expect(
      events(
        { action: 'deliveryOptionSelect', deliveryGroupId: 'g', deliveryOptionHandle: 'express' },
        view,
        answer([gloves(1)], { delivery: true, selected: 'express' }),
      ),
    ).toEqual([]);
  });
});

describe('cartEvents: discount codes', () => {
  const codes = (discountCodes: string[]): CartActionBody => ({
    action: 'discountCodesUpdate',
    discountCodes,
  });

  test('a code that applies: Coupon Entered, then Coupon Applied with the discount it gave', () => {
    const raised = events(
      codes(['ROUND10']),
      answer([gloves(1)]),
      answer([gloves(1)], { codes: ['ROUND10'] }),
    );
    expect(raised).toEqual([
      { event: 'Coupon Entered', properties: { cart_id: CART_ID, coupon_id: 'ROUND10' } },
      {
        event: 'Coupon Applied',
        properties: { cart_id: CART_ID, coupon_id: 'ROUND10', coupon_name: 'ROUND10', discount: 6.9 },
      },
    ]);
  });

  test('a code that does not apply: Coupon Entered, then Coupon Denied with the store’s reason', () => {
    const warning = {
      code: 'DISCOUNT_NOT_FOUND',
      apiCode: 'DISCOUNT_NOT_FOUND',
      message: 'Discount code NOPE was not found.',
    };
    const raised = events(codes(['NOPE']), answer([gloves(1)]), answer([gloves(1)], { codes: ['NOPE'] }), [
      warning,
    ]);
    expect(raised).toEqual([
      { event: 'Coupon Entered', properties: { cart_id: CART_ID, coupon_id: 'NOPE' } },
      {
        event: 'Coupon Denied',
        properties: {
          cart_id: CART_ID,
          coupon_id: 'NOPE',
          coupon_name: 'NOPE',
          reason: 'DISCOUNT_NOT_FOUND',
        },
      },
    ]);
  });

  test('each denied code gets the warning naming it; without a warning the reason is generic', () => {
    const after = answer([gloves(1)], { codes: ['OLD', 'NOPE'] });
    const warnings = [
      { code: 'DISCOUNT_NOT_FOUND', message: 'Discount code NOPE was not found.' },
      { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'Discount code OLD is not active.' },
      { code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 2 left.' },
    ];
    const denied = events(codes(['OLD', 'NOPE']), answer([gloves(1)]), after, warnings).filter(
      (r) => r.event === 'Coupon Denied',
    );
    expect(denied.map((r) => [r.properties.coupon_id, r.properties.reason])).toEqual([
      ['OLD', 'DISCOUNT_CURRENTLY_INACTIVE'],
      ['NOPE', 'DISCOUNT_NOT_FOUND'],
    ]);
    const unexplained = events(
      codes(['NOPE']),
      answer([gloves(1)]),
      answer([gloves(1)], { codes: ['NOPE'] }),
      [],
    );
    expect(unexplained[1]).toMatchObject({
      event: 'Coupon Denied',
      properties: { reason: 'DISCOUNT_NOT_APPLICABLE' },
    });
  });

  test('a warning names a code as a whole word (SAVE is not SAVE10)', () => {
    const after = answer([gloves(1)], { codes: ['SAVE', 'SAVE10'] });
    const warnings = [
      { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'Discount code SAVE10 is not active.' },
      { code: 'DISCOUNT_NOT_FOUND', message: 'Discount code SAVE was not found.' },
    ];
    const denied = events(codes(['SAVE', 'SAVE10']), answer([gloves(1)]), after, warnings).filter(
      (r) => r.event === 'Coupon Denied',
    );
    expect(denied.map((r) => [r.properties.coupon_id, r.properties.reason])).toEqual([
      ['SAVE', 'DISCOUNT_NOT_FOUND'],
      ['SAVE10', 'DISCOUNT_CURRENTLY_INACTIVE'],
    ]);
  });

  test('a removed code: Coupon Removed with the discount it used to give', () => {
    const raised = events(codes([]), answer([gloves(2)], { codes: ['ROUND10'] }), answer([gloves(2)]));
    expect(raised).toEqual([
      {
        event: 'Coupon Removed',
        properties: { cart_id: CART_ID, coupon_id: 'ROUND10', coupon_name: 'ROUND10', discount: 13.8 },
      },
    ]);
  });

  test('codes kept from before (in any case) are not told again', () => {
    const before = answer([gloves(1)], { codes: ['round10'] });
    const after = answer([gloves(1)], { codes: ['ROUND10', 'NOPE'] });
    const raised = events(codes(['ROUND10', 'NOPE']), before, after, [
      { code: 'DISCOUNT_NOT_FOUND', message: 'Discount code NOPE was not found.' },
    ]);
    expect(raised.map((r) => [r.event, r.properties.coupon_id])).toEqual([
      ['Coupon Entered', 'NOPE'],
      ['Coupon Denied', 'NOPE'],
    ]);
  });
});
