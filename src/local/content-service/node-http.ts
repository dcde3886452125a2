/** Node adapter: serves a web-standard `(Request) => Response` handler on a loopback socket. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type LoopbackServer = { url: string; close(): Promise<void> };

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // The client's address, as Netlify passes it to functions (whatever the client sent is replaced).
  headers.set('x-nf-client-connection-ip', req.socket.remoteAddress ?? '');
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
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
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
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
      handler(toRequest(req, origin, aborter.signal))
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
