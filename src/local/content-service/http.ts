/** JSON responses in the shapes the Storyblok CDN API v2 (and so storyblok-js-client) expects. */

// Browsers may call the stand-in cross-origin; without the expose header fetch hides the pagination headers.
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Total, Per-Page',
};

/** A JSON response with the CDN's content type and CORS headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...CORS_HEADERS, ...headers },
  });
}

/** 404 with the bare-array body the live API sends. */
export function notFound(): Response {
  return jsonResponse(['This record could not be found'], 404);
}

/** 401 for a missing or wrong token, or a public token asking for drafts. */
export function unauthorized(): Response {
  return jsonResponse({ error: 'Unauthorized' }, 401);
}

/** 422, the status v2 uses for unknown or malformed parameters. */
export function unprocessable(message: string): Response {
  return jsonResponse({ error: message }, 422);
}

/** 429 with the message the live API sends for the 6/s listing tier. */
export function rateLimited(): Response {
  return jsonResponse({ error: 'Rate limit of 6 request per second has been reached. Retry later.' }, 429, {
    'Retry-After': '1',
  });
}

/** 500 for injected faults and unexpected failures. */
export function serverError(message = 'Internal Server Error'): Response {
  return jsonResponse({ error: message }, 500);
}

/** Answer to a CORS preflight; the client sends Content-Type, which triggers one in browsers. */
export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': '86400',
    },
  });
}
