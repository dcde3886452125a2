/**
 * The Storefront API client: hydrogen-react's `createStorefrontClient` builds the endpoint URL and
 * the public-token headers; we POST `{query, variables}` with an injectable fetch and a time-out,
 * and turn every failure into a typed error. Web-standard APIs only (it runs at the edge too).
 *
 * Import path: `@shopify/hydrogen-react/storefront-client` (a file the package exports through its
 * `./*` sub-path map) rather than the package root. The root re-exports every component and pulls
 * React into the module graph; bundlers tree-shake it away thanks to `sideEffects: false`, but a
 * runtime that loads modules as they are (Deno, Node in tests) would evaluate all of it. The deep
 * path loads two small modules (the client and the API-version constant).
 */
import { createStorefrontClient } from '@shopify/hydrogen-react/storefront-client';
import * as z from 'zod';
import { StoreGraphQLError, StoreUnavailableError, type StoreGraphQLIssue } from './errors.ts';
import { envelopeSchema } from './wire.ts';
import { messageOf } from '../shared/errors.ts';

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export type StoreClientOptions = {
  /**
   * `{shop}.myshopify.com`, or a full URL such as `http://127.0.0.1:8888/_local/shopify` for the
   * local stand-in (hydrogen-react keeps a scheme when there is one).
   */
  storeDomain: string;
  publicStorefrontToken: string;
  /**
   * Server-side only, optional: when set, requests carry `Shopify-Storefront-Private-Token` (and
   * `Shopify-Storefront-Buyer-IP` from `buyerIp`) instead of the public token. Shopify recommends it
   * on servers: the public token is throttled per client IP, and a server is one IP for all buyers.
   * Never let it reach the browser bundle.
   */
  privateStorefrontToken?: string;
  /** The shopper's IP, sent with the private token. */
  buyerIp?: string;
  /** Defaults to the version hydrogen-react targets (2026-04); another one makes it warn. */
  storefrontApiVersion?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Whole-request time-out (headers and body), in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /** Extra headers (e.g. `Shopify-Storefront-Buyer-IP`); they cannot replace the token headers. */
  headers?: Record<string, string>;
};

export type StoreRequestOptions = { signal?: AbortSignal };

export type StoreClient = {
  /** The GraphQL endpoint, `<domain>/api/<version>/graphql.json`. */
  readonly endpoint: string;
  /**
   * POSTs one document and resolves with its `data` object. Rejects with StoreUnavailableError
   * (network, time-out, non-2xx, malformed body) or StoreGraphQLError (HTTP 200 with `errors[]`).
   * An abort through `options.signal` rejects with the signal's reason, as fetch does.
   */
  request(
    document: string,
    variables?: Record<string, unknown>,
    options?: StoreRequestOptions,
  ): Promise<Record<string, unknown>>;
};

export const DEFAULT_TIMEOUT_MS = 10_000;

const optionsSchema = z.object({
  storeDomain: z
    .string()
    .trim()
    .min(1, 'storeDomain is required')
    .refine(
      (d) => (d.includes('://') ? URL.canParse(d) : /^[A-Za-z0-9.-]+(?::\d+)?\/?$/.test(d)),
      'storeDomain must be a host name or an absolute URL',
    ),
  publicStorefrontToken: z.string().trim().min(1, 'publicStorefrontToken is required'),
  privateStorefrontToken: z.string().trim().min(1).optional(),
  buyerIp: z.string().trim().min(1).max(64).optional(),
  storefrontApiVersion: z
    .string()
    .regex(/^(\d{4}-\d{2}|unstable)$/)
    .optional(),
  timeoutMs: z.number().int().positive().optional(),
});

/** The operation's name (`query getCart(…)` → "getCart"), for error messages. */
export function operationName(document: string): string | null {
  return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1] ?? null;
}

/** Creates the Storefront client; throws TypeError on bad options (a configuration bug). */
// Long by design: its one verb, request, closes over the endpoint, headers, fetch and time limit above.
export function createStoreClient(opts: StoreClientOptions): StoreClient {
  const parsed = optionsSchema.safeParse(opts);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new TypeError(`Invalid Storefront client options: ${issues}`);
  }
  const {
    storeDomain,
    publicStorefrontToken,
    privateStorefrontToken,
    buyerIp,
    storefrontApiVersion,
    timeoutMs,
  } = parsed.data;
  const storefront = createStorefrontClient({
    storeDomain,
    publicStorefrontToken,
    ...(privateStorefrontToken ? { privateStorefrontToken } : {}),
    ...(storefrontApiVersion ? { storefrontApiVersion } : {}),
    contentType: 'json',
  });
  const endpoint = storefront.getStorefrontApiUrl();
  const tokenHeaders = privateStorefrontToken
    ? storefront.getPrivateTokenHeaders(buyerIp ? { buyerIp } : {})
    : storefront.getPublicTokenHeaders();
  const own: Record<string, string> = { ...tokenHeaders, accept: 'application/json' };
  const ownNames = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const extra = Object.entries(opts.headers ?? {}).filter(([name]) => !ownNames.has(name.toLowerCase()));
  const headers: Record<string, string> = { ...Object.fromEntries(extra), ...own };
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const limitMs = timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request(
    document: string,
    variables: Record<string, unknown> = {},
    options: StoreRequestOptions = {},
  ): Promise<Record<string, unknown>> {
    const operation = operationName(document);
    const label = operation ?? 'request';
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`Timed out after ${limitMs} ms`, 'TimeoutError'));
    }, limitMs);
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    else outer?.addEventListener('abort', onOuterAbort, { once: true });

    const fail = (error: unknown): never => {
      if (timedOut) {
        throw new StoreUnavailableError('timeout', `${label} took longer than ${limitMs} ms`, 0, {
          cause: error,
        });
      }
      if (outer?.aborted) throw outer.reason;
      if (error instanceof StoreUnavailableError || error instanceof StoreGraphQLError) throw error;
      throw new StoreUnavailableError('network', `${label}: ${messageOf(error)}`, 0, { cause: error });
    };

    // The abort also settles this race, so a fetch that ignores its signal cannot outlive the limit.
    const aborted = new Promise<never>((_resolve, reject) => {
      const signal = controller.signal;
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    const exchange = async () => {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: document,
          variables,
          ...(operation ? { operationName: operation } : {}),
        }),
        signal: controller.signal,
      });
      return { res, body: await res.text() };
    };

    try {
      let res: Response;
      let body: string;
      try {
        const exchanged = exchange();
        exchanged.catch(() => undefined); // It may settle after the race is lost.
        ({ res, body } = await Promise.race([exchanged, aborted]));
      } catch (error) {
        return fail(error);
      }
      if (!res.ok) {
        throw new StoreUnavailableError(
          'http',
          `${label}: HTTP ${res.status}${httpDetail(body)}`,
          res.status,
        );
      }
      return parseEnvelope(body, label, operation, res.status);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  return { endpoint, request };
}

function parseEnvelope(
  body: string,
  label: string,
  operation: string | null,
  status: number,
): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new StoreUnavailableError(
      'malformed',
      `${label}: the body is not JSON (${snippet(body)})`,
      status,
      {
        cause: error,
      },
    );
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new StoreUnavailableError(
      'malformed',
      `${label}: not a GraphQL response (${issuesOf(envelope.error)})`,
      status,
      {
        cause: envelope.error,
      },
    );
  }
  const { data, errors } = envelope.data;
  if (errors && errors.length > 0) {
    const issues: StoreGraphQLIssue[] = errors.map((e) => ({
      message: e.message,
      code: e.extensions?.code ?? null,
      path: e.path ?? null,
    }));
    throw new StoreGraphQLError(issues, operation);
  }
  if (!data) throw new StoreUnavailableError('malformed', `${label}: the response has no data`, status);
  return data;
}

/** zod issues as one line (`path: message; …`), for a StoreUnavailableError's reason. */
export function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function snippet(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat || 'empty';
}

/** 4xx/5xx bodies are `{errors: string}`, `{errors: {query: string}}`, plain text or HTML. */
function httpDetail(body: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json === 'object' && json !== null && 'errors' in json) {
      const errors = (json as { errors: unknown }).errors;
      if (typeof errors === 'string') return `: ${errors}`;
      if (typeof errors === 'object' && errors !== null && 'query' in errors) {
        return `: ${String((errors as { query: unknown }).query)}`;
      }
    }
  } catch {
    // Not JSON: fall through to a snippet.
  }
  return body.trim() ? ` (${snippet(body)})` : '';
}
