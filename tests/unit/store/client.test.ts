import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createStoreClient, type FetchLike } from '../../../src/store/client';
import { GET_CART } from '../../../src/store/documents';
import { StoreGraphQLError, StoreUnavailableError } from '../../../src/store/errors';

const LOCAL = 'http://127.0.0.1:8888/_local/shopify';

// Tests load hydrogen-react's development build, which advises (once) a private token on servers.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('[h2:warn:createStorefrontClient]')) warn(...args);
  });
});

function client(fetch: FetchLike, extra: { timeoutMs?: number; storeDomain?: string } = {}) {
  return createStoreClient({ storeDomain: LOCAL, publicStorefrontToken: 'public-token', fetch, ...extra });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('should have rejected'),
    (error: unknown) => error,
  );
}

describe('request', () => {
  test('POSTs the document and variables to <domain>/api/2026-04/graphql.json with the token headers', async () => {
    const fetch = vi.fn<FetchLike>(async () => Response.json({ data: { cart: null } }));
    const c = client(fetch);
    expect(c.endpoint).toBe(`${LOCAL}/api/2026-04/graphql.json`);
    const data = await c.request(GET_CART, { cartId: 'gid://shopify/Cart/x' });
    expect(data).toEqual({ cart: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('http://127.0.0.1:8888/_local/shopify/api/2026-04/graphql.json');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Shopify-Storefront-Access-Token')).toBe('public-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('X-SDK-Variant')).toBe('hydrogen-react');
    expect(JSON.parse(String(init?.body))).toEqual({
      query: GET_CART,
      variables: { cartId: 'gid://shopify/Cart/x' },
      operationName: 'getCart',
    });
  });

  test('a bare shop domain gets https://; extra headers cannot replace the token', async () => {
    const fetch = vi.fn<FetchLike>(async () => Response.json({ data: {} }));
    const c = createStoreClient({
      storeDomain: 'roundhouse.myshopify.com',
      publicStorefrontToken: 'tok',
      fetch,
      headers: { 'x-shopify-storefront-access-token': 'evil', 'Shopify-Storefront-Buyer-IP': '203.0.113.9' },
    });
    await c.request('query q { shop { name } }');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('https://roundhouse.myshopify.com/api/2026-04/graphql.json');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Shopify-Storefront-Access-Token')).toBe('tok');
    expect(headers.get('Shopify-Storefront-Buyer-IP')).toBe('203.0.113.9');
  });

  test('with a private token (server side) the private headers and the buyer IP are sent instead', async () => {
    const fetch = vi.fn<FetchLike>(async () => Response.json({ data: {} }));
    const c = createStoreClient({
      storeDomain: LOCAL,
      publicStorefrontToken: 'public-token',
      privateStorefrontToken: 'private-token',
      buyerIp: '198.51.100.7',
      fetch,
    });
    await c.request('query q { shop { name } }');
    const headers = new Headers(fetch.mock.calls[0]![1]?.headers);
    expect(headers.get('Shopify-Storefront-Private-Token')).toBe('private-token');
    expect(headers.get('Shopify-Storefront-Buyer-IP')).toBe('198.51.100.7');
    expect(headers.get('X-Shopify-Storefront-Access-Token')).toBeNull();
    expect(headers.get('content-type')).toBe('application/json');
  });

  test.each([
    [{ storeDomain: '' }, /storeDomain/],
    [{ storeDomain: 'not a domain' }, /storeDomain/],
    [{ publicStorefrontToken: ' ' }, /publicStorefrontToken/],
  ])('bad options %j throw a TypeError', (bad, message) => {
    expect(() => createStoreClient({ storeDomain: LOCAL, publicStorefrontToken: 't', ...bad })).toThrow(
      message,
    );
  });
});

describe('errors', () => {
  test('HTTP 200 with errors[] is a StoreGraphQLError (THROTTLED)', async () => {
    const c = client(async () =>
      Response.json({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      }),
    );
    const error = await rejection(c.request(GET_CART, {}));
    expect(error).toBeInstanceOf(StoreGraphQLError);
    const e = error as StoreGraphQLError;
    expect(e.code).toBe('THROTTLED');
    expect(e.throttled).toBe(true);
    expect(e.status).toBe(200);
    expect(e.message).toContain('getCart');
  });

  test('errors[] with data still rejects, and keeps each message, code and path', async () => {
    const c = client(async () =>
      Response.json({
        data: { cart: null },
        errors: [
          { message: 'you must provide one of first or last', path: ['cart', 'lines'] },
          { message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } },
        ],
      }),
    );
    const e = (await rejection(c.request(GET_CART, {}))) as StoreGraphQLError;
    expect(e).toBeInstanceOf(StoreGraphQLError);
    expect(e.code).toBeNull();
    expect(e.throttled).toBe(false);
    expect(e.errors).toEqual([
      { message: 'you must provide one of first or last', code: null, path: ['cart', 'lines'] },
      { message: 'Access denied', code: 'ACCESS_DENIED', path: null },
    ]);
  });

  test.each([
    [502, '<html><body>Bad gateway</body></html>', /HTTP 502 \(<html>/],
    [503, '', /HTTP 503$/],
    [
      401,
      '{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}',
      /Invalid API key/,
    ],
    [400, '{"errors":{"query":"Required parameter missing or invalid"}}', /Required parameter/],
    [429, 'Too Many Requests', /HTTP 429/],
  ])('HTTP %i is a StoreUnavailableError', async (status, body, message) => {
    const c = client(async () => new Response(body, { status }));
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e).toBeInstanceOf(StoreUnavailableError);
    expect(e.kind).toBe('http');
    expect(e.status).toBe(status);
    expect(e.reason).toMatch(message);
  });

  test('a network failure is a StoreUnavailableError', async () => {
    const c = client(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:8888') });
    });
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e).toBeInstanceOf(StoreUnavailableError);
    expect(e.kind).toBe('network');
    expect(e.status).toBe(0);
    expect(e.reason).toContain('ECONNREFUSED');
  });

  test('a time-out aborts the fetch and is a StoreUnavailableError', async () => {
    let signal: AbortSignal | undefined;
    const c = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(signal?.reason));
        }),
      { timeoutMs: 20 },
    );
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e).toBeInstanceOf(StoreUnavailableError);
    expect(e.kind).toBe('timeout');
    expect(e.reason).toMatch(/longer than 20 ms/);
    expect(signal?.aborted).toBe(true);
  });

  test('a fetch that ignores its signal still cannot outlive the time-out', async () => {
    const c = client(() => new Promise<Response>(() => {}), { timeoutMs: 20 });
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e.kind).toBe('timeout');
  });

  test('a body that stalls after the headers also times out', async () => {
    const stalled = new ReadableStream({ start() {} });
    const c = client(
      async (_url, init) => {
        const body = stalled.pipeThrough(new TransformStream(), { signal: init?.signal ?? undefined });
        return new Response(body, { status: 200 });
      },
      { timeoutMs: 20 },
    );
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e.kind).toBe('timeout');
  });

  test("an abort by the caller rejects with the caller's reason", async () => {
    const c = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = c.request(GET_CART, {}, { signal: controller.signal });
    controller.abort(new Error('shopper left'));
    await expect(pending).rejects.toThrow('shopper left');
  });

  test.each([
    ['not JSON', new Response('<!doctype html><p>Maintenance</p>', { status: 200 }), /not JSON/],
    ['no data', Response.json({ data: null }), /no data/],
    ['data is not an object', Response.json({ data: [1, 2] }), /not a GraphQL response/],
    ['errors is not a list', Response.json({ errors: 'boom' }), /not a GraphQL response/],
  ])('malformed body (%s) is a StoreUnavailableError with a reason', async (_label, response, reason) => {
    const c = client(async () => response);
    const e = (await rejection(c.request(GET_CART, {}))) as StoreUnavailableError;
    expect(e).toBeInstanceOf(StoreUnavailableError);
    expect(e.kind).toBe('malformed');
    expect(e.reason).toMatch(reason);
  });
});
