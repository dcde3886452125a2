/**
 * The gate in front of the local stack's tools: the Storyblok stand-in (`/v2`, which serves drafts),
 * the email sink and the store stand-in (`/_local/*`) and the on-demand email retry. They share the
 * site's port, so a page on any other site the developer has open could otherwise read drafts and
 * received addresses, or switch faults on. The server binds to 127.0.0.1; this refuses, with 403:
 *
 * - a `Host` that is not a loopback name (DNS rebinding: evil.example resolving to 127.0.0.1 makes the
 *   browser treat our port as evil.example's origin, and it sends `Host: evil.example`);
 * - a browser request from another origin (`Origin` that is not ours, or `Sec-Fetch-Site` other than
 *   same-origin or none). Another port of localhost is another origin, even though it is the same site.
 *
 * Clients that send neither header (curl, the render handler's own fetches, tests) pass. A page that
 * other sites send people to (the store's checkout, like Shopify's) also takes a cross-site top-level
 * GET navigation: the other site cannot read the answer, and the Host check still holds.
 */
const LOOPBACK_HOST =
  /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/** The reason a request for a local tool is refused, or null when it may pass. */
export function refuseLocalTool(request: Request, { navigable = false } = {}): string | null {
  const host = request.headers.get('host') ?? '';
  if (!LOOPBACK_HOST.test(host)) return 'Local tools answer on loopback names only.';
  if (navigable && isTopLevelNavigation(request)) return null;
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return 'Local tools refuse cross-site requests.';
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== `http://${host.toLowerCase()}`) {
    return 'Local tools refuse cross-site requests.';
  }
  return null;
}

function isTopLevelNavigation(request: Request): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers.get('sec-fetch-mode') === 'navigate' &&
    request.headers.get('sec-fetch-dest') === 'document' &&
    !request.headers.has('origin')
  );
}

/** Mutating requests to a local tool must be JSON: a form or `text/plain` post needs no preflight. */
export function refuseNonJson(request: Request): string | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const type = request.headers.get('content-type') ?? '';
  if (request.method === 'DELETE' && type === '') return null;
  return /^application\/json\s*(;|$)/i.test(type) ? null : 'Send application/json.';
}

export function refused(status: 403 | 415, reason: string): Response {
  return new Response(`${reason}\n`, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
