import {
  CartCreate,
  CartLineAdd,
  CartQuery,
  defaultCartFragment,
} from '@shopify/hydrogen-react/cart-queries';
import { describe, expect, test } from 'vitest';
import {
  client,
  data,
  gql,
  makeService,
  ORIGIN,
  PRIVATE_TOKEN,
  TOKEN,
  type GqlResult,
  type Money,
} from './store-service-support.ts';

const API = `${ORIGIN}/api/2026-04/graphql.json`;

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request(API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': TOKEN, ...headers },
    body,
  });

const SHOP_NAME = JSON.stringify({ query: '{ shop { name } }' });

describe('transport', () => {
  test('answers 401 ACCESS_DENIED without the public token or with a wrong one', async () => {
    const service = makeService();
    for (const headers of [
      { 'X-Shopify-Storefront-Access-Token': '' },
      { 'X-Shopify-Storefront-Access-Token': 'nope' },
    ]) {
      const response = await service.handle(post(SHOP_NAME, headers));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'ACCESS_DENIED' } }],
      });
    }
  });

  test('accepts the private token header instead of the public one', async () => {
    const service = makeService();
    const response = await service.handle(
      post(SHOP_NAME, {
        'X-Shopify-Storefront-Access-Token': '',
        'Shopify-Storefront-Private-Token': PRIVATE_TOKEN,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { shop: { name: 'Roundhouse' } } });
  });

  test('answers the CORS preflight for the headers hydrogen-react sends', async () => {
    const service = makeService();
    const response = await service.handle(new Request(API, { method: 'OPTIONS' }));
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    const allowed = (response.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(/,\s*/);
    const sent = [
      ...Object.keys(client.getPublicTokenHeaders({ contentType: 'json' })),
      'Shopify-Storefront-Y',
      'Shopify-Storefront-S',
      'X-Shopify-UniqueToken',
      'X-Shopify-VisitToken',
      'Shopify-Storefront-Id',
    ];
    for (const header of sent) expect(allowed).toContain(header.toLowerCase());
  });

  test('refuses other methods, malformed bodies and other API versions', async () => {
    const service = makeService();
    const get = await service.handle(new Request(API));
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST, OPTIONS');
    const bad = await service.handle(post('{not json'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: { query: 'Required parameter missing or invalid' } });
    expect((await service.handle(post(JSON.stringify({ variables: {} })))).status).toBe(400);
    const old = await service.handle(
      new Request(`${ORIGIN}/api/2024-04/graphql.json`, {
        method: 'POST',
        headers: { 'X-Shopify-Storefront-Access-Token': TOKEN },
        body: SHOP_NAME,
      }),
    );
    expect(old.status).toBe(404);
  });

  test('takes an application/graphql body', async () => {
    const service = makeService();
    const response = await service.handle(
      post('{ shop { name } }', { 'Content-Type': 'application/graphql' }),
    );
    expect(await response.json()).toEqual({ data: { shop: { name: 'Roundhouse' } } });
  });

  test('mounts under a base path, with checkout URLs from the origin option', async () => {
    let origin = 'http://127.0.0.1:1';
    const service = makeService({ basePath: '/_shopify', origin: () => origin });
    origin = 'http://127.0.0.1:8888';
    expect(service.paths).toEqual({
      graphql: '/_shopify/api/2026-04/graphql.json',
      checkout: '/_shopify/checkout',
    });
    expect(service.matches('/_shopify/api/2026-04/graphql.json')).toBe(true);
    expect(service.matches('/_shopify/checkout/abc')).toBe(true);
    expect(service.matches('/api/2026-04/graphql.json')).toBe(false);
    const response = await service.handle(
      new Request('http://localhost:8888/_shopify/api/2026-04/graphql.json', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': TOKEN },
        body: JSON.stringify({ query: 'mutation { cartCreate { cart { checkoutUrl } } }' }),
      }),
    );
    const body = (await response.json()) as { data: { cartCreate: { cart: { checkoutUrl: string } } } };
    expect(body.data.cartCreate.cart.checkoutUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:8888\/_shopify\/checkout\/\w+\?key=\w+$/,
    );
  });

  test('injects 5xx, THROTTLED and latency faults', async () => {
    const service = makeService();
    service.faults.set({ status5xx: 1, throttled: 1 });
    expect((await service.handle(post(SHOP_NAME))).status).toBe(500);
    const throttled = await service.handle(post(SHOP_NAME));
    expect(throttled.status).toBe(200);
    expect(await throttled.json()).toMatchObject({ errors: [{ extensions: { code: 'THROTTLED' } }] });
    service.faults.set({ latencyMs: 30 });
    const started = Date.now();
    expect((await service.handle(post(SHOP_NAME))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    service.faults.clear();
  });
});

describe('schema validation (the official 2026-04 schema)', () => {
  test('rejects an unknown field with HTTP 200 and errors[]', async () => {
    const result = await gql(makeService(), '{ product(handle: "hand-wraps") { id colour } }');
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toBe('Cannot query field "colour" on type "Product".');
  });

  test('rejects the removed checkout mutations as the real API does', async () => {
    const result = await gql(makeService(), 'mutation { checkoutCreate(input: {}) { checkout { id } } }');
    expect(result.errors?.[0]?.message).toBe(
      'Cannot query field "checkoutCreate" on type "Mutation". Did you mean "cartCreate"?',
    );
  });

  test('reports syntax errors and root fields the stand-in does not serve', async () => {
    const service = makeService();
    expect((await gql(service, '{ shop { name }')).errors?.[0]?.message).toMatch(/^Syntax Error/);
    const customer = await gql(service, '{ customer(customerAccessToken: "x") { id } }');
    expect(customer.errors?.[0]?.message).toBe(
      'QueryRoot.customer is not supported by the local store service.',
    );
  });

  test('runs the documents hydrogen-react CartProvider sends', async () => {
    const service = makeService();
    type CartData = {
      cart: {
        id: string;
        totalQuantity: number;
        buyerIdentity: { countryCode: string | null; customer: null };
        lines: { edges: { node: { merchandise: { image: { url: string } | null } } }[] };
        cost: { totalDutyAmount: Money | null; totalTaxAmount: Money | null };
      } | null;
    };
    const created = await data<{ cartCreate: CartData }>(service, CartCreate(defaultCartFragment), {
      input: {
        lines: [{ merchandiseId: 'gid://shopify/ProductVariant/100101' }],
        buyerIdentity: { countryCode: 'US' },
      },
      country: 'US',
      language: 'EN',
    });
    const cart = created.cartCreate.cart;
    expect(cart?.totalQuantity).toBe(1);
    expect(cart?.buyerIdentity).toEqual({ countryCode: 'US', customer: null, email: null, phone: null });
    expect(cart?.cost).toMatchObject({ totalDutyAmount: null, totalTaxAmount: null });
    expect(cart?.lines.edges[0]?.node.merchandise.image?.url).toMatch(
      /^http:\/\/store\.test\/a\/f\/286000\/800x800\//,
    );
    const added = await data<{ cartLinesAdd: CartData }>(service, CartLineAdd(defaultCartFragment), {
      cartId: cart?.id,
      lines: [{ merchandiseId: 'gid://shopify/ProductVariant/100202', quantity: 2 }],
    });
    expect(added.cartLinesAdd.cart?.totalQuantity).toBe(3);
    const fetched = await data<CartData>(service, CartQuery(defaultCartFragment), { id: cart?.id });
    expect(fetched.cart?.totalQuantity).toBe(3);
  });
});

const PRODUCT = `
  query Product($handle: String, $id: ID, $country: CountryCode) @inContext(country: $country, language: EN) {
    product(handle: $handle, id: $id) {
      id handle title description productType tags availableForSale
      featuredImage { url altText width height }
      images(first: 5) { nodes { url altText width height } }
      variants(first: 50) {
        nodes {
          id title sku availableForSale requiresShipping
          price { amount currencyCode } compareAtPrice { amount currencyCode }
          selectedOptions { name value }
          metafield(namespace: "custom", key: "uid") { value }
        }
      }
      metafields(identifiers: [
        { namespace: "custom", key: "subscription_id" }, { namespace: "custom", key: "trial_days" },
        { namespace: "custom", key: "coupon" }, { namespace: "custom", key: "membership_gid" },
        { namespace: "custom", key: "monthly_price" }, { namespace: "custom", key: "product_filter" },
        { namespace: "custom", key: "short_description" }
      ]) { key value type }
      priceRange { minVariantPrice { amount } maxVariantPrice { amount } }
      compareAtPriceRange { minVariantPrice { amount } maxVariantPrice { amount } }
    }
  }
`;
type Variant = {
  id: string;
  title: string;
  sku: string | null;
  availableForSale: boolean;
  requiresShipping: boolean;
  price: Money;
  compareAtPrice: Money | null;
  selectedOptions: { name: string; value: string }[];
  metafield: { value: string } | null;
};
type Product = {
  id: string;
  handle: string;
  title: string;
  productType: string;
  tags: string[];
  availableForSale: boolean;
  featuredImage: { url: string; altText: string; width: number; height: number } | null;
  images: { nodes: { url: string }[] };
  variants: { nodes: Variant[] };
  metafields: ({ key: string; value: string; type: string } | null)[];
  priceRange: { minVariantPrice: { amount: string }; maxVariantPrice: { amount: string } };
  compareAtPriceRange: { minVariantPrice: { amount: string }; maxVariantPrice: { amount: string } };
};

describe('products and collections', () => {
  test('finds a product by handle and by id, with variants, images and metafields', async () => {
    const service = makeService();
    const { product } = await data<{ product: Product }>(service, PRODUCT, { handle: 'pro-boxing-gloves' });
    expect(product).toMatchObject({
      id: 'gid://shopify/Product/1001',
      productType: 'Gloves',
      availableForSale: true,
    });
    expect(product.featuredImage).toEqual({
      url: 'http://store.test/a/f/286000/800x800/1ea33496/topic-gloves-and-wraps-block.jpg',
      altText: 'Red Roundhouse boxing gloves',
      width: 800,
      height: 800,
    });
    expect(product.images.nodes).toHaveLength(3);
    expect(product.variants.nodes.map((v) => [v.title, v.availableForSale, v.metafield?.value])).toEqual([
      ['10oz', true, 'gloves-pro-10oz'],
      ['12oz', true, 'gloves-pro-12oz'],
      ['14oz', true, 'gloves-pro-14oz'],
      ['16oz', false, 'gloves-pro-16oz'],
    ]);
    expect(product.variants.nodes[0]).toMatchObject({
      sku: 'RH-GLV-10',
      price: { amount: '69.00', currencyCode: 'USD' },
      compareAtPrice: null,
      selectedOptions: [{ name: 'Size', value: '10oz' }],
    });
    expect(product.metafields.filter(Boolean)).toEqual([
      { key: 'short_description', value: expect.any(String), type: 'multi_line_text_field' },
    ]);
    const byId = await data<{ product: Product }>(service, PRODUCT, { id: 'gid://shopify/Product/1001' });
    expect(byId.product.handle).toBe('pro-boxing-gloves');
    expect((await data<{ product: null }>(service, PRODUCT, { handle: 'nope' })).product).toBeNull();
  });

  test('the membership carries every metafield the site reads', async () => {
    const { product } = await data<{ product: Product }>(makeService(), PRODUCT, {
      handle: 'roundhouse-membership',
    });
    const byKey = Object.fromEntries(product.metafields.map((m) => [m?.key, m?.value]));
    expect(byKey).toEqual({
      subscription_id: 'rh-monthly-2025',
      trial_days: '30',
      coupon: 'ROUND10',
      membership_gid: 'gid://roundhouse/Membership/1',
      monthly_price: '{"amount":"19.99","currency_code":"USD"}',
      product_filter: 'tag:equipment',
      short_description: expect.any(String),
    });
    expect(product.variants.nodes[0]?.requiresShipping).toBe(false);
  });

  test('apparel has compare-at prices and price ranges', async () => {
    const { product } = await data<{ product: Product }>(makeService(), PRODUCT, { handle: 'training-tee' });
    expect(product.variants.nodes.map((v) => v.title)).toEqual(['S', 'M', 'L', 'XL']);
    expect(product.variants.nodes[1]?.compareAtPrice).toEqual({ amount: '35.00', currencyCode: 'USD' });
    expect(product.priceRange).toEqual({
      minVariantPrice: { amount: '25.00' },
      maxVariantPrice: { amount: '25.00' },
    });
    expect(product.compareAtPriceRange.maxVariantPrice.amount).toBe('35.00');
  });

  test('@inContext country decides availability: the heavy bag bundle is not sold to AU', async () => {
    const service = makeService();
    const au = await data<{ product: Product }>(service, PRODUCT, {
      handle: 'heavy-bag-bundle',
      country: 'AU',
    });
    expect(au.product.availableForSale).toBe(false);
    expect(au.product.variants.nodes.every((v) => !v.availableForSale)).toBe(true);
    const us = await data<{ product: Product }>(service, PRODUCT, {
      handle: 'heavy-bag-bundle',
      country: 'US',
    });
    expect(us.product.availableForSale).toBe(true);
  });

  const PRODUCTS = `
    query Products($first: Int, $after: String, $query: String) {
      products(first: $first, after: $after, query: $query) {
        nodes { id handle }
        pageInfo { hasNextPage endCursor }
      }
    }
  `;
  type Page = {
    products: {
      nodes: { id: string; handle: string }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  };

  test('paginates products with pageInfo', async () => {
    const service = makeService();
    const handles: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: Page = await data<Page>(service, PRODUCTS, { first: 4, after });
      handles.push(...page.products.nodes.map((n) => n.handle));
      pages++;
      if (!page.products.pageInfo.hasNextPage) break;
      after = page.products.pageInfo.endCursor;
    }
    expect(pages).toBe(2);
    expect(handles).toEqual([
      'pro-boxing-gloves',
      'hand-wraps',
      'heavy-bag-bundle',
      'training-tee',
      'ringside-boxing-shoes',
      'roundhouse-membership',
    ]);
    const tagged = await data<Page>(service, PRODUCTS, { first: 10, query: 'tag:equipment' });
    expect(tagged.products.nodes.map((n) => n.handle)).toEqual([
      'pro-boxing-gloves',
      'hand-wraps',
      'heavy-bag-bundle',
    ]);
  });

  test('a connection without first or last is an error and data null', async () => {
    const result: GqlResult<unknown> = await gql(makeService(), PRODUCTS, {});
    expect(result).toEqual({
      data: null,
      errors: [
        expect.objectContaining({ message: 'you must provide one of first or last', path: ['products'] }),
      ],
    });
  });

  test('pages through a collection by handle and by id', async () => {
    const service = makeService();
    const COLLECTION = `
      query Collection($id: ID, $handle: String, $first: Int!, $after: String) {
        collection(id: $id, handle: $handle) {
          id title
          products(first: $first, after: $after) { nodes { handle } pageInfo { hasNextPage endCursor } }
        }
      }
    `;
    type Collection = { collection: { id: string; products: Page['products'] } };
    const first = await data<Collection>(service, COLLECTION, { handle: 'equipment', first: 2 });
    expect(first.collection.id).toBe('gid://shopify/Collection/2001');
    expect(first.collection.products.nodes.map((n) => n.handle)).toEqual(['pro-boxing-gloves', 'hand-wraps']);
    expect(first.collection.products.pageInfo.hasNextPage).toBe(true);
    const second = await data<Collection>(service, COLLECTION, {
      id: 'gid://shopify/Collection/2001',
      first: 2,
      after: first.collection.products.pageInfo.endCursor,
    });
    expect(second.collection.products.nodes.map((n) => n.handle)).toEqual(['heavy-bag-bundle']);
    expect(second.collection.products.pageInfo).toEqual({
      hasNextPage: false,
      endCursor: expect.any(String),
    });
  });

  test('resolves nodes by id, null for unknown ones', async () => {
    const { nodes } = await data<{ nodes: ({ __typename: string; id: string } | null)[] }>(
      makeService(),
      `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`,
      {
        ids: [
          'gid://shopify/Product/1003',
          'gid://shopify/ProductVariant/100402',
          'gid://shopify/Collection/2002',
          'gid://shopify/Product/9999',
        ],
      },
    );
    expect(nodes).toEqual([
      { __typename: 'Product', id: 'gid://shopify/Product/1003' },
      { __typename: 'ProductVariant', id: 'gid://shopify/ProductVariant/100402' },
      { __typename: 'Collection', id: 'gid://shopify/Collection/2002' },
      null,
    ]);
  });
});
