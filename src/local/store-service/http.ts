/** HTTP answers of the local store service: JSON with CORS for the API, HTML for the checkout. */

/**
 * Request headers a browser may send cross-origin: what hydrogen-react's CartProvider and
 * `getPublicTokenHeaders` add (reference C.6), plus the private-token pair for server callers.
 */
export const ALLOWED_REQUEST_HEADERS = [
  'Content-Type',
  'Accept',
  'X-Shopify-Storefront-Access-Token',
  'X-SDK-Variant',
  'X-SDK-Variant-Source',
  'X-SDK-Version',
  'Shopify-Storefront-Id',
  'Shopify-Storefront-Y',
  'Shopify-Storefront-S',
  'X-Shopify-UniqueToken',
  'X-Shopify-VisitToken',
  'Shopify-Storefront-Private-Token',
  'Shopify-Storefront-Buyer-IP',
];

const CORS_HEADERS: Record<string, string> = { 'Access-Control-Allow-Origin': '*' };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...CORS_HEADERS, ...headers },
  });
}

/** A GraphQL-shaped error body (`errors[]` with `extensions.code`). */
export const errorBody = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

/** The body Shopify sends for a request without a usable `query` (reference C.2). */
export const BAD_QUERY_BODY = { errors: { query: 'Required parameter missing or invalid' } };

export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
      'Access-Control-Max-Age': '86400',
    },
  });
}

export function htmlResponse(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
