/**
 * What every function boundary shares: JSON answers that are never cached, field errors, and a
 * body reader that checks the method, the content type and the size before parsing.
 */
export type FieldError = { field: string; message: string };

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  all.set('Content-Type', 'application/json; charset=utf-8');
  all.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: all });
}

export const problem = (status: number, errors: FieldError[], headers?: HeadersInit) =>
  json(status, { errors }, headers);

class TooLarge extends Error {}

/** Reads the body as text, stopping as soon as it passes the limit. */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * A POSTed JSON body, or the answer to give instead: 405 (other methods, with `Allow`), 415 (not
 * JSON), 413 (past `limit` bytes, declared or streamed), 400 (unreadable or invalid JSON).
 */
export async function readJsonBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (request.method !== 'POST') {
    return {
      ok: false,
      response: problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' }),
    };
  }
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return {
      ok: false,
      response: problem(415, [{ field: 'body', message: 'send JSON (Content-Type: application/json)' }]),
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
