/**
 * The local image service: a stand-in for the Storyblok Image Service (reference B.11) over the demo
 * assets, resizing for real with sharp so srcset candidates have the bytes a phone would get.
 *
 *   /a/f/{space}/{W}x{H}/{hash}/{file}            the original file
 *   /a/f/{space}/{W}x{H}/{hash}/{file}/m/{opts}   transformed; `{opts}` is, in this order, all optional:
 *     fit-in                 contain in the box instead of cropping (with filters:fill → padded)
 *     X1xY1:X2xY2            manual crop of the original (top-left and bottom-right corners)
 *     WxH                    resize; 0 keeps proportions; both set → cropped to the box
 *     smart                  crop around the interesting part (sharp's attention strategy)
 *     filters:NAME(V):…      format(webp|jpeg|png|avif), quality(0-100), focal(X1xY1:X2xY2),
 *                            fill(transparent|RRGGBB), grayscale(), blur(0-100), brightness(-100-100),
 *                            rotate(0|90|180|270)
 * Without an explicit format, `/m/` answers WebP when the Accept header allows it, else the original
 * format (`Vary: Accept`). A malformed option or an edge over 4000px is a 400 with the reason; an
 * unknown file is null (the server answers 404). Results are kept in an in-memory LRU keyed by
 * pathname and output format, so a repeated request costs a map lookup.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoAssetPath } from './demo/index.ts';
import { messageOf } from '../shared/errors.ts';

/** The largest width or height the service produces. */
export const MAX_IMAGE_EDGE = 4000;
/** Entries kept in the result cache. */
export const IMAGE_CACHE_ENTRIES = 200;
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type OutputFormat = 'webp' | 'jpeg' | 'png' | 'avif' | 'gif';
type Rect = { x1: number; y1: number; x2: number; y2: number };

/** The parsed `/m/` options. Sizes of 0 keep proportions. */
export type ImageTransform = {
  fitIn: boolean;
  crop: Rect | null;
  width: number;
  height: number;
  smart: boolean;
  format: Exclude<OutputFormat, 'gif'> | null;
  quality: number | null;
  focal: Rect | null;
  fill: string | null;
  grayscale: boolean;
  blur: number;
  brightness: number;
  rotate: 0 | 90 | 180 | 270;
};

export type ParseResult = { ok: true; transform: ImageTransform } | { ok: false; reason: string };

const ASSET_URL = /^\/a\/f\/(\d+)\/(\d+)x(\d+)\/([A-Za-z0-9_-]+)\/([^/]+?)(?:\/m\/(.*))?$/;
const SIZE = /^(\d{1,6})x(\d{1,6})$/;
const RECT = /^(\d{1,6})x(\d{1,6}):(\d{1,6})x(\d{1,6})$/;
const FILTER = /([a-z]+)\(([^()]*)\)/y;
const INTEGER = /^-?\d{1,4}$/;

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
/** Source formats sharp transforms. SVG is served as is but cannot be transformed (B.11). */
const EXTENSION_FORMATS: Record<string, OutputFormat | 'svg'> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
  '.svg': 'svg',
};

function parseRect(value: string): Rect | null {
  const m = RECT.exec(value);
  if (!m) return null;
  const [x1, y1, x2, y2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  return x2 >= x1 && y2 >= y1 ? { x1, y1, x2, y2 } : null;
}

function integerIn(value: string, min: number, max: number): number | null {
  if (!INTEGER.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function parseFilters(body: string, t: ImageTransform): string | null {
  if (body === '') return 'empty filters';
  const seen = new Set<string>();
  let pos = 0;
  while (pos < body.length) {
    FILTER.lastIndex = pos;
    const m = FILTER.exec(body);
    if (!m) return `malformed filter at "${body.slice(pos)}"`;
    const [, name = '', arg = ''] = m;
    if (seen.has(name)) return `filter ${name} given twice`;
    seen.add(name);
    switch (name) {
      case 'format':
        if (!['webp', 'jpeg', 'png', 'avif'].includes(arg))
          return `format(${arg}): expected webp, jpeg, png or avif`;
        t.format = arg as ImageTransform['format'];
        break;
      case 'quality': {
        const q = integerIn(arg, 0, 100);
        if (q === null) return `quality(${arg}): expected 0 to 100`;
        t.quality = q;
        break;
      }
      case 'focal': {
        const rect = parseRect(arg);
        if (!rect) return `focal(${arg}): expected X1xY1:X2xY2`;
        t.focal = rect;
        break;
      }
      case 'fill':
        if (arg !== 'transparent' && !/^(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(arg)) {
          return `fill(${arg}): expected transparent or a hex colour`;
        }
        t.fill = arg;
        break;
      case 'grayscale':
        if (arg !== '') return 'grayscale() takes no value';
        t.grayscale = true;
        break;
      case 'blur': {
        const b = integerIn(arg, 0, 100);
        if (b === null) return `blur(${arg}): expected 0 to 100`;
        t.blur = b;
        break;
      }
      case 'brightness': {
        const b = integerIn(arg, -100, 100);
        if (b === null) return `brightness(${arg}): expected -100 to 100`;
        t.brightness = b;
        break;
      }
      case 'rotate': {
        const r = integerIn(arg, 0, 270);
        if (r !== 0 && r !== 90 && r !== 180 && r !== 270)
          return `rotate(${arg}): expected 0, 90, 180 or 270`;
        t.rotate = r;
        break;
      }
      default:
        return `unknown filter ${name}`;
    }
    pos = FILTER.lastIndex;
    if (pos < body.length) {
      if (body[pos] !== ':' || pos + 1 === body.length) return `malformed filters "${body}"`;
      pos += 1;
    }
  }
  return null;
}

/** Parses the part after `/m/` (strict: fixed order, each part once, nothing unknown). */
export function parseImageOptions(options: string): ParseResult {
  const t: ImageTransform = {
    fitIn: false,
    crop: null,
    width: 0,
    height: 0,
    smart: false,
    format: null,
    quality: null,
    focal: null,
    fill: null,
    grayscale: false,
    blur: 0,
    brightness: 0,
    rotate: 0,
  };
  if (options === '') return { ok: true, transform: t };
  let stage = 0;
  const advance = (next: number, segment: string): string | null => {
    if (next <= stage) return `"${segment}" is out of order or repeated`;
    stage = next;
    return null;
  };
  for (const segment of options.split('/')) {
    let error: string | null;
    if (segment === '') {
      error = 'empty segment';
    } else if (segment === 'fit-in') {
      error = advance(1, segment);
      t.fitIn = true;
    } else if (RECT.test(segment)) {
      error = advance(2, segment);
      t.crop = parseRect(segment);
      if (!t.crop || t.crop.x2 === t.crop.x1 || t.crop.y2 === t.crop.y1)
        error = `crop ${segment}: the second corner must be below and right of the first`;
    } else if (SIZE.test(segment)) {
      error = advance(3, segment);
      const [w = 0, h = 0] = segment.split('x').map(Number);
      if (w > MAX_IMAGE_EDGE || h > MAX_IMAGE_EDGE) error = `size ${segment} is over ${MAX_IMAGE_EDGE}px`;
      t.width = w;
      t.height = h;
    } else if (segment === 'smart') {
      error = advance(4, segment);
      t.smart = true;
    } else if (segment.startsWith('filters:')) {
      error = advance(5, segment) ?? parseFilters(segment.slice('filters:'.length), t);
    } else {
      error = `unexpected "${segment}"`;
    }
    if (error) return { ok: false, reason: error };
  }
  if (t.smart && !(t.width > 0 && t.height > 0)) {
    return { ok: false, reason: 'smart needs both a width and a height' };
  }
  return { ok: true, transform: t };
}

/** Whether an Accept header admits WebP. */
export function acceptsWebp(accept: string | null): boolean {
  return /(^|[\s,])image\/webp(?!;\s*q=0(?:\.0*)?\s*(?:,|$))/i.test(accept ?? '');
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(Math.max(Math.round(value), min), max);
}

/** Runs the transform on `input` and encodes it as `format`. */
async function transformImage(input: Buffer, t: ImageTransform, format: OutputFormat): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  let width = meta.autoOrient?.width ?? meta.width ?? 0;
  let height = meta.autoOrient?.height ?? meta.height ?? 0;
  let image = sharp(input, { autoOrient: true });
  let focal = t.focal;

  if (t.crop) {
    const left = clampInt(t.crop.x1, 0, width);
    const top = clampInt(t.crop.y1, 0, height);
    const cropWidth = clampInt(t.crop.x2, 0, width) - left;
    const cropHeight = clampInt(t.crop.y2, 0, height) - top;
    if (cropWidth <= 0 || cropHeight <= 0) throw new BadRequest('crop is outside the image');
    image = image.extract({ left, top, width: cropWidth, height: cropHeight });
    if (focal) focal = { x1: focal.x1 - left, y1: focal.y1 - top, x2: focal.x2 - left, y2: focal.y2 - top };
    width = cropWidth;
    height = cropHeight;
  }

  const { width: w, height: h } = t;
  if (w > 0 && h > 0 && t.fitIn) {
    const background =
      t.fill === null || t.fill === 'transparent' ? { r: 0, g: 0, b: 0, alpha: 0 } : `#${t.fill}`;
    image = image.resize(w, h, { fit: t.fill ? 'contain' : 'inside', background });
  } else if (w > 0 && h > 0 && t.smart) {
    image = image.resize(w, h, { fit: 'cover', position: 'attention' });
  } else if (w > 0 && h > 0 && focal && width > 0 && height > 0) {
    // Cover the box, then cut it out centred on the focal point (kept inside the image).
    const scale = Math.max(w / width, h / height);
    const scaledWidth = Math.max(w, Math.round(width * scale));
    const scaledHeight = Math.max(h, Math.round(height * scale));
    const fx = ((focal.x1 + focal.x2) / 2) * scale;
    const fy = ((focal.y1 + focal.y2) / 2) * scale;
    image = image.resize(scaledWidth, scaledHeight, { fit: 'fill' }).extract({
      left: clampInt(fx - w / 2, 0, scaledWidth - w),
      top: clampInt(fy - h / 2, 0, scaledHeight - h),
      width: w,
      height: h,
    });
  } else if (w > 0 && h > 0) {
    image = image.resize(w, h, { fit: 'cover', position: 'centre' });
  } else if (w > 0 || h > 0) {
    image = image.resize(w > 0 ? w : null, h > 0 ? h : null);
  }

  if (t.grayscale) image = image.grayscale();
  if (t.blur > 0) image = image.blur(Math.max(0.3, t.blur / 2));
  if (t.brightness !== 0) image = image.modulate({ brightness: 1 + t.brightness / 100 });

  const quality = t.quality ?? undefined;
  const encode = (pipeline: ReturnType<typeof sharp>) => {
    switch (format) {
      case 'webp':
        return pipeline.webp({ quality });
      case 'avif':
        return pipeline.avif({ quality });
      case 'jpeg':
        return pipeline
          .flatten({ background: t.fill && t.fill !== 'transparent' ? `#${t.fill}` : '#fff' })
          .jpeg({
            quality,
            mozjpeg: true,
          });
      case 'png':
        return pipeline.png();
      case 'gif':
        return pipeline.gif();
    }
  };
  if (t.rotate === 0) return encode(image).toBuffer();
  // sharp rotates before resizing within one pipeline; Storyblok rotates the result: second pass.
  const resized = await image.png().toBuffer();
  return encode(sharp(resized).rotate(t.rotate)).toBuffer();
}

class BadRequest extends Error {}

type Entry = { body: Uint8Array<ArrayBuffer>; type: string };

export type ImageServiceOptions = {
  /** Results kept (LRU); default IMAGE_CACHE_ENTRIES. */
  maxEntries?: number;
  /** File name → absolute path or null; default the demo assets. */
  resolveFile?: (fileName: string) => string | null;
};

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** An image service with its own cache (tests make their own; the server uses `handleImageRequest`). */
// Long by design: remember and handle share one LRU cache and its hit/miss stats.
export function createImageService({
  maxEntries = IMAGE_CACHE_ENTRIES,
  resolveFile = (fileName) => demoAssetPath(fileName),
}: ImageServiceOptions = {}) {
  const cache = new Map<string, Promise<Entry>>();
  const stats = { hits: 0, misses: 0 };

  function remember(key: string, make: () => Promise<Entry>): Promise<Entry> {
    const cached = cache.get(key);
    if (cached) {
      stats.hits += 1;
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    stats.misses += 1;
    const pending = make();
    cache.set(key, pending);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
    while (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return pending;
  }

  /** The response for an image-service pathname; null when it names no known file. */
  async function handle(pathname: string, accept: string | null): Promise<Response | null> {
    const match = ASSET_URL.exec(pathname);
    if (!match) return null;
    const fileName = match[5] ?? '';
    const options = match[6];
    const file = resolveFile(fileName);
    if (!file) return null;
    const source = EXTENSION_FORMATS[path.extname(file).toLowerCase()];
    if (!source) return null;

    const headers: Record<string, string> = { 'Cache-Control': IMAGE_CACHE_CONTROL };
    let key: string;
    let make: () => Promise<Entry>;
    if (options === undefined) {
      key = `${pathname}|original`;
      make = async () => ({ body: new Uint8Array(await readFile(file)), type: CONTENT_TYPES[source] ?? '' });
    } else {
      const parsed = parseImageOptions(options);
      if (!parsed.ok) return text(400, `Bad image options: ${parsed.reason}`);
      if (source === 'svg') return text(400, 'Bad image options: SVG cannot be transformed');
      const { transform } = parsed;
      let format: OutputFormat;
      if (transform.format) {
        format = transform.format;
      } else {
        headers.Vary = 'Accept';
        format = acceptsWebp(accept) ? 'webp' : source;
      }
      key = `${pathname}|${format}`;
      make = async () => ({
        body: new Uint8Array(await transformImage(await readFile(file), transform, format)),
        type: CONTENT_TYPES[format] ?? '',
      });
    }

    let entry: Entry;
    try {
      entry = await remember(key, make);
    } catch (error) {
      if (error instanceof BadRequest) return text(400, `Bad image options: ${error.message}`);
      return text(500, `Image processing failed: ${messageOf(error)}`);
    }
    return new Response(entry.body, {
      headers: { ...headers, 'Content-Type': entry.type, 'Content-Length': String(entry.body.byteLength) },
    });
  }

  return {
    handle,
    stats: () => ({ ...stats, size: cache.size }),
    clear: () => {
      cache.clear();
      stats.hits = 0;
      stats.misses = 0;
    },
  };
}

const defaultService = createImageService();

/** The local server's image service (one shared cache). */
export function handleImageRequest(pathname: string, accept: string | null): Promise<Response | null> {
  return defaultService.handle(pathname, accept);
}
