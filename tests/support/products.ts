/**
 * Store products for unit tests: one pair of gloves (a single "Default Title" variant at $69.00)
 * and its variants, each field replaceable through `overrides`.
 */
import type { Money, Product, ProductVariant } from '../../src/store/types.ts';

export const usd = (amount: string): Money => ({ amount, currencyCode: 'USD' });

/** A variant `gid://shopify/ProductVariant/<id>` named `title`, with that size as its option. */
export function testVariant(
  id: string,
  title: string,
  overrides: Partial<ProductVariant> = {},
): ProductVariant {
  return {
    id: `gid://shopify/ProductVariant/${id}`,
    title,
    sku: `SKU-${id}`,
    price: usd('69.0'),
    compareAtPrice: null,
    availableForSale: true,
    requiresShipping: true,
    uid: null,
    selectedOptions: [{ name: 'Size', value: title }],
    ...overrides,
  };
}

/** The Pro Training Gloves, in stock, with one default variant and a short description. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'gid://shopify/Product/1',
    handle: 'pro-gloves',
    title: 'Pro Training Gloves',
    description: 'Long description.',
    productType: 'Gloves',
    tags: [],
    featuredImage: {
      src: 'https://cdn.shopify.com/s/files/1/gloves.jpg',
      alt: 'Pro Training Gloves',
      width: 1000,
      height: 1000,
      focus: null,
    },
    images: [],
    variants: [
      testVariant('1', 'Default Title', { selectedOptions: [{ name: 'Title', value: 'Default Title' }] }),
    ],
    availableForSale: true,
    metafields: {
      subscriptionId: null,
      trialDays: null,
      coupon: null,
      membershipGid: null,
      monthlyPrice: null,
      productFilter: null,
      shortDescription: 'Double-stitched leather for bag work.',
    },
    ...overrides,
  };
}
