/**
 * One HTTP/1.1 request over a raw socket, with the request target, the Host and every header exactly
 * as written (fetch and node:http normalise targets and pick the Host themselves). The request asks
 * for `Connection: close`, so the answer ends when the server closes.
 */
import { connect } from 'node:net';

export type RawAnswer = {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  location: string | null;
  body: string;
};

export type RawRequest = {
  method?: string;
  target: string;
  /** Extra header lines, e.g. `Origin: https://evil.example`. */
  headers?: string[];
  body?: string;
  /** The Host header; the server's own address by default. */
  host?: string;
};

export function rawRequest(serverUrl: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(serverUrl);
  const { method = 'GET', target, headers = [], body = '', host = `${hostname}:${port}` } = request;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`timed out: ${method} ${target}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) answerHeaders[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        location: answerHeaders.location ?? null,
        body: /chunked/i.test(answerHeaders['transfer-encoding'] ?? '')
          ? dechunk(rest.join('\r\n\r\n'))
          : rest.join('\r\n\r\n'),
      });
    });
    const length = body || method === 'POST' ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: ${host}`,
      ...headers,
      ...length,
      'Connection: close',
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** The body of a `Transfer-Encoding: chunked` answer (sizes in hex, each chunk followed by CRLF). */
function dechunk(text: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = lineEnd < 0 ? 0 : parseInt(text.slice(at, lineEnd), 16);
    if (!size) return body;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
