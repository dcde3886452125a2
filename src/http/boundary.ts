/**
 * What every server boundary shares (the functions, the render handler's preview endpoints, the
 * local tools): JSON answers that are never cached nor sniffed, field errors,
 * short HTML pages for the answers a shopper's browser shows, the cross-site (CSRF) check, and a
 * body reader that checks the method, the content type and the size before parsing.
 */
import { BASE_SECURITY_HEADERS, STATIC_HTML_CSP } from './security.ts';

export type FieldError = { field: string; message: string };

/** The security headers, under whatever the caller set. */
function secured(headers: HeadersInit): Headers {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!all.has(name)) all.set(name, value);
  return all;
}

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const all = secured(headers);
  all.set('Content-Type', 'application/json; charset=utf-8');
  all.set('Cache-Control', 'no-store');
  all.set('X-Content-Type-Options', 'nosniff');
  return new Response(JSON.stringify(body), { status, headers: all });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A short page for an answer a browser shows (a navigation, not a script's request): a heading, a
 * sentence and the way back (to the shop unless `back` says where). Never sniffed; never cached
 * and no referrer unless the caller's headers set their own `Cache-Control` or `Referrer-Policy`.
 */
export function htmlPage(
  status: number,
  {
    title,
    message,
    back = { href: '/', text: 'Back to the shop' },
  }: { title: string; message: string; back?: { href: string; text: string } },
  headers: HeadersInit = {},
): Response {
  const own = new Headers(headers);
  const all = secured(own);
  // Its one inline style attribute may apply; nothing else may load or run.
  if (!own.has('Content-Security-Policy')) all.set('Content-Security-Policy', STATIC_HTML_CSP);
  all.set('Content-Type', 'text/html; charset=utf-8');
  if (!all.has('Cache-Control')) all.set('Cache-Control', 'no-store');
  all.set('X-Content-Type-Options', 'nosniff');
  if (!all.has('Referrer-Policy')) all.set('Referrer-Policy', 'no-referrer');
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>
</body>
</html>
`;
  return new Response(body, { status, headers: all });
}

/**
 * A browser request from another site (CSRF): its `Sec-Fetch-Site` or its `Origin` says so. Clients
 * that send neither (curl, servers) are not browsers acting for a visitor and pass.
 */
export function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    // The Host header is the address the browser used (the URL may name an internal one).
    const host = request.headers.get('host') ?? new URL(request.url).host;
    return new URL(origin).host !== host;
  } catch {
    // `Origin: null` (a sandboxed frame, a redirect across sites) and anything unparsable.
    return true;
  }
}

/**
 * The request's cookies as sent, in order (a name may repeat), values as written (not decoded).
 * A part without `=` is a name with an empty value.
 */
export function cookiePairs(request: Request): [name: string, value: string][] {
  return (request.headers.get('cookie') ?? '').split(';').map((part) => {
    const [name = '', ...value] = part.trim().split('=');
    return [name, value.join('=')];
  });
}

export const problem = (status: number, errors: FieldError[], headers?: HeadersInit) =>
  json(status, { errors }, headers);

class TooLarge extends Error {}

/**
 * A whole stream's bytes, or null as soon as it passes `limit` (the rest is cancelled): the one
 * bounded reader for bodies (request JSON, signed webhook bodies, the local CDN's stored answers).
 */
export async function readBytesLimited(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads the body as text, stopping as soon as it passes the limit. */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const bytes = await readBytesLimited(request.body, limit);
  if (!bytes) throw new TooLarge();
  return new TextDecoder().decode(bytes);
}

/**
 * A POSTed JSON body, or the answer to give instead: 405 (other methods, with `Allow`), 415 (not
 * JSON), 413 (past `limit` bytes, declared or streamed), 400 (unreadable or invalid JSON).
 * `types`: the content types that may carry the JSON (`application/json` unless told; the events
 * function also takes `text/plain`, what `navigator.sendBeacon` sends for a string).
 */
export async function readJsonBody(
  request: Request,
  limit: number,
  { types = ['application/json'] }: { types?: readonly string[] } = {},
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (request.method !== 'POST') {
    return {
      ok: false,
      response: problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' }),
    };
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!types.includes(type)) {
    return {
      ok: false,
      response: problem(415, [{ field: 'body', message: `send JSON (Content-Type: ${types.join(' or ')})` }]),
    };
  }
  const tooLarge = () => problem(413, [{ field: 'body', message: `body larger than ${limit} bytes` }]);
  if (Number(request.headers.get('content-length') ?? 0) > limit) return { ok: false, response: tooLarge() };
  let text: string;
  try {
    text = await readLimited(request, limit);
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, response: tooLarge() };
    return { ok: false, response: problem(400, [{ field: 'body', message: 'the body could not be read' }]) };
  }
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: problem(400, [{ field: 'body', message: 'body must be valid JSON' }]) };
  }
}
