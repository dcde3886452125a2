/**
 * Compression the way a CDN serves it: brotli or gzip by the request's `Accept-Encoding` (q-values
 * honoured, brotli preferred on a tie), only for text-like types, `Vary: Accept-Encoding` on every
 * answer whose encoding could differ. Stored answers and static files are compressed once per
 * encoding and kept; answers streamed from the origin are compressed as they stream, flushed chunk
 * by chunk so the browser still sees the head of the page early.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Bytes over a plain ArrayBuffer (what a Response body takes). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A Buffer from zlib as Bytes, without copying (zlib's buffers are never shared memory). */
const bytesOf = (buffer: Buffer): Bytes =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

const COMPRESSIBLE =
  /^(text\/[a-z0-9.+-]+|application\/(json|javascript|x-javascript|ecmascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|[a-z0-9.-]+\+(json|xml))|image\/svg\+xml|image\/x-icon)$/;

/** Whether an answer with this Content-Type is worth compressing (text-like types). */
export function isCompressible(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return COMPRESSIBLE.test(type);
}

/** The encoding to answer with: the acceptable one with the highest q, brotli on a tie; else none. */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const weight = params.find((param) => param.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Adds `Accept-Encoding` to the answer's `Vary` (once). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Levels (Netlify documents none): pages and payloads, streamed or stored, get brotli 5 / gzip 6,
 * fast enough to keep up with the render (a stored 110 KB page: 2 ms, against 86 ms at brotli 11),
 * so a miss and a hit weigh about the same; static files, compressed once per start and kept, get
 * brotli 11 / gzip 9, as precompressed static files usually are.
 */
const LEVELS = {
  dynamic: { br: 5, gzip: 6 },
  static: { br: 11, gzip: 9 },
} as const;

export type ContentKind = keyof typeof LEVELS;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a whole body (off the main thread, in libuv's pool). */
export async function compressBody(body: Uint8Array, encoding: Encoding, kind: ContentKind): Promise<Bytes> {
  const out =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS[kind].br,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzip(body, { level: LEVELS[kind].gzip });
  return bytesOf(out);
}

/** A web TransformStream over a zlib compressor, flushing after every chunk it is given. */
export function compressionStream(encoding: Encoding): TransformStream<Uint8Array, Bytes> {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS.dynamic.br,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ level: LEVELS.dynamic.gzip, flush: zlib.constants.Z_SYNC_FLUSH });
  let failed: Error | null = null;
  compressor.on('error', (error) => (failed = error));
  return new TransformStream<Uint8Array, Bytes>({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => controller.enqueue(bytesOf(chunk)));
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        compressor.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        compressor.once('end', () => resolve());
        compressor.once('error', reject);
        compressor.end();
      });
    },
  });
}

/** A short, stable fingerprint of a body (the static-file memo's key). */
export function fingerprint(body: Uint8Array): string {
  return createHash('sha1').update(body).digest('base64url');
}
