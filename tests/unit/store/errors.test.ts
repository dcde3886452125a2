import { describe, expect, test } from 'vitest';
import {
  mentionsCountry,
  storeErrorCode,
  storeWarningCode,
  toStoreUserError,
  toStoreWarning,
} from '../../../src/store/errors';

type Row = [
  label: string,
  code: string | null,
  field: string[] | null,
  message: string,
  expected: string | null,
];

const lines0 = ['lines', '0', 'merchandiseId'];

describe('user error → product code', () => {
  test.each<Row>([
    ['unknown cart', 'INVALID', ['cartId'], 'The specified cart does not exist.', 'CART_NOT_FOUND'],
    ['unknown cart, no code', null, ['cartId'], 'The specified cart does not exist.', 'CART_NOT_FOUND'],
    [
      'refused variant',
      'INVALID',
      lines0,
      'The merchandise with id gid://shopify/ProductVariant/1 does not exist.',
      'PRODUCT_NOT_AVAILABLE',
    ],
    [
      'refused variant (cartCreate path)',
      'INVALID',
      ['input', 'lines', '1', 'merchandiseId'],
      'is invalid',
      'PRODUCT_NOT_AVAILABLE',
    ],
    ['refused variant, no code', null, lines0, 'Merchandise is invalid', 'PRODUCT_NOT_AVAILABLE'],
    [
      'variant does not exist',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'The product variant does not exist',
      'PRODUCT_NOT_AVAILABLE',
    ],
    [
      'unpublished variant, no field',
      'MERCHANDISE_NOT_APPLICABLE',
      null,
      'The merchandise is not published',
      'PRODUCT_NOT_AVAILABLE',
    ],
    [
      'out of stock as an error',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'The merchandise is out of stock.',
      'PRODUCT_NOT_AVAILABLE',
    ],
    [
      'not enough stock',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'The merchandise is not available in the requested quantity.',
      'PRODUCT_NOT_AVAILABLE',
    ],
    [
      'stand-in wording, country name',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'The merchandise Pro Gloves is not available in Canada.',
      'INVALID_FOR_COUNTRY',
    ],
    [
      'stand-in wording, country code',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'Merchandise gid://shopify/ProductVariant/5001 is not available in CA',
      'INVALID_FOR_COUNTRY',
    ],
    [
      '"the" + multi-word name',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'This item is not sold in the United Kingdom',
      'INVALID_FOR_COUNTRY',
    ],
    [
      'shipping wording',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'Product cannot be shipped: not shipped to Germany.',
      'INVALID_FOR_COUNTRY',
    ],
    [
      '"country" word',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      "Not available in the buyer's country",
      'INVALID_FOR_COUNTRY',
    ],
    [
      '"market" word',
      'MERCHANDISE_NOT_APPLICABLE',
      lines0,
      'The variant is not published to this market.',
      'INVALID_FOR_COUNTRY',
    ],
    [
      'on buyerIdentity.countryCode',
      'MERCHANDISE_NOT_APPLICABLE',
      ['buyerIdentity', 'countryCode'],
      'Some lines cannot be bought.',
      'INVALID_FOR_COUNTRY',
    ],
    [
      'INVALID on merchandise naming a country',
      'INVALID',
      lines0,
      'Variant is not available for sale in Mexico',
      'INVALID_FOR_COUNTRY',
    ],
    [
      'line not in cart: passes through',
      'INVALID_MERCHANDISE_LINE',
      ['lines', '0', 'id'],
      'Merchandise line was not found in cart',
      'INVALID_MERCHANDISE_LINE',
    ],
    [
      'quantity: passes through',
      'LESS_THAN',
      ['lines', '0', 'quantity'],
      'must be less than 1000000',
      'LESS_THAN',
    ],
    [
      'INVALID elsewhere: passes through',
      'INVALID',
      ['buyerIdentity', 'email'],
      'Email is invalid',
      'INVALID',
    ],
    [
      'selling plan: passes through',
      'VARIANT_REQUIRES_SELLING_PLAN',
      lines0,
      'Variant requires a selling plan',
      'VARIANT_REQUIRES_SELLING_PLAN',
    ],
    [
      'address: passes through',
      'ADDRESS_FIELD_IS_REQUIRED',
      ['addresses', '0', 'address', 'deliveryAddress', 'zip'],
      'Zip is required',
      'ADDRESS_FIELD_IS_REQUIRED',
    ],
    ['no code, no field', null, null, 'Something odd', null],
  ])('%s', (_label, code, field, message, expected) => {
    expect(storeErrorCode({ code, field, message })).toBe(expected);
  });

  test("a product title naming the buyer's country does not turn a sold-out into a country error", () => {
    const error = {
      code: 'MERCHANDISE_NOT_APPLICABLE',
      field: lines0,
      message: 'Canada Goose Mitts are sold out.',
    };
    expect(storeErrorCode(error, { countries: ['CA'] })).toBe('PRODUCT_NOT_AVAILABLE');
  });

  test("the buyer's own country, by code or name, anywhere in the message", () => {
    const error = {
      code: 'MERCHANDISE_NOT_APPLICABLE',
      field: lines0,
      message: 'Cannot be purchased from FR.',
    };
    expect(storeErrorCode(error)).toBe('PRODUCT_NOT_AVAILABLE');
    expect(storeErrorCode(error, { countries: ['FR'] })).toBe('INVALID_FOR_COUNTRY');
    const byName = { ...error, message: 'Cannot be purchased from France' };
    expect(storeErrorCode(byName, { countries: [null, 'FR'] })).toBe('INVALID_FOR_COUNTRY');
  });

  test('keeps the API code, field and message', () => {
    expect(
      toStoreUserError({ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }),
    ).toEqual({
      code: 'CART_NOT_FOUND',
      apiCode: 'INVALID',
      field: ['cartId'],
      message: 'The specified cart does not exist.',
    });
  });
});

describe('warning → product code', () => {
  test.each([
    ['MERCHANDISE_OUT_OF_STOCK', 'PRODUCT_NOT_AVAILABLE'],
    ['MERCHANDISE_NOT_ENOUGH_STOCK', 'PRODUCT_NOT_AVAILABLE'],
    ['DISCOUNT_NOT_FOUND', 'DISCOUNT_NOT_FOUND'],
    ['DISCOUNT_CODE_NOT_HONOURED', 'DISCOUNT_CODE_NOT_HONOURED'],
    ['DUPLICATE_DELIVERY_ADDRESS', 'DUPLICATE_DELIVERY_ADDRESS'],
  ])('%s → %s', (code, expected) => {
    expect(storeWarningCode({ code, message: 'm', target: 't' })).toBe(expected);
  });

  test('keeps the API code and target', () => {
    expect(
      toStoreWarning({
        code: 'MERCHANDISE_OUT_OF_STOCK',
        message: 'Sold out',
        target: 'gid://shopify/CartLine/1',
      }),
    ).toEqual({
      code: 'PRODUCT_NOT_AVAILABLE',
      apiCode: 'MERCHANDISE_OUT_OF_STOCK',
      message: 'Sold out',
      target: 'gid://shopify/CartLine/1',
    });
  });
});

describe('mentionsCountry', () => {
  test.each([
    ['not available in Canada', true],
    ['not available in canada.', true],
    ['not available in the Netherlands', true],
    ['NOT AVAILABLE IN US', true],
    ['not available in US', true],
    ['not available in the requested quantity', false],
    ['not available in stock', false],
    ['not available in this size', false],
    ['out of stock', false],
    ['does not exist', false],
    ['unavailable in your region', true],
    ['Country Club Gloves are sold out.', false],
    ['Market Street Tee does not exist', false],
    ['Heavy Bag Bundle (70 lb) is not available in AU: it cannot be shipped there.', true],
  ])('%j → %s', (message, expected) => {
    expect(mentionsCountry(message)).toBe(expected);
  });
});
