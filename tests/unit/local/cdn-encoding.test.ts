/**
 * The local CDN compresses like a CDN: brotli or gzip by Accept-Encoding q-values, text-like types
 * only, Vary: Accept-Encoding, stored objects compressed once per encoding; every encoding decodes
 * to the origin's bytes, whether streamed on a miss or served from the cache.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { createLocalCdn } from '../../../src/local/cdn/index';
import {
  compressionStream,
  isCompressible,
  negotiateEncoding,
  varyOnEncoding,
} from '../../../src/local/cdn/encoding';

const decode = (encoding: string | null, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

test.each([
  ['gzip, deflate, br', 'br'],
  ['br;q=0.5, gzip', 'gzip'],
  ['gzip;q=0.8, br;q=0.8', 'br'],
  ['gzip', 'gzip'],
  ['br', 'br'],
  ['identity', null],
  ['', null],
  [null, null],
  ['*', 'br'],
  ['*;q=0.5, br;q=0', 'gzip'],
  ['gzip;q=0, br;q=0', null],
  ['GZIP', 'gzip'],
  ['deflate', null],
  ['br;q=nonsense, gzip;q=0.1', 'gzip'],
])('Accept-Encoding %j → %s', (header, expected) => {
  expect(negotiateEncoding(header)).toBe(expected);
});

test.each([
  ['text/html; charset=utf-8', true],
  ['application/json; charset=utf-8', true],
  ['text/css', true],
  ['text/javascript; charset=utf-8', true],
  ['application/javascript', true],
  ['image/svg+xml', true],
  ['application/rss+xml', true],
  ['application/feed+json', true],
  ['image/png', false],
  ['font/woff2', false],
  ['video/mp4', false],
  [null, false],
])('%s compressible: %s', (type, expected) => {
  expect(isCompressible(type)).toBe(expected);
});

test('Vary gains Accept-Encoding once', () => {
  const headers = new Headers();
  varyOnEncoding(headers);
  varyOnEncoding(headers);
  expect(headers.get('vary')).toBe('Accept-Encoding');
  const other = new Headers({ Vary: 'Cookie' });
  varyOnEncoding(other);
  expect(other.get('vary')).toBe('Cookie, Accept-Encoding');
});

test('a compression stream flushes each chunk (the head of a page leaves before its end)', async () => {
  for (const encoding of ['br', 'gzip'] as const) {
    const { readable, writable } = compressionStream(encoding);
    const writer = writable.getWriter();
    const reader = readable.getReader();
    void writer.write(new TextEncoder().encode('<!doctype html><head>'));
    const first = await reader.read();
    expect(first.value?.byteLength).toBeGreaterThan(0);
    void writer.write(new TextEncoder().encode('<body>rest</body>'));
    void writer.close();
    const chunks = [Buffer.from(first.value!)];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(Buffer.from(next.value));
    expect(decode(encoding, Buffer.concat(chunks)).toString()).toBe('<!doctype html><head><body>rest</body>');
  }
});

describe('through the CDN', () => {
  const page = `<!doctype html><html><body>${'<p>Jab, cross, hook.</p>'.repeat(400)}</body></html>`;
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Netlify-CDN-Cache-Control': 'public, s-maxage=300',
    'Netlify-Vary': 'query=page',
  };

  function cdnOver(body: string | Uint8Array, type = headers['Content-Type']) {
    return createLocalCdn({
      origin: async () => {
        // Streamed in pieces, as the render streams HTML.
        const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < bytes.byteLength; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
            controller.close();
          },
        });
        return new Response(stream, { headers: { ...headers, 'Content-Type': type } });
      },
    });
  }

  const get = async (cdn: ReturnType<typeof createLocalCdn>, acceptEncoding?: string) => {
    const response = await cdn.handle(
      new Request('http://127.0.0.1/p', {
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
    const raw = Buffer.from(await response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { response, raw, encoding: response.headers.get('content-encoding') };
  };

  test('br, gzip and identity decode to the same bytes, on the miss and from the cache', async () => {
    const cdn = cdnOver(page);
    const miss = await get(cdn, 'br, gzip');
    expect(miss.encoding).toBe('br');
    expect(miss.response.headers.get('content-length')).toBeNull();
    expect(decode('br', miss.raw).toString()).toBe(page);
    for (const accept of ['br', 'gzip', 'gzip;q=1, br;q=0.5', undefined]) {
      const hit = await get(cdn, accept);
      expect(hit.response.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
      expect(hit.response.headers.get('vary')).toBe('Accept-Encoding');
      expect(hit.response.headers.get('content-length')).toBe(String(hit.raw.byteLength));
      expect(decode(hit.encoding, hit.raw).toString()).toBe(page);
      if (accept) expect(hit.raw.byteLength).toBeLessThan(page.length / 10);
    }
  });

  test('each encoding is compressed once and kept', async () => {
    const cdn = cdnOver(page);
    await get(cdn);
    const identityBytes = cdn.stats().bytes;
    const first = await get(cdn, 'br');
    const afterBr = cdn.stats().bytes;
    expect(afterBr).toBe(identityBytes + first.raw.byteLength);
    const second = await get(cdn, 'br');
    expect(cdn.stats().bytes).toBe(afterBr);
    expect(second.raw.equals(first.raw)).toBe(true);
  });

  test('binary types pass as they are', async () => {
    const png = new Uint8Array(5000).map((_, i) => i % 251);
    const cdn = cdnOver(png, 'image/png');
    for (let i = 0; i < 2; i += 1) {
      const { response, raw, encoding } = await get(cdn, 'br, gzip');
      expect(encoding).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
      expect(raw.equals(Buffer.from(png))).toBe(true);
    }
  });

  test('static files: compressed by Accept-Encoding, memoised, identity for HEAD and binary', async () => {
    const cdn = createLocalCdn({ origin: async () => new Response('unused') });
    const js = `export const x = ${JSON.stringify('a'.repeat(5000))};`;
    const file = (type = 'text/javascript; charset=utf-8') =>
      new Response(js, { headers: { 'Content-Type': type, 'Content-Length': String(js.length) } });
    const request = (method = 'GET') =>
      new Request('http://127.0.0.1/assets/entry-abc.js', {
        method,
        headers: { 'accept-encoding': 'gzip, br' },
      });
    const first = await cdn.compressStatic(request(), file());
    const second = await cdn.compressStatic(request(), file());
    expect(first.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(brotliDecompressSync(bytes).toString()).toBe(js);
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await cdn.compressStatic(
      request('HEAD'),
      new Response(null, { headers: { 'Content-Type': 'text/css' } }),
    );
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(head.headers.get('vary')).toBe('Accept-Encoding');
    const font = await cdn.compressStatic(request(), file('font/woff2'));
    expect(font.headers.get('content-encoding')).toBeNull();
  });
});
