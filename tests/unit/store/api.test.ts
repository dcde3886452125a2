import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createStoreApi, type StoreApi } from '../../../src/store/api';
import { createStoreClient } from '../../../src/store/client';
import { StoreGraphQLError, StoreInputError, StoreUnavailableError } from '../../../src/store/errors';
import {
  CART_ID,
  payload,
  storefrontFetch,
  wireCart,
  wireProduct,
  type Answer,
  type SentRequest,
} from './fixtures';

beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('[h2:warn:createStorefrontClient]')) warn(...args);
  });
});

/** An API over a fetch stub that validates every document and its variables against the schema. */
function store(answer: (req: SentRequest) => Answer, country: string | null = 'US') {
  const { fetch, sent } = storefrontFetch(answer);
  const client = createStoreClient({
    storeDomain: 'http://127.0.0.1:8888/_local/shopify',
    publicStorefrontToken: 'public-token',
    fetch,
  });
  return { api: createStoreApi({ client, country }), sent };
}

describe('products', () => {
  test('product(handle) sends getProductByHandle in the buyer country and maps the product', async () => {
    const { api, sent } = store(() => ({ data: { product: wireProduct() } }), 'CA');
    const product = await api.product('pro-boxing-gloves');
    expect(product?.title).toBe('Pro Boxing Gloves');
    expect(product?.metafields.trialDays).toBe(14);
    expect(sent[0]?.operationName).toBe('getProductByHandle');
    expect(sent[0]?.variables).toEqual({ handle: 'pro-boxing-gloves', country: 'CA' });
  });

  test('product(handle): none is null; a handle that cannot be one sends nothing', async () => {
    const { api, sent } = store(() => ({ data: { product: null } }));
    expect(await api.product('no-such-thing')).toBeNull();
    expect(await api.product('../etc/passwd')).toBeNull();
    expect(await api.product('')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  test('without a country, none is sent (the shop default applies)', async () => {
    const { api, sent } = store(() => ({ data: { product: null } }), null);
    await api.product('x');
    expect(sent[0]?.variables).toEqual({ handle: 'x' });
    expect(api.country).toBeNull();
  });

  test('products(ids) takes gids or numeric ids, keeps the order asked and leaves out unknown ones', async () => {
    const { api, sent } = store(() => ({
      data: {
        nodes: [
          null,
          { __typename: 'Product', ...wireProduct({ id: 'gid://shopify/Product/2', handle: 'b' }) },
          { __typename: 'Product', ...wireProduct({ id: 'gid://shopify/Product/1', handle: 'a' }) },
        ],
      },
    }));
    const products = await api.products(['gid://shopify/Product/9', '2', 'gid://shopify/Product/1', '2']);
    expect(products.map((p) => p.handle)).toEqual(['b', 'a']);
    expect(sent[0]?.operationName).toBe('getProducts');
    expect(sent[0]?.variables.ids).toEqual([
      'gid://shopify/Product/9',
      'gid://shopify/Product/2',
      'gid://shopify/Product/1',
    ]);
  });

  test('products([]) sends nothing; a variant id or 251 ids are input errors', async () => {
    const { api, sent } = store(() => ({ data: { nodes: [] } }));
    expect(await api.products([])).toEqual([]);
    await expect(api.products(['gid://shopify/ProductVariant/1'])).rejects.toBeInstanceOf(StoreInputError);
    await expect(api.products(Array.from({ length: 251 }, (_, i) => String(i + 1)))).rejects.toThrow(
      StoreInputError,
    );
    expect(sent).toHaveLength(0);
  });

  test('collection(id, page) sends getCollectionById(id, numProducts, cursor) and returns the page', async () => {
    const { api, sent } = store(() => ({
      data: {
        collection: {
          id: 'gid://shopify/Collection/7',
          handle: 'gloves',
          title: 'Gloves',
          products: { pageInfo: { hasNextPage: true, endCursor: 'c2' }, nodes: [wireProduct()] },
        },
      },
    }));
    const page = await api.collection('7', { first: 1, after: 'c1' });
    expect(page).toMatchObject({ hasNextPage: true, endCursor: 'c2' });
    expect(page?.products[0]?.handle).toBe('pro-boxing-gloves');
    expect(sent[0]?.operationName).toBe('getCollectionById');
    expect(sent[0]?.variables).toEqual({
      id: 'gid://shopify/Collection/7',
      numProducts: 1,
      cursor: 'c1',
      country: 'US',
    });
  });

  test('collection: missing is null; page size defaults to 20 and is at most 50', async () => {
    const { api, sent } = store(() => ({ data: { collection: null } }));
    expect(await api.collection('gid://shopify/Collection/404')).toBeNull();
    expect(sent[0]?.variables).toMatchObject({ numProducts: 20, cursor: null });
    await expect(api.collection('7', { first: 51 })).rejects.toBeInstanceOf(StoreInputError);
    await expect(api.collection('gid://shopify/Product/7')).rejects.toBeInstanceOf(StoreInputError);
  });

  test('searchProducts sends products(first, after, query)', async () => {
    const { api, sent } = store(() => ({
      data: { products: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [wireProduct()] } },
    }));
    const page = await api.searchProducts({ query: 'tag:gloves', first: 10 });
    expect(page).toMatchObject({ hasNextPage: false, endCursor: null });
    expect(sent[0]?.variables).toEqual({ first: 10, after: null, query: 'tag:gloves', country: 'US' });
  });
});

describe('cart', () => {
  test('cart(id) maps the cart; a gone cart is null; an id that cannot be a cart sends nothing', async () => {
    let answer: unknown = wireCart();
    const { api, sent } = store(() => ({ data: { cart: answer } }));
    expect((await api.cart(CART_ID))?.totalQuantity).toBe(3);
    expect(sent[0]?.variables).toEqual({ cartId: CART_ID, country: 'US' });
    answer = null;
    expect(await api.cart(CART_ID)).toBeNull();
    expect(await api.cart('not-a-cart')).toBeNull();
    expect(await api.cart('gid://shopify/Product/1')).toBeNull();
    expect(sent).toHaveLength(2);
  });

  test('cartCreate puts the API country into buyerIdentity and addresses under delivery', async () => {
    const { api, sent } = store(() => ({ data: { cartCreate: payload(wireCart()) } }), 'CA');
    const result = await api.cartCreate({
      lines: [{ merchandiseId: '5001' }, { merchandiseId: 'gid://shopify/ProductVariant/5002', quantity: 2 }],
      discountCodes: ['welcome10', 'WELCOME10'],
      deliveryAddresses: [{ address: { countryCode: 'CA', zip: 'M5V 2T6' }, selected: true }],
    });
    expect(result.cart?.id).toBe(CART_ID);
    expect(result.userErrors).toEqual([]);
    expect(sent[0]?.operationName).toBe('cartCreate');
    expect(sent[0]?.variables).toEqual({
      country: 'CA',
      input: {
        lines: [
          { merchandiseId: 'gid://shopify/ProductVariant/5001', quantity: 1 },
          { merchandiseId: 'gid://shopify/ProductVariant/5002', quantity: 2 },
        ],
        discountCodes: ['welcome10'],
        buyerIdentity: { countryCode: 'CA' },
        delivery: {
          addresses: [
            { address: { deliveryAddress: { countryCode: 'CA', zip: 'M5V 2T6' } }, selected: true },
          ],
        },
      },
    });
  });

  test('a buyer country change is also the context country of that request', async () => {
    const { api, sent } = store((req) => ({ data: { [req.operationName!]: payload(wireCart()) } }), 'US');
    await api.cartBuyerIdentityUpdate(CART_ID, { countryCode: 'GB' });
    expect(sent[0]?.variables).toEqual({
      cartId: CART_ID,
      country: 'GB',
      buyerIdentity: { countryCode: 'GB' },
    });
    await api.cartCreate({ buyerIdentity: { countryCode: 'DE' } });
    expect(sent[1]?.variables).toEqual({ country: 'DE', input: { buyerIdentity: { countryCode: 'DE' } } });
  });

  test('cartCreate with no country and no input sends an empty input', async () => {
    const { api, sent } = store(() => ({ data: { cartCreate: payload(wireCart()) } }), null);
    await api.cartCreate();
    expect(sent[0]?.variables).toEqual({ input: {} });
  });

  type Call = [name: string, call: (api: StoreApi) => Promise<unknown>, variables: Record<string, unknown>];
  test.each<Call>([
    [
      'cartLinesAdd',
      (api) =>
        api.cartLinesAdd(CART_ID, [
          { merchandiseId: '5001', quantity: 2, attributes: [{ key: 'gift', value: 'yes' }] },
        ]),
      {
        lines: [
          {
            merchandiseId: 'gid://shopify/ProductVariant/5001',
            quantity: 2,
            attributes: [{ key: 'gift', value: 'yes' }],
          },
        ],
      },
    ],
    [
      'cartLinesUpdate',
      (api) => api.cartLinesUpdate(CART_ID, [{ id: 'gid://shopify/CartLine/line-1?cart=c1', quantity: 3 }]),
      { lines: [{ id: 'gid://shopify/CartLine/line-1?cart=c1', quantity: 3 }] },
    ],
    [
      'cartLinesRemove',
      (api) => api.cartLinesRemove(CART_ID, ['gid://shopify/CartLine/line-1?cart=c1']),
      { lineIds: ['gid://shopify/CartLine/line-1?cart=c1'] },
    ],
    ['cartDiscountCodesUpdate', (api) => api.cartDiscountCodesUpdate(CART_ID, []), { discountCodes: [] }],
    [
      'cartBuyerIdentityUpdate',
      (api) => api.cartBuyerIdentityUpdate(CART_ID, { email: 'sam@example.com' }),
      { buyerIdentity: { email: 'sam@example.com' } },
    ],
    [
      'cartDeliveryAddressesAdd',
      (api) =>
        api.cartDeliveryAddressesAdd(CART_ID, [
          {
            address: {
              address1: '1 Ring Rd',
              city: 'Austin',
              provinceCode: 'TX',
              countryCode: 'US',
              zip: '78701',
            },
            selected: true,
            validationStrategy: 'STRICT',
          },
        ]),
      {
        addresses: [
          {
            address: {
              deliveryAddress: {
                address1: '1 Ring Rd',
                city: 'Austin',
                provinceCode: 'TX',
                countryCode: 'US',
                zip: '78701',
              },
            },
            selected: true,
            validationStrategy: 'STRICT',
          },
        ],
      },
    ],
    [
      'cartDeliveryAddressesUpdate',
      (api) =>
        api.cartDeliveryAddressesUpdate(CART_ID, [
          { id: 'gid://shopify/CartSelectableAddress/1', selected: true },
          { id: 'gid://shopify/CartSelectableAddress/2', address: { zip: '10001' } },
        ]),
      {
        addresses: [
          { id: 'gid://shopify/CartSelectableAddress/1', selected: true },
          { id: 'gid://shopify/CartSelectableAddress/2', address: { deliveryAddress: { zip: '10001' } } },
        ],
      },
    ],
    [
      'cartSelectedDeliveryOptionsUpdate',
      (api) =>
        api.cartSelectedDeliveryOptionsUpdate(CART_ID, [
          { deliveryGroupId: 'gid://shopify/CartDeliveryGroup/1', deliveryOptionHandle: 'exp-def' },
        ]),
      {
        selectedDeliveryOptions: [
          { deliveryGroupId: 'gid://shopify/CartDeliveryGroup/1', deliveryOptionHandle: 'exp-def' },
        ],
      },
    ],
  ])('%s sends a schema-valid request and resolves with a CartResult', async (name, call, variables) => {
    const { api, sent } = store((req) => ({ data: { [req.operationName!]: payload(wireCart()) } }));
    const result = (await call(api)) as Awaited<ReturnType<StoreApi['cartLinesAdd']>>;
    expect(sent[0]?.operationName).toBe(name);
    expect(sent[0]?.variables).toEqual({ cartId: CART_ID, country: 'US', ...variables });
    expect(result.cart?.id).toBe(CART_ID);
    expect(result.userErrors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  test('an unknown cart (INVALID on cartId, cart null) is CART_NOT_FOUND', async () => {
    const { api } = store(() => ({
      data: {
        cartLinesAdd: payload(null, [
          { field: ['cartId'], message: 'The specified cart does not exist.', code: 'INVALID' },
        ]),
      },
    }));
    const result = await api.cartLinesAdd(CART_ID, [{ merchandiseId: '5001' }]);
    expect(result).toEqual({
      cart: null,
      userErrors: [
        {
          field: ['cartId'],
          message: 'The specified cart does not exist.',
          code: 'CART_NOT_FOUND',
          apiCode: 'INVALID',
        },
      ],
      warnings: [],
    });
  });

  test('a cart id that cannot be one answers CART_NOT_FOUND without a request', async () => {
    const { api, sent } = store(() => ({ data: {} }));
    const result = await api.cartLinesRemove('garbage from a cookie', ['gid://shopify/CartLine/1']);
    expect(result.cart).toBeNull();
    expect(result.userErrors[0]?.code).toBe('CART_NOT_FOUND');
    expect(sent).toHaveLength(0);
  });

  test('a partial failure keeps the unchanged cart with mapped userErrors and warnings', async () => {
    const { api } = store(
      () => ({
        data: {
          cartLinesAdd: payload(
            wireCart({ buyerIdentity: { countryCode: 'CA', email: null, phone: null, customer: null } }),
            [
              {
                field: ['lines', '0', 'merchandiseId'],
                message: 'The merchandise gid://shopify/ProductVariant/5009 is not available in Canada.',
                code: 'MERCHANDISE_NOT_APPLICABLE',
              },
              {
                field: ['lines', '1', 'merchandiseId'],
                message: 'Merchandise does not exist',
                code: 'INVALID',
              },
            ],
            [
              {
                code: 'MERCHANDISE_OUT_OF_STOCK',
                message: 'Sold out',
                target: 'gid://shopify/CartLine/line-2?cart=c1',
              },
            ],
          ),
        },
      }),
      'CA',
    );
    const result = await api.cartLinesAdd(CART_ID, [{ merchandiseId: '5009' }, { merchandiseId: '5010' }]);
    expect(result.cart?.lines).toHaveLength(2);
    expect(result.userErrors.map((e) => [e.code, e.apiCode])).toEqual([
      ['INVALID_FOR_COUNTRY', 'MERCHANDISE_NOT_APPLICABLE'],
      ['PRODUCT_NOT_AVAILABLE', 'INVALID'],
    ]);
    expect(result.warnings.map((w) => [w.code, w.apiCode])).toEqual([
      ['PRODUCT_NOT_AVAILABLE', 'MERCHANDISE_OUT_OF_STOCK'],
    ]);
  });

  test.each<[string, (api: StoreApi) => Promise<unknown>]>([
    ['no lines', (api) => api.cartLinesAdd(CART_ID, [])],
    [
      '51 lines',
      (api) =>
        api.cartLinesAdd(
          CART_ID,
          Array.from({ length: 51 }, () => ({ merchandiseId: '1' })),
        ),
    ],
    ['quantity 0 (use cartLinesRemove)', (api) => api.cartLinesUpdate(CART_ID, [{ id: 'l1', quantity: 0 }])],
    ['fractional quantity', (api) => api.cartLinesAdd(CART_ID, [{ merchandiseId: '1', quantity: 1.5 }])],
    [
      'a product id as merchandise',
      (api) => api.cartLinesAdd(CART_ID, [{ merchandiseId: 'gid://shopify/Product/1' }]),
    ],
    ['a lower-case country', (api) => api.cartBuyerIdentityUpdate(CART_ID, { countryCode: 'us' })],
    ['a country the API does not know', (api) => api.cartBuyerIdentityUpdate(CART_ID, { countryCode: 'XX' })],
    [
      'an address in a country the API does not know',
      (api) => api.cartDeliveryAddressesAdd(CART_ID, [{ address: { countryCode: 'XX', zip: '1' } }]),
    ],
    ['a bad email', (api) => api.cartBuyerIdentityUpdate(CART_ID, { email: 'nope' })],
    [
      '11 discount codes',
      (api) =>
        api.cartDiscountCodesUpdate(
          CART_ID,
          Array.from({ length: 11 }, (_, i) => `C${i}`),
        ),
    ],
    ['a blank line id', (api) => api.cartLinesRemove(CART_ID, [' '])],
  ])('input error: %s (nothing sent)', async (_label, call) => {
    const { api, sent } = store(() => ({ data: {} }));
    await expect(call(api)).rejects.toBeInstanceOf(StoreInputError);
    expect(sent).toHaveLength(0);
  });

  test('a bad API country is an input error', () => {
    const { fetch } = storefrontFetch(() => ({ data: {} }));
    const client = createStoreClient({
      storeDomain: 'shop.myshopify.com',
      publicStorefrontToken: 't',
      fetch,
    });
    expect(() => createStoreApi({ client, country: 'usa' })).toThrow(StoreInputError);
    expect(() => createStoreApi({ client, country: 'XX' })).toThrow(StoreInputError);
  });
});

describe('the boundary', () => {
  test('a malformed cart is a StoreUnavailableError naming the bad field, not a crash', async () => {
    const broken = wireCart();
    broken.lines.nodes[0] = { ...broken.lines.nodes[0]!, quantity: 'two' as unknown as number };
    const { api } = store(() => ({ data: { cart: broken } }));
    const error = await api.cart(CART_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).kind).toBe('malformed');
    expect((error as StoreUnavailableError).reason).toMatch(/^getCart: cart\.lines\.nodes\.0\.quantity: /);
  });

  test('a mutation answer without its payload is malformed', async () => {
    const { api } = store(() => ({ data: { cartLinesAdd: null } }));
    const error = await api.cartLinesAdd(CART_ID, [{ merchandiseId: '1' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).reason).toMatch(/^cartLinesAdd: cartLinesAdd: /);
  });

  test('a product list with a broken product is malformed as a whole', async () => {
    const { api } = store(() => ({
      data: { products: { pageInfo: { hasNextPage: false }, nodes: [wireProduct({ handle: null })] } },
    }));
    await expect(api.searchProducts()).rejects.toMatchObject({ kind: 'malformed' });
  });

  test('GraphQL errors (THROTTLED) reach the caller as StoreGraphQLError', async () => {
    const { api } = store(() => ({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }));
    const error = await api.product('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreGraphQLError);
    expect((error as StoreGraphQLError).throttled).toBe(true);
  });

  test('a 5xx reaches the caller as StoreUnavailableError', async () => {
    const { api } = store(() => new Response('upstream connect error', { status: 503 }));
    await expect(api.cart(CART_ID)).rejects.toMatchObject({ name: 'StoreUnavailableError', status: 503 });
  });
});
