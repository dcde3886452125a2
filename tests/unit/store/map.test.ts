import { describe, expect, test } from 'vitest';
import {
  parseMonthlyPrice,
  parseTrialDays,
  toCart,
  toCartResult,
  toMetafields,
  toProduct,
  toProductPage,
} from '../../../src/store/map';
import { cartPayloadSchema, cartSchema, productSchema } from '../../../src/store/wire';
import { image, metafields, payload, variant, wireCart, wireLine, wireProduct } from './fixtures';

const product = (extra: Record<string, unknown> = {}) => toProduct(productSchema.parse(wireProduct(extra)));
const cart = (extra: Record<string, unknown> = {}) => toCart(cartSchema.parse(wireCart(extra)));

describe('product', () => {
  test('maps a full product', () => {
    const p = product();
    expect(p).toMatchObject({
      id: 'gid://shopify/Product/1001',
      handle: 'pro-boxing-gloves',
      title: 'Pro Boxing Gloves',
      description: 'Leather gloves for bag work and sparring.',
      productType: 'Gloves',
      tags: ['boxing', 'gear'],
      availableForSale: true,
    });
    expect(p.featuredImage).toEqual({
      src: 'https://cdn.shopify.com/s/files/1/0000/0001/products/glove-1.jpg?v=1700000000',
      alt: 'Red 12 oz boxing glove, side view',
      width: 1200,
      height: 800,
      focus: null,
    });
    // Image 2 has no alt text: the product title stands in.
    expect(p.images.map((i) => i.alt)).toEqual(['Red 12 oz boxing glove, side view', 'Pro Boxing Gloves']);
    expect(p).not.toHaveProperty('vendor');
  });

  test('maps variants: null compareAtPrice, null sku, missing uid metafield', () => {
    const [v1, v2, v3] = product().variants;
    expect(v1).toEqual({
      id: 'gid://shopify/ProductVariant/5001',
      title: '12 oz',
      sku: 'GLV-12',
      price: { amount: '59.00', currencyCode: 'USD' },
      compareAtPrice: { amount: '79.00', currencyCode: 'USD' },
      availableForSale: true,
      requiresShipping: true,
      uid: 'glove-12',
      selectedOptions: [{ name: 'Size', value: '12 oz' }],
    });
    expect(v2).toMatchObject({ sku: null, compareAtPrice: null, uid: null });
    expect(v3?.availableForSale).toBe(false);
  });

  test('metafields: set ones parsed, null entries (unset) give null, blank text gives null', () => {
    expect(product().metafields).toEqual({
      subscriptionId: 'sub_123',
      trialDays: 14,
      coupon: 'WELCOME10',
      membershipGid: null,
      monthlyPrice: { amount: '29.00', currencyCode: 'USD' },
      productFilter: null,
      shortDescription: 'Gloves that last.',
    });
    const none = product({ metafields: metafields({ coupon: '   ' }) }).metafields;
    expect(Object.values(none).every((v) => v === null)).toBe(true);
  });

  test('monthly_price as a decimal string takes the product currency', () => {
    const p = product({
      priceRange: { minVariantPrice: { amount: '49.00', currencyCode: 'CAD' } },
      metafields: metafields({ monthly_price: '24.50', membership_gid: 'gid://shopify/Product/77' }),
    });
    expect(p.metafields.monthlyPrice).toEqual({ amount: '24.50', currencyCode: 'CAD' });
    expect(p.metafields.membershipGid).toBe('gid://shopify/Product/77');
  });

  test.each([
    ['{"amount":"29.00","currency_code":"USD"}', { amount: '29.00', currencyCode: 'USD' }],
    ['{"amount":"19.5","currencyCode":"eur"}', { amount: '19.5', currencyCode: 'EUR' }],
    ['{"amount":12,"currency_code":"GBP"}', { amount: '12', currencyCode: 'GBP' }],
    [' 29.00 ', { amount: '29.00', currencyCode: 'USD' }],
    ['29', { amount: '29', currencyCode: 'USD' }],
    ['{"amount":"abc","currency_code":"USD"}', null],
    ['{"amount":"29.00"}', null],
    ['{not json', null],
    ['$29', null],
    ['', null],
  ])('monthly_price %j', (value, expected) => {
    expect(parseMonthlyPrice(value, 'USD')).toEqual(expected);
  });

  test('monthly_price decimal without any known currency is null', () => {
    expect(parseMonthlyPrice('29.00', null)).toBeNull();
  });

  test.each([
    ['14', 14],
    ['0', 0],
    ['7.0', 7],
    ['-3', null],
    ['two', null],
    ['1.5', null],
  ])('trial_days %j', (value, expected) => {
    expect(parseTrialDays(value)).toBe(expected);
  });

  test('metafields of another namespace or unknown keys are ignored', () => {
    const m = toMetafields(
      [
        { namespace: 'other', key: 'coupon', value: 'NOPE' },
        { namespace: 'custom', key: 'colour', value: 'red' },
        null,
        { key: 'product_filter', value: 'tag:gloves' },
      ],
      'USD',
    );
    expect(m.coupon).toBeNull();
    expect(m.productFilter).toBe('tag:gloves');
  });

  test('cuts images at 5 and variants at 50; no featured image maps to null', () => {
    const p = product({
      featuredImage: null,
      images: { nodes: Array.from({ length: 7 }, (_, i) => image(i + 1)) },
      variants: { nodes: Array.from({ length: 60 }, (_, i) => variant(i + 1)) },
    });
    expect(p.featuredImage).toBeNull();
    expect(p.images).toHaveLength(5);
    expect(p.variants).toHaveLength(50);
  });

  test('an image without a size maps to 0×0', () => {
    const p = product({
      featuredImage: { url: 'https://cdn.example/x.png', altText: '', width: null, height: null },
    });
    expect(p.featuredImage).toEqual({
      src: 'https://cdn.example/x.png',
      alt: 'Pro Boxing Gloves',
      width: 0,
      height: 0,
      focus: null,
    });
  });

  test('a product page carries pageInfo', () => {
    const page = toProductPage({
      pageInfo: { hasNextPage: true, endCursor: 'eyJsYXN0X2lkIjoxfQ==' },
      nodes: [productSchema.parse(wireProduct())],
    });
    expect(page.hasNextPage).toBe(true);
    expect(page.endCursor).toBe('eyJsYXN0X2lkIjoxfQ==');
    expect(page.products).toHaveLength(1);
  });

  test('the wire schema rejects a product without variants connection or a bad amount', () => {
    expect(productSchema.safeParse(wireProduct({ variants: null })).success).toBe(false);
    expect(
      productSchema.safeParse(
        wireProduct({
          variants: { nodes: [variant(1, { price: { amount: 'free', currencyCode: 'USD' } })] },
        }),
      ).success,
    ).toBe(false);
  });
});

describe('cart', () => {
  test('maps a full cart', () => {
    const c = cart();
    expect(c.id).toBe('gid://shopify/Cart/c1-abc123?key=s3cret');
    expect(c.checkoutUrl).toBe('https://roundhouse.myshopify.com/cart/c/c1-abc123?key=s3cret');
    expect(c.totalQuantity).toBe(3);
    expect(c.lines).toHaveLength(2);
    expect(c.lines[0]).toEqual({
      id: 'gid://shopify/CartLine/line-1?cart=c1-abc123',
      quantity: 1,
      merchandise: {
        id: 'gid://shopify/ProductVariant/5001',
        title: '12 oz',
        // The fixture's variant has no SKU (the API answers null).
        sku: null,
        price: { amount: '59.00', currencyCode: 'USD' },
        compareAtPrice: { amount: '79.00', currencyCode: 'USD' },
        productId: 'gid://shopify/Product/1001',
        productTitle: 'Pro Boxing Gloves',
        productHandle: 'pro-boxing-gloves',
        requiresShipping: true,
        image: expect.objectContaining({ src: expect.stringContaining('glove-1.jpg'), focus: null }),
      },
      cost: { totalAmount: { amount: '59.00', currencyCode: 'USD' } },
    });
    // Line 2: no variant image, so the product's featured image; null compareAtPrice.
    expect(c.lines[1]?.merchandise.image?.src).toContain('glove-2.jpg');
    expect(c.lines[1]?.merchandise.compareAtPrice).toBeNull();
    expect(c.discountCodes).toEqual([
      { code: 'WELCOME10', applicable: true },
      { code: 'EXPIRED', applicable: false },
    ]);
    expect(c.discountAllocations).toEqual([
      { amount: { amount: '17.70', currencyCode: 'USD' }, code: 'WELCOME10' },
      { amount: { amount: '5.00', currencyCode: 'USD' }, code: null },
    ]);
    expect(c.cost).toEqual({
      subtotal: { amount: '177.00', currencyCode: 'USD' },
      total: { amount: '154.30', currencyCode: 'USD' },
      tax: null,
    });
    expect(c.deliveryAddresses).toEqual([
      {
        id: 'gid://shopify/CartSelectableAddress/1',
        selected: true,
        address1: '1 Ring Rd',
        address2: null,
        city: 'Austin',
        provinceCode: 'TX',
        countryCode: 'US',
        zip: '78701',
        firstName: 'Sam',
        lastName: null,
      },
    ]);
    expect(c.deliveryGroups).toEqual([
      {
        id: 'gid://shopify/CartDeliveryGroup/1',
        options: [
          {
            handle: 'std-abc',
            code: 'STANDARD',
            title: 'Standard',
            description: '3 to 5 business days',
            estimatedCost: { amount: '5.00', currencyCode: 'USD' },
          },
          {
            handle: 'exp-def',
            code: null,
            title: 'Express',
            description: null,
            estimatedCost: { amount: '15.00', currencyCode: 'USD' },
          },
        ],
        selectedHandle: 'std-abc',
      },
    ]);
    expect(c.buyerIdentity).toEqual({
      countryCode: 'US',
      email: 'sam@example.com',
      phone: null,
      customer: null,
    });
  });

  test('an empty cart, a customer and a tax amount', () => {
    const c = cart({
      totalQuantity: 0,
      lines: { nodes: [] },
      discountCodes: [],
      discountAllocations: [],
      delivery: { addresses: [] },
      deliveryGroups: { nodes: [] },
      cost: {
        subtotalAmount: { amount: '0.0', currencyCode: 'USD' },
        totalAmount: { amount: '0.0', currencyCode: 'USD' },
        totalTaxAmount: { amount: '0.0', currencyCode: 'USD' },
      },
      buyerIdentity: {
        countryCode: 'CA',
        email: null,
        phone: '+15550001',
        customer: {
          id: 'gid://shopify/Customer/9',
          firstName: 'Kim',
          lastName: null,
          email: 'k@example.com',
        },
      },
    });
    expect(c.lines).toEqual([]);
    expect(c.cost.tax).toEqual({ amount: '0.0', currencyCode: 'USD' });
    expect(c.buyerIdentity).toEqual({
      countryCode: 'CA',
      email: null,
      phone: '+15550001',
      customer: { id: 'gid://shopify/Customer/9', firstName: 'Kim', lastName: null },
    });
  });

  test('cuts lines at 50, discount allocations at 10, delivery groups at 10', () => {
    const allocation = { discountedAmount: { amount: '1.00', currencyCode: 'USD' }, code: 'X' };
    const group = wireCart().deliveryGroups.nodes[0]!;
    const c = cart({
      lines: { nodes: Array.from({ length: 55 }, (_, i) => wireLine(i + 1)) },
      discountAllocations: Array.from({ length: 12 }, () => allocation),
      deliveryGroups: { nodes: Array.from({ length: 11 }, (_, i) => ({ ...group, id: `g${i}` })) },
    });
    expect(c.lines).toHaveLength(50);
    expect(c.discountAllocations).toHaveLength(10);
    expect(c.deliveryGroups).toHaveLength(10);
  });

  test('a mutation payload maps to a CartResult with mapped codes', () => {
    const result = toCartResult(
      cartPayloadSchema.parse(
        payload(
          wireCart(),
          [
            {
              field: ['lines', '0', 'merchandiseId'],
              message: 'The merchandise is not available in Canada.',
              code: 'MERCHANDISE_NOT_APPLICABLE',
            },
          ],
          [
            {
              code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
              message: 'Only 2 left',
              target: 'gid://shopify/CartLine/line-2?cart=c1-abc123',
            },
          ],
        ),
      ),
      { countries: ['CA'] },
    );
    expect(result.cart?.id).toBe('gid://shopify/Cart/c1-abc123?key=s3cret');
    expect(result.userErrors).toEqual([
      {
        field: ['lines', '0', 'merchandiseId'],
        message: 'The merchandise is not available in Canada.',
        code: 'INVALID_FOR_COUNTRY',
        apiCode: 'MERCHANDISE_NOT_APPLICABLE',
      },
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'PRODUCT_NOT_AVAILABLE',
        apiCode: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: 'Only 2 left',
        target: 'gid://shopify/CartLine/line-2?cart=c1-abc123',
      },
    ]);
  });

  test('the cart wire schema rejects a line without merchandise', () => {
    const broken = wireCart({ lines: { nodes: [{ ...wireLine(1), merchandise: null }] } });
    expect(cartSchema.safeParse(broken).success).toBe(false);
  });
});
