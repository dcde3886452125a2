/** Node adapter: serves a web-standard `(Request) => Response` handler on a loopback socket. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type LoopbackServer = { url: string; close(): Promise<void> };

/** Methods the local stack serves; anything else (TRACE, PROPFIND…) is a 405 with the list. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/**
 * The web Request for a Node request, or the answer to give instead: 405 for a method we do not
 * serve, 400 for a target that is not a path. The target is appended to our own origin, never
 * resolved against it: `//evil.example/` is the path `//evil.example/` on this server, not a URL of
 * another host, and the client's Host header plays no part.
 */
export function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request | Response {
  const method = req.method ?? 'GET';
  if (!METHODS.has(method)) {
    return plain(405, 'Method Not Allowed', { Allow: [...METHODS].join(', ') });
  }
  const target = req.url ?? '';
  // Origin-form only (RFC 9112 §3.2.1): a proxy's absolute-form or `*` is not for this server.
  if (!target.startsWith('/')) return plain(400, 'Bad Request: the request target must be a path');
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
  } catch {
    return plain(400, 'Bad Request: a header could not be read');
  }
  // The client's address, as Netlify passes it to functions (whatever the client sent is replaced).
  headers.set('x-nf-client-connection-ip', req.socket.remoteAddress ?? '');
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    const url = new URL(`${origin}${target}`);
    if (url.origin !== origin) return plain(400, 'Bad Request: the request target must be a path');
    return new Request(url, {
      method,
      headers,
      signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    });
  } catch {
    return plain(400, 'Bad Request: the request target is not a valid path');
  }
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // A render streams many small chunks (React's are 4 KB) that are ready at once: corked until
  // the chunks already queued are read, they leave in one write (one syscall), not one each. A
  // chunk that has to wait (a streamed product card) still goes out as soon as it is read.
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (res.writableCorked === 0) {
      res.cork();
      process.nextTick(() => res.uncork());
    }
    res.write(chunk.value);
  }
  res.end();
}

/** Starts an HTTP server on 127.0.0.1 (port 0 picks a free one) that forwards to the handler. */
export function serveOnLoopback(
  handler: (req: Request) => Promise<Response>,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    let origin = '';
    const server = createServer((req, res) => {
      const aborter = new AbortController();
      // Aborting lets handlers stop streaming when the client goes away mid-response.
      res.on('close', () => {
        if (!res.writableFinished) aborter.abort();
      });
      // Nothing a client sends may throw out of here: an uncaught error would end the process.
      const request = toRequest(req, origin, aborter.signal);
      const answer = Promise.resolve().then(() => (request instanceof Response ? request : handler(request)));
      answer
        .then((response) => writeResponse(response, res))
        .catch((error: unknown) => {
          console.error('loopback handler failed', req.method, req.url, error);
          if (!res.headersSent) {
            res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ error: 'Internal Server Error' }));
          } else {
            res.destroy();
          }
        });
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address: AddressInfo | string | null = server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
      resolve({
        url: origin,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // fetch keeps connections alive; without this close() waits for them to time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
