import { describe, expect, test } from 'vitest';
import {
  ADDRESSES_ADD,
  ADDRESSES_UPDATE,
  BAG_70,
  BUYER_UPDATE,
  CART_CREATE,
  CART_QUERY,
  cartMutation,
  createCart,
  data,
  DELIVERY_SELECT,
  DISCOUNTS_UPDATE,
  GLOVES_10,
  GLOVES_14,
  GLOVES_16,
  LINES_ADD,
  LINES_REMOVE,
  LINES_UPDATE,
  makeService,
  MEMBERSHIP,
  TEE_M,
  variant,
  WRAPS_180,
  type WireCart,
} from './store-service-support.ts';

const NOT_FOUND = [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }];
const lineSummary = (cart: WireCart | null) =>
  cart?.lines.nodes.map((line) => [line.merchandise.id, line.quantity]) ?? [];

describe('cart lines', () => {
  test('creates a cart with its id, key and checkout URL', async () => {
    const cart = await createCart(makeService(), [{ merchandiseId: GLOVES_10, quantity: 2 }]);
    const match = /^gid:\/\/shopify\/Cart\/([a-f0-9]+)\?key=([a-f0-9]+)$/.exec(cart.id);
    expect(match).not.toBeNull();
    expect(cart.checkoutUrl).toBe(`http://store.test/checkout/${match?.[1]}?key=${match?.[2]}`);
    expect(cart.totalQuantity).toBe(2);
    expect(cart.cost).toEqual({
      subtotalAmount: { amount: '138.00', currencyCode: 'USD' },
      totalAmount: { amount: '138.00', currencyCode: 'USD' },
      totalTaxAmount: null,
    });
  });

  test('adds lines, merging the same variant, and keeps lines with other attributes apart', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    const added = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [
        { merchandiseId: GLOVES_10, quantity: 2 },
        { merchandiseId: TEE_M },
        { merchandiseId: TEE_M, attributes: [{ key: 'print', value: 'ROUNDHOUSE' }] },
      ],
    });
    expect(added.userErrors).toEqual([]);
    expect(lineSummary(added.cart)).toEqual([
      [GLOVES_10, 3],
      [TEE_M, 1],
      [TEE_M, 1],
    ]);
    expect(added.cart?.lines.nodes[1]?.cost.compareAtAmountPerQuantity).toEqual({
      amount: '35.00',
      currencyCode: 'USD',
    });
    expect(added.cart?.cost.subtotalAmount.amount).toBe('257.00');
  });

  test('updates quantities; quantity 0 removes the line; lines can be removed', async () => {
    const service = makeService();
    const cart = await createCart(service, [
      { merchandiseId: GLOVES_10 },
      { merchandiseId: WRAPS_180 },
      { merchandiseId: TEE_M },
    ]);
    const [gloves, wraps, tee] = cart.lines.nodes;
    const updated = await cartMutation(service, LINES_UPDATE, {
      cartId: cart.id,
      lines: [
        { id: gloves?.id, quantity: 4 },
        { id: wraps?.id, quantity: 0 },
      ],
    });
    expect(updated.userErrors).toEqual([]);
    expect(lineSummary(updated.cart)).toEqual([
      [GLOVES_10, 4],
      [TEE_M, 1],
    ]);
    const removed = await cartMutation(service, LINES_REMOVE, { cartId: cart.id, lineIds: [tee?.id] });
    expect(lineSummary(removed.cart)).toEqual([[GLOVES_10, 4]]);
    const unknown = await cartMutation(service, LINES_REMOVE, { cartId: cart.id, lineIds: [tee?.id] });
    expect(unknown.userErrors).toEqual([
      { code: 'INVALID_MERCHANDISE_LINE', field: ['lineIds', '0'], message: expect.any(String) },
    ]);
    expect(lineSummary(unknown.cart)).toEqual([[GLOVES_10, 4]]);
  });

  test('refuses negative and too-large quantities with the cart unchanged', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    const lineId = cart.lines.nodes[0]?.id;
    const negative = await cartMutation(service, LINES_UPDATE, {
      cartId: cart.id,
      lines: [{ id: lineId, quantity: -1 }],
    });
    expect(negative.userErrors).toEqual([
      { code: 'INVALID', field: ['lines', '0', 'quantity'], message: expect.any(String) },
    ]);
    const huge = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: WRAPS_180, quantity: 100 }],
    });
    expect(huge.userErrors).toEqual([
      { code: 'LESS_THAN', field: ['lines', '0', 'quantity'], message: expect.any(String) },
    ]);
    expect(lineSummary(huge.cart)).toEqual([[GLOVES_10, 1]]);
  });

  test('an unknown variant is INVALID on its merchandiseId, and the whole add is refused', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    const result = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: TEE_M }, { merchandiseId: variant(999999) }],
    });
    expect(result.userErrors).toEqual([
      {
        code: 'INVALID',
        field: ['lines', '1', 'merchandiseId'],
        message: 'The merchandise with id gid://shopify/ProductVariant/999999 does not exist.',
      },
    ]);
    expect(lineSummary(result.cart)).toEqual([[GLOVES_10, 1]]);
    const created = await cartMutation(service, CART_CREATE, {
      input: { lines: [{ merchandiseId: variant(1) }] },
    });
    expect(created.cart).toBeNull();
    expect(created.userErrors[0]?.field).toEqual(['input', 'lines', '0', 'merchandiseId']);
  });

  test('a sold-out variant is MERCHANDISE_NOT_APPLICABLE with the unchanged cart', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    const result = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: GLOVES_16 }],
    });
    expect(result.userErrors).toEqual([
      {
        code: 'MERCHANDISE_NOT_APPLICABLE',
        field: ['lines', '0', 'merchandiseId'],
        message: 'Pro Boxing Gloves (16oz) is sold out.',
      },
    ]);
    expect(result.cart?.id).toBe(cart.id);
    expect(lineSummary(result.cart)).toEqual([[GLOVES_10, 1]]);
  });

  test('more than the stock is cut down to it, with a MERCHANDISE_NOT_ENOUGH_STOCK warning', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_14, quantity: 2 }]);
    const result = await cartMutation(service, LINES_ADD, {
      cartId: cart.id,
      lines: [{ merchandiseId: GLOVES_14, quantity: 5 }],
    });
    expect(result.userErrors).toEqual([]);
    expect(lineSummary(result.cart)).toEqual([[GLOVES_14, 3]]);
    expect(result.warnings).toEqual([
      {
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: expect.any(String),
        target: result.cart?.lines.nodes[0]?.id,
      },
    ]);
  });
});

describe('country', () => {
  test('the heavy bag bundle cannot be added for a buyer in AU or with @inContext(country: NZ)', async () => {
    const service = makeService();
    const au = await createCart(service, [], { buyerIdentity: { countryCode: 'AU' } });
    const refused = await cartMutation(service, LINES_ADD, {
      cartId: au.id,
      lines: [{ merchandiseId: BAG_70 }],
    });
    expect(refused.userErrors).toEqual([
      {
        code: 'MERCHANDISE_NOT_APPLICABLE',
        field: ['lines', '0', 'merchandiseId'],
        message: expect.stringContaining('not available in AU'),
      },
    ]);
    expect(refused.cart?.totalQuantity).toBe(0);
    const nz = await cartMutation(service, CART_CREATE, {
      input: { lines: [{ merchandiseId: BAG_70 }] },
      country: 'NZ',
    });
    expect(nz.cart).toBeNull();
    expect(nz.userErrors[0]?.code).toBe('MERCHANDISE_NOT_APPLICABLE');
    const us = await cartMutation(service, CART_CREATE, {
      input: { lines: [{ merchandiseId: BAG_70 }] },
      country: 'US',
    });
    expect(us.cart?.buyerIdentity.countryCode).toBe('US');
    expect(us.cart?.totalQuantity).toBe(1);
  });

  test('moving a cart holding the bag to AU keeps the change and reports it on buyerIdentity', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: BAG_70 }, { merchandiseId: GLOVES_10 }], {
      buyerIdentity: { countryCode: 'US' },
    });
    const moved = await cartMutation(service, BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { countryCode: 'AU' },
    });
    expect(moved.userErrors).toEqual([
      {
        code: 'MERCHANDISE_NOT_APPLICABLE',
        field: ['buyerIdentity', 'countryCode'],
        message: expect.stringContaining('Heavy Bag Bundle is not available in AU'),
      },
    ]);
    expect(moved.warnings).toEqual([]);
    expect(moved.cart?.buyerIdentity.countryCode).toBe('AU');
    expect(moved.cart?.lines.nodes.map((l) => l.merchandise.availableForSale)).toEqual([false, true]);
  });

  test('buyer identity: email and phone are validated; without the key they read as null', async () => {
    const service = makeService();
    const cart = await createCart(service);
    const bad = await cartMutation(service, BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { email: 'nope', phone: '12' },
    });
    expect(bad.userErrors.map((e) => [e.code, e.field])).toEqual([
      ['INVALID', ['buyerIdentity', 'email']],
      ['INVALID', ['buyerIdentity', 'phone']],
    ]);
    const good = await cartMutation(service, BUYER_UPDATE, {
      cartId: cart.id,
      buyerIdentity: { email: 'sam@example.com', phone: '+16135551111' },
    });
    expect(good.cart?.buyerIdentity).toEqual({
      countryCode: null,
      email: 'sam@example.com',
      phone: '+16135551111',
    });
    const withoutKey = await data<{ cart: WireCart }>(service, CART_QUERY, { id: cart.id.split('?')[0] });
    expect(withoutKey.cart.buyerIdentity.email).toBeNull();
  });
});

describe('discount codes', () => {
  test('a percentage code applies case-insensitively', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10, quantity: 2 }]);
    const result = await cartMutation(service, DISCOUNTS_UPDATE, { cartId: cart.id, codes: ['round10'] });
    expect(result.warnings).toEqual([]);
    expect(result.cart?.discountCodes).toEqual([{ code: 'round10', applicable: true }]);
    expect(result.cart?.discountAllocations).toEqual([
      { code: 'round10', discountedAmount: { amount: '13.80', currencyCode: 'USD' } },
    ]);
    expect(result.cart?.cost.totalAmount.amount).toBe('124.20');
  });

  test('a fixed-amount code takes $5 off; the list is replaced on every update', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: WRAPS_180, quantity: 2 }]);
    const fixed = await cartMutation(service, DISCOUNTS_UPDATE, { cartId: cart.id, codes: ['JAB5'] });
    expect(fixed.cart?.discountCodes).toEqual([{ code: 'JAB5', applicable: true }]);
    expect(fixed.cart?.cost.totalAmount.amount).toBe('25.00');
    const cleared = await cartMutation(service, DISCOUNTS_UPDATE, { cartId: cart.id, codes: [] });
    expect(cleared.cart?.discountCodes).toEqual([]);
    expect(cleared.cart?.cost.totalAmount.amount).toBe('30.00');
  });

  test('expired and unknown codes are not applicable and come with DISCOUNT_* warnings', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    const result = await cartMutation(service, DISCOUNTS_UPDATE, {
      cartId: cart.id,
      codes: ['SUMMER24', 'NOPE'],
    });
    expect(result.userErrors).toEqual([]);
    expect(result.cart?.discountCodes).toEqual([
      { code: 'SUMMER24', applicable: false },
      { code: 'NOPE', applicable: false },
    ]);
    expect(result.warnings).toEqual([
      { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: expect.any(String), target: cart.id },
      { code: 'DISCOUNT_NOT_FOUND', message: expect.any(String), target: cart.id },
    ]);
    expect(result.cart?.cost.totalAmount.amount).toBe('69.00');
  });
});

describe('delivery', () => {
  const ADDRESS = {
    address1: '1 Ring Road',
    city: 'Brooklyn',
    provinceCode: 'NY',
    countryCode: 'US',
    zip: '11201',
    firstName: 'Sam',
    lastName: 'Lee',
  };

  test('no delivery groups until the cart knows where it ships; then standard and express', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }, { merchandiseId: MEMBERSHIP }]);
    expect(cart.deliveryGroups.nodes).toEqual([]);
    const added = await cartMutation(service, ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [{ address: { deliveryAddress: ADDRESS }, selected: true, validationStrategy: 'STRICT' }],
    });
    expect(added.userErrors).toEqual([]);
    expect(added.cart?.delivery.addresses).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/CartSelectableAddress\//),
        selected: true,
        address: { countryCode: 'US', city: 'Brooklyn', zip: '11201' },
      },
    ]);
    const group = added.cart?.deliveryGroups.nodes[0];
    expect(group?.deliveryOptions).toEqual([
      {
        handle: 'standard',
        code: 'STANDARD',
        title: 'Standard',
        estimatedCost: { amount: '7.00', currencyCode: 'USD' },
      },
      {
        handle: 'express',
        code: 'EXPRESS',
        title: 'Express',
        estimatedCost: { amount: '19.00', currencyCode: 'USD' },
      },
    ]);
    expect(group?.selectedDeliveryOption).toBeNull();
    const selected = await cartMutation(service, DELIVERY_SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: group?.id, deliveryOptionHandle: 'express' }],
    });
    expect(selected.userErrors).toEqual([]);
    expect(selected.cart?.deliveryGroups.nodes[0]?.selectedDeliveryOption).toEqual({ handle: 'express' });
    // 69.00 gloves + 19.99 membership + 19.00 express
    expect(selected.cart?.cost.totalAmount.amount).toBe('107.99');
    const wrong = await cartMutation(service, DELIVERY_SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: group?.id, deliveryOptionHandle: 'teleport' }],
    });
    expect(wrong.userErrors[0]?.code).toBe('INVALID_DELIVERY_OPTION');
  });

  test('standard is free over $100 at home; international rates elsewhere; addresses are validated', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10, quantity: 2 }], {
      buyerIdentity: { countryCode: 'US' },
    });
    expect(cart.deliveryGroups.nodes[0]?.deliveryOptions[0]?.estimatedCost.amount).toBe('0.00');
    const strict = await cartMutation(service, ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [{ address: { deliveryAddress: { ...ADDRESS, zip: 'ABC' } }, validationStrategy: 'STRICT' }],
    });
    expect(strict.userErrors.map((e) => e.code)).toEqual(['INVALID_ZIP_CODE_FOR_COUNTRY']);
    const uk = await cartMutation(service, ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [
        { address: { deliveryAddress: { ...ADDRESS, countryCode: 'GB', zip: 'E1 6AN' } }, selected: true },
      ],
    });
    expect(uk.cart?.deliveryGroups.nodes[0]?.deliveryOptions.map((o) => o.estimatedCost.amount)).toEqual([
      '15.00',
      '35.00',
    ]);
    const addressId = uk.cart?.delivery.addresses[0]?.id;
    const unselected = await cartMutation(service, ADDRESSES_UPDATE, {
      cartId: cart.id,
      addresses: [{ id: addressId, selected: false }],
    });
    expect(unselected.cart?.delivery.addresses[0]?.selected).toBe(false);
    const duplicate = await cartMutation(service, ADDRESSES_ADD, {
      cartId: cart.id,
      addresses: [{ address: { deliveryAddress: { ...ADDRESS, countryCode: 'GB', zip: 'E1 6AN' } } }],
    });
    expect(duplicate.warnings).toEqual([
      { code: 'DUPLICATE_DELIVERY_ADDRESS', message: expect.any(String), target: addressId },
    ]);
  });
});

describe('gone carts', () => {
  test('unknown carts and wrong keys: mutations say the cart does not exist; cart(id) is null', async () => {
    const service = makeService();
    const cart = await createCart(service, [{ merchandiseId: GLOVES_10 }]);
    for (const cartId of [
      'gid://shopify/Cart/doesnotexist?key=x',
      cart.id.replace(/key=.*/, 'key=wrong'),
      cart.id.split('?')[0],
      'nonsense',
    ]) {
      const result = await cartMutation(service, LINES_ADD, {
        cartId,
        lines: [{ merchandiseId: GLOVES_10 }],
      });
      expect(result).toEqual({ cart: null, userErrors: NOT_FOUND, warnings: [] });
    }
    const unknown = await data<{ cart: null }>(service, CART_QUERY, {
      id: 'gid://shopify/Cart/doesnotexist?key=x',
    });
    expect(unknown.cart).toBeNull();
  });
});
