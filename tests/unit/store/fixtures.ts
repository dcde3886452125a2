/**
 * Hand-written Storefront API 2026-04 responses, shaped as the documents in src/store/documents.ts
 * ask (aliases included), with a few fields more than asked, as a real server or the stand-in may
 * send. Plus a fetch stub that checks each request against the shipped schema.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildClientSchema,
  getOperationAST,
  getVariableValues,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

const schemaPath = fileURLToPath(
  new URL('../../../node_modules/@shopify/hydrogen-react/storefront.schema.json', import.meta.url),
);
let schema: GraphQLSchema | null = null;

/** The Storefront API schema hydrogen-react ships (built once per test file). */
export function storefrontSchema(): GraphQLSchema {
  schema ??= buildClientSchema(JSON.parse(readFileSync(schemaPath, 'utf8')) as IntrospectionQuery);
  return schema;
}

const money = (amount: string, currencyCode = 'USD') => ({ amount, currencyCode });

export const image = (n: number, extra: Record<string, unknown> = {}) => ({
  url: `https://cdn.shopify.com/s/files/1/0000/0001/products/glove-${n}.jpg?v=1700000000`,
  altText: n === 1 ? 'Red 12 oz boxing glove, side view' : null,
  width: 1200,
  height: 800,
  id: `gid://shopify/ProductImage/${4000 + n}`,
  thumbhash: 'abc',
  ...extra,
});

export const variant = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `gid://shopify/ProductVariant/${5000 + n}`,
  title: `${10 + 2 * n} oz`,
  sku: n === 2 ? null : `GLV-${10 + 2 * n}`,
  availableForSale: n !== 3,
  requiresShipping: true,
  price: money('59.00'),
  compareAtPrice: n === 1 ? money('79.00') : null,
  selectedOptions: [{ name: 'Size', value: `${10 + 2 * n} oz` }],
  uid: n === 2 ? null : { value: `glove-${10 + 2 * n}` },
  barcode: '0001',
  quantityAvailable: 7,
  ...extra,
});

/** The metafields answer: one entry per identifier, in order, null where unset. */
export const metafields = (values: Partial<Record<string, string>>) =>
  [
    'subscription_id',
    'trial_days',
    'coupon',
    'membership_gid',
    'monthly_price',
    'product_filter',
    'short_description',
  ].map((key) =>
    values[key] === undefined
      ? null
      : {
          namespace: 'custom',
          key,
          type: key === 'trial_days' ? 'number_integer' : 'single_line_text_field',
          value: values[key],
          id: `gid://shopify/Metafield/${key.length}`,
        },
  );

export const wireProduct = (extra: Record<string, unknown> = {}) => ({
  id: 'gid://shopify/Product/1001',
  handle: 'pro-boxing-gloves',
  title: 'Pro Boxing Gloves',
  description: 'Leather gloves for bag work and sparring.',
  productType: 'Gloves',
  tags: ['boxing', 'gear'],
  availableForSale: true,
  vendor: 'Roundhouse',
  onlineStoreUrl: null,
  featuredImage: image(1),
  images: { nodes: [image(1), image(2)] },
  variants: { nodes: [variant(1), variant(2), variant(3)] },
  priceRange: { minVariantPrice: money('59.00'), maxVariantPrice: money('59.00') },
  metafields: metafields({
    subscription_id: 'sub_123',
    trial_days: '14',
    coupon: 'WELCOME10',
    monthly_price: '{"amount":"29.00","currency_code":"USD"}',
    short_description: '  Gloves that last.  ',
  }),
  ...extra,
});

export const CART_ID = 'gid://shopify/Cart/c1-abc123?key=s3cret';

export const wireLine = (n: number, extra: Record<string, unknown> = {}) => ({
  __typename: 'CartLine',
  id: `gid://shopify/CartLine/line-${n}?cart=c1-abc123`,
  quantity: n,
  cost: {
    totalAmount: money((59 * n).toFixed(2)),
    amountPerQuantity: money('59.00'),
    compareAtAmountPerQuantity: null,
  },
  merchandise: {
    __typename: 'ProductVariant',
    id: `gid://shopify/ProductVariant/${5000 + n}`,
    title: `${10 + 2 * n} oz`,
    requiresShipping: true,
    price: money('59.00'),
    compareAtPrice: n === 1 ? money('79.00') : null,
    image: n === 1 ? image(1) : null,
    product: {
      handle: 'pro-boxing-gloves',
      title: 'Pro Boxing Gloves',
      featuredImage: image(2),
      id: 'gid://shopify/Product/1001',
    },
  },
  attributes: [],
  ...extra,
});

export const wireCart = (extra: Record<string, unknown> = {}) => ({
  id: CART_ID,
  checkoutUrl: 'https://roundhouse.myshopify.com/cart/c/c1-abc123?key=s3cret',
  totalQuantity: 3,
  createdAt: '2026-05-01T10:00:00Z',
  note: null,
  buyerIdentity: {
    countryCode: 'US',
    email: 'sam@example.com',
    phone: null,
    customer: null,
  },
  lines: {
    nodes: [wireLine(1), wireLine(2)],
    pageInfo: { hasNextPage: false, endCursor: 'x' },
  },
  discountCodes: [
    { code: 'WELCOME10', applicable: true },
    { code: 'EXPIRED', applicable: false },
  ],
  discountAllocations: [
    { __typename: 'CartCodeDiscountAllocation', discountedAmount: money('17.70'), code: 'WELCOME10' },
    { __typename: 'CartAutomaticDiscountAllocation', discountedAmount: money('5.00'), title: 'Spring' },
  ],
  cost: {
    subtotalAmount: money('177.00'),
    totalAmount: money('154.30'),
    totalTaxAmount: null,
    checkoutChargeAmount: money('154.30'),
    subtotalAmountEstimated: false,
    totalAmountEstimated: true,
  },
  delivery: {
    addresses: [
      {
        id: 'gid://shopify/CartSelectableAddress/1',
        selected: true,
        oneTimeUse: false,
        address: {
          __typename: 'CartDeliveryAddress',
          address1: '1 Ring Rd',
          address2: '',
          city: 'Austin',
          provinceCode: 'TX',
          countryCode: 'US',
          zip: '78701',
          firstName: 'Sam',
          lastName: null,
          formatted: ['1 Ring Rd', 'Austin TX 78701', 'United States'],
        },
      },
    ],
  },
  deliveryGroups: {
    nodes: [
      {
        id: 'gid://shopify/CartDeliveryGroup/1',
        groupType: 'ONE_TIME_PURCHASE',
        deliveryOptions: [
          {
            handle: 'std-abc',
            code: 'STANDARD',
            title: 'Standard',
            description: '3 to 5 business days',
            estimatedCost: money('5.00'),
            deliveryMethodType: 'SHIPPING',
          },
          {
            handle: 'exp-def',
            code: null,
            title: 'Express',
            description: null,
            estimatedCost: money('15.00'),
            deliveryMethodType: 'SHIPPING',
          },
        ],
        selectedDeliveryOption: { handle: 'std-abc' },
      },
    ],
  },
  ...extra,
});

export const payload = (
  cart: unknown,
  userErrors: { field: string[] | null; message: string; code: string | null }[] = [],
  warnings: { code: string; message: string; target: string }[] = [],
) => ({ cart, userErrors, warnings });

// ---- a fetch stub that checks what is sent ---------------------------------------------------

export type SentRequest = {
  url: string;
  headers: Headers;
  operationName: string | null;
  query: string;
  variables: Record<string, unknown>;
};

export type Answer = Response | { data?: unknown; errors?: unknown[] };

/**
 * A fetch that validates each document and its variables against the Storefront schema (a request
 * the real API would refuse fails the test), records it, and answers with `answer(request)`.
 */
export function storefrontFetch(answer: (req: SentRequest) => Answer | Promise<Answer>) {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as {
      query: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    };
    const document = parse(body.query);
    const errors = validate(storefrontSchema(), document);
    if (errors.length) throw new Error(`invalid document: ${errors.map((e) => e.message).join('; ')}`);
    const operation = getOperationAST(document, body.operationName);
    if (!operation) throw new Error('no operation');
    const coerced = getVariableValues(
      storefrontSchema(),
      operation.variableDefinitions ?? [],
      body.variables ?? {},
    );
    if (coerced.errors)
      throw new Error(`invalid variables: ${coerced.errors.map((e) => e.message).join('; ')}`);
    const req: SentRequest = {
      url: String(input),
      headers: new Headers(init?.headers),
      operationName: operation.name?.value ?? null,
      query: body.query,
      variables: body.variables ?? {},
    };
    sent.push(req);
    const result = await answer(req);
    return result instanceof Response ? result : Response.json(result);
  };
  return { fetch, sent };
}
