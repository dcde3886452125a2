/** Shared helpers for the local store service tests: real GraphQL documents over `handle(Request)`. */
import { createStorefrontClient } from '@shopify/hydrogen-react';
import { expect } from 'vitest';
import {
  createStoreService,
  type StoreService,
  type StoreServiceOptions,
} from '../../../src/local/store-service/index.ts';

export const TOKEN = 'test-public-token';
export const PRIVATE_TOKEN = 'test-private-token';
export const ORIGIN = 'http://store.test';
/** A fixed clock: after SUMMER24 ended. */
export const NOW = new Date('2026-05-01T12:00:00Z');

export const client = createStorefrontClient({
  storeDomain: ORIGIN,
  publicStorefrontToken: TOKEN,
  // With a private token the client does not warn that server code should use one.
  privateStorefrontToken: PRIVATE_TOKEN,
  storefrontApiVersion: '2026-04',
});

export function makeService(options: Partial<StoreServiceOptions> = {}): StoreService {
  return createStoreService({
    publicToken: TOKEN,
    privateToken: PRIVATE_TOKEN,
    origin: ORIGIN,
    now: () => NOW,
    ...options,
  });
}

export type GqlError = { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> };
export type GqlResult<T> = { data?: T | null; errors?: GqlError[] };

/** POSTs a document the way hydrogen-react's clients do and returns the parsed body (HTTP 200 expected). */
export async function gql<T = Record<string, unknown>>(
  service: StoreService,
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
): Promise<GqlResult<T>> {
  const response = await service.handle(
    new Request(client.getStorefrontApiUrl(), {
      method: 'POST',
      headers: client.getPublicTokenHeaders({ contentType: 'json' }),
      body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as GqlResult<T>;
}

/** Like `gql`, but fails on GraphQL errors and returns `data`. */
export async function data<T = Record<string, unknown>>(
  service: StoreService,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const result = await gql<T>(service, query, variables);
  expect(result.errors).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
}

export type Money = { amount: string; currencyCode: string };
export type WireCart = {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  note: string | null;
  buyerIdentity: { countryCode: string | null; email: string | null; phone: string | null };
  lines: {
    nodes: {
      id: string;
      quantity: number;
      attributes: { key: string; value: string | null }[];
      merchandise: { id: string; title: string; availableForSale: boolean; product: { handle: string } };
      cost: { totalAmount: Money; amountPerQuantity: Money; compareAtAmountPerQuantity: Money | null };
    }[];
  };
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: { code?: string; discountedAmount: Money }[];
  cost: { subtotalAmount: Money; totalAmount: Money; totalTaxAmount: Money | null };
  delivery: {
    addresses: {
      id: string;
      selected: boolean;
      address: { countryCode?: string | null; city?: string | null; zip?: string | null };
    }[];
  };
  deliveryGroups: {
    nodes: {
      id: string;
      deliveryOptions: { handle: string; code: string | null; title: string | null; estimatedCost: Money }[];
      selectedDeliveryOption: { handle: string } | null;
    }[];
  };
};
export type UserError = { field: string[] | null; message: string; code: string | null };
export type Warning = { code: string; message: string; target: string };
export type Payload = { cart: WireCart | null; userErrors: UserError[]; warnings: Warning[] };

export const CART_FIELDS = `
  fragment CartFields on Cart {
    id
    checkoutUrl
    totalQuantity
    note
    buyerIdentity { countryCode email phone }
    lines(first: 50) {
      nodes {
        id
        quantity
        attributes { key value }
        merchandise { ... on ProductVariant { id title availableForSale product { handle } } }
        cost { totalAmount { amount currencyCode } amountPerQuantity { amount currencyCode } compareAtAmountPerQuantity { amount currencyCode } }
      }
    }
    discountCodes { code applicable }
    discountAllocations { ... on CartCodeDiscountAllocation { code } discountedAmount { amount currencyCode } }
    cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } totalTaxAmount { amount currencyCode } }
    delivery { addresses { id selected address { ... on CartDeliveryAddress { countryCode city zip } } } }
    deliveryGroups(first: 10) {
      nodes {
        id
        deliveryOptions { handle code title estimatedCost { amount currencyCode } }
        selectedDeliveryOption { handle }
      }
    }
  }
`;

const PAYLOAD = `cart { ...CartFields } userErrors { field message code } warnings { code message target }`;

export const CART_CREATE = `
  mutation CartCreate($input: CartInput, $country: CountryCode) @inContext(country: $country) {
    cartCreate(input: $input) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const LINES_ADD = `
  mutation LinesAdd($cartId: ID!, $lines: [CartLineInput!]!, $country: CountryCode) @inContext(country: $country) {
    cartLinesAdd(cartId: $cartId, lines: $lines) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const LINES_UPDATE = `
  mutation LinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const LINES_REMOVE = `
  mutation LinesRemove($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const DISCOUNTS_UPDATE = `
  mutation Discounts($cartId: ID!, $codes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $codes) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const BUYER_UPDATE = `
  mutation Buyer($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const ADDRESSES_ADD = `
  mutation AddressesAdd($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
    cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const ADDRESSES_UPDATE = `
  mutation AddressesUpdate($cartId: ID!, $addresses: [CartSelectableAddressUpdateInput!]!) {
    cartDeliveryAddressesUpdate(cartId: $cartId, addresses: $addresses) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const DELIVERY_SELECT = `
  mutation Select($cartId: ID!, $options: [CartSelectedDeliveryOptionInput!]!) {
    cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $options) { ${PAYLOAD} }
  }
  ${CART_FIELDS}
`;
export const CART_QUERY = `
  query Cart($id: ID!) { cart(id: $id) { ...CartFields } }
  ${CART_FIELDS}
`;

export const variant = (id: number) => `gid://shopify/ProductVariant/${id}`;
/** Demo variants: gloves 10oz/14oz (3 in stock)/16oz (sold out), heavy bag 70 lb, tee M, membership. */
export const GLOVES_10 = variant(100101);
export const GLOVES_14 = variant(100103);
export const GLOVES_16 = variant(100104);
export const BAG_70 = variant(100301);
export const TEE_M = variant(100402);
export const WRAPS_180 = variant(100202);
export const MEMBERSHIP = variant(100601);

/** Runs a cart mutation and returns its payload (`cartCreate`, `cartLinesAdd`, …). */
export async function cartMutation(
  service: StoreService,
  document: string,
  variables: Record<string, unknown>,
): Promise<Payload> {
  const result = await data<Record<string, Payload>>(service, document, variables);
  const payload = Object.values(result)[0];
  if (!payload) throw new Error('no payload');
  return payload;
}

/** A new cart holding the given lines; fails on userErrors. */
export async function createCart(
  service: StoreService,
  lines: { merchandiseId: string; quantity?: number }[] = [],
  input: Record<string, unknown> = {},
): Promise<WireCart> {
  const payload = await cartMutation(service, CART_CREATE, { input: { lines, ...input } });
  expect(payload.userErrors).toEqual([]);
  if (!payload.cart) throw new Error('no cart');
  return payload.cart;
}
