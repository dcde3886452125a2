/** JSON responses in the shapes the Storyblok CDN API v2 (and so storyblok-js-client) expects. */

/**
 * A JSON response with the CDN's content type. Unlike the live API it sends no CORS headers: the
 * stand-in serves drafts, and only the site's own server reads it (browsers never call it).
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
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
