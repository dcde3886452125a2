/**
 * Local stand-in for the Shopify Storefront API 2026-04: graphql-js executing the official schema
 * over a demo catalog, with carts that persist to a JSON file and a local checkout page. Serves
 *   POST <basePath>/api/2026-04/graphql.json   (and its OPTIONS preflight)
 *   GET|POST <basePath>/checkout/<token>?key=… (the carts' checkoutUrl)
 * through a web-standard handler, so the real Storefront clients can talk to it. See README.md.
 */
import { indexCatalog, type Catalog, type CatalogIndex } from './catalog.ts';
import type { OrderRecord } from './cart-file.ts';
import { createCartStore } from './carts.ts';
import { handleCheckout } from './checkout.ts';
import { isArgs } from './connection.ts';
import { DEMO_CATALOG } from './demo-catalog.ts';
import { BAD_QUERY_BODY, errorBody, jsonResponse, preflight } from './http.ts';
import { createRoot } from './resolvers.ts';
import { loadStorefrontSchema, runGraphQL, STOREFRONT_API_VERSION, type GraphQLRequest } from './schema.ts';
import { messageOf } from '../../shared/errors.ts';

export type StoreServiceOptions = {
  /** Value the `X-Shopify-Storefront-Access-Token` header must carry. */
  publicToken: string;
  /** Value a server may send in `Shopify-Storefront-Private-Token` instead. */
  privateToken?: string;
  /** Defaults to the demo catalog. */
  catalog?: Catalog;
  /** JSON file carts and orders persist to; without it they live in memory only. */
  dataFile?: string;
  /**
   * Origin of checkout URLs and catalog images: a string, a function (for a server that learns its
   * port once listening) or absent (the origin each request was addressed to).
   */
  origin?: string | (() => string);
  /** Path prefix the service is mounted under, e.g. `/_shopify`; default none. */
  basePath?: string;
  /** Where the checkout pages link back to; default `/`. */
  siteUrl?: string;
  now?: () => Date;
};

export type StoreFaults = {
  /** Delay before every answer. */
  latencyMs?: number;
  /** The next N API requests answer HTTP 500 (or 502/503 with `status`). */
  status5xx?: number;
  status?: 500 | 502 | 503;
  /** The next N API requests answer HTTP 200 with a THROTTLED GraphQL error. */
  throttled?: number;
};

export type StoreService = {
  handle(request: Request): Promise<Response>;
  /** Whether a pathname belongs to this service (for mounting it beside other handlers). */
  matches(pathname: string): boolean;
  readonly paths: { graphql: string; checkout: string };
  faults: { set(f: StoreFaults): void; clear(): void };
  /** Replaces the catalog (carts keep their lines; the next mutation reports stock problems). */
  setCatalog(catalog: Catalog): void;
  /** Resolves once every change so far is written to `dataFile`. */
  flush(): Promise<void>;
  readonly orders: readonly OrderRecord[];
  readonly requests: readonly RequestEntry[];
};

export type RequestEntry = { method: string; path: string; operationName: string | null; at: number };

const MAX_BODY_BYTES = 1_000_000;
const MAX_LOGGED_REQUESTS = 1000;
const API_PATH = /^\/api\/([^/]+)\/graphql(?:\.json)?$/;

/** Creates the service (loads the schema and, when given, the data file: both synchronously). */
// Long by design: graphql, route, handle and faults share the catalog, cart store, faults and request log.
export function createStoreService(options: StoreServiceOptions): StoreService {
  const schema = loadStorefrontSchema();
  const now = options.now ?? (() => new Date());
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const paths = {
    graphql: `${basePath}/api/${STOREFRONT_API_VERSION}/graphql.json`,
    checkout: `${basePath}/checkout`,
  };
  const siteUrl = options.siteUrl ?? '/';
  let index: CatalogIndex = indexCatalog(options.catalog ?? DEMO_CATALOG);
  const store = createCartStore({ dataFile: options.dataFile, now, index: () => index });
  const requests: RequestEntry[] = [];
  let faults: Required<StoreFaults> = { latencyMs: 0, status5xx: 0, status: 500, throttled: 0 };

  const originOf = (request: Request) =>
    typeof options.origin === 'function'
      ? options.origin()
      : (options.origin ?? new URL(request.url).origin).replace(/\/+$/, '');

  async function graphql(request: Request, entry: RequestEntry): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') {
      return jsonResponse(errorBody('Use POST.', 'METHOD_NOT_ALLOWED'), 405, { Allow: 'POST, OPTIONS' });
    }
    const token = request.headers.get('X-Shopify-Storefront-Access-Token');
    const privateToken = request.headers.get('Shopify-Storefront-Private-Token');
    const authorized =
      token === options.publicToken ||
      (options.privateToken !== undefined && privateToken === options.privateToken);
    if (!authorized) {
      return jsonResponse(errorBody('Invalid or missing Storefront access token.', 'ACCESS_DENIED'), 401);
    }
    if (faults.status5xx > 0) {
      faults.status5xx--;
      return jsonResponse(errorBody('Injected failure.', 'INTERNAL_SERVER_ERROR'), faults.status);
    }
    if (faults.throttled > 0) {
      faults.throttled--;
      return jsonResponse(errorBody('Throttled', 'THROTTLED'));
    }
    const body = await readBody(request);
    if (body === 'too-large')
      return jsonResponse(errorBody('Request body too large.', 'PAYLOAD_TOO_LARGE'), 413);
    if (body === null) return jsonResponse(BAD_QUERY_BODY, 400);
    entry.operationName = body.operationName;
    const origin = originOf(request);
    const result = await runGraphQL(schema, body, (inContext) =>
      createRoot({
        index,
        store,
        now: now(),
        contextCountry:
          typeof inContext.country === 'string' && inContext.country !== 'ZZ' ? inContext.country : null,
        imageOrigin: origin,
        checkoutBase: `${origin}${paths.checkout}`,
        origin,
      }),
    );
    return jsonResponse(result);
  }

  async function route(request: Request, entry: RequestEntry): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${basePath}/`))
      return jsonResponse(errorBody('Not Found', 'NOT_FOUND'), 404);
    const pathname = url.pathname.slice(basePath.length);
    const api = API_PATH.exec(pathname);
    if (api) {
      if (api[1] !== STOREFRONT_API_VERSION) {
        return jsonResponse(
          errorBody(`The local store serves API version ${STOREFRONT_API_VERSION} only.`, 'NOT_FOUND'),
          404,
        );
      }
      return graphql(request, entry);
    }
    const checkout = /^\/checkout\/([A-Za-z0-9_-]{1,100})$/.exec(pathname);
    if (checkout?.[1]) {
      return handleCheckout(request, checkout[1], url.searchParams.get('key') ?? '', {
        store,
        index,
        now: now(),
        checkoutPath: paths.checkout,
        siteUrl,
      });
    }
    return jsonResponse(errorBody('Not Found', 'NOT_FOUND'), 404);
  }

  return {
    async handle(request) {
      const { pathname } = new URL(request.url);
      const entry: RequestEntry = {
        method: request.method,
        path: pathname,
        operationName: null,
        at: now().getTime(),
      };
      requests.push(entry);
      if (requests.length > MAX_LOGGED_REQUESTS) requests.shift();
      if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
      try {
        return await route(request, entry);
      } catch (error) {
        // A bug here should reach the caller as a failed request with a reason, not a hung socket.
        const message = messageOf(error);
        return jsonResponse(errorBody(`Local store failure: ${message}`, 'INTERNAL_SERVER_ERROR'), 500);
      }
    },
    matches: (pathname) =>
      pathname.startsWith(basePath === '' ? '/api/' : `${basePath}/api/`) ||
      pathname.startsWith(`${paths.checkout}/`),
    paths,
    faults: {
      set(f) {
        faults = {
          latencyMs: f.latencyMs ?? faults.latencyMs,
          status5xx: f.status5xx ?? faults.status5xx,
          status: f.status ?? faults.status,
          throttled: f.throttled ?? faults.throttled,
        };
      },
      clear() {
        faults = { latencyMs: 0, status5xx: 0, status: 500, throttled: 0 };
      },
    },
    setCatalog(catalog) {
      index = indexCatalog(catalog);
    },
    flush: () => store.flush(),
    get orders() {
      return store.orders;
    },
    requests,
  };
}

/** The JSON (or `application/graphql`) body as a GraphQL request; null when it has no usable query. */
async function readBody(request: Request): Promise<GraphQLRequest | 'too-large' | null> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) return 'too-large';
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return 'too-large';
  if ((request.headers.get('Content-Type') ?? '').includes('application/graphql')) {
    return text.trim() === '' ? null : { query: text, variables: null, operationName: null };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isArgs(parsed)) return null;
  const { query, variables, operationName } = parsed;
  if (typeof query !== 'string' || query.trim() === '') return null;
  if (variables != null && !isArgs(variables)) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return {
    query,
    variables: isArgs(variables) ? variables : null,
    operationName: typeof operationName === 'string' ? operationName : null,
  };
}

export { DEMO_CATALOG } from './demo-catalog.ts';
export type { Catalog } from './catalog.ts';
export type { OrderRecord } from './cart-file.ts';
