/**
 * Image URLs (spec §2, §5, §8; Storyblok Image Service, reference B.11). Pure: runs in the browser,
 * at the edge and in Node alike.
 *
 * Providers:
 * - `storyblok` (default): the content-service image host. `{src}/m/{W}x{H}[/smart]/filters:…`;
 *   a 0 keeps proportions. Works for any host serving the Storyblok asset layout
 *   (`a.storyblok.com`, the regional hosts, the local stand-in's `/a/f/…`).
 * - `static`: a static image path such as `/images/hero.jpg`. The static host is asked for a width
 *   (and height) with `?w=` / `&h=` query parameters; a host that ignores them serves the original,
 *   which is still a correct image. Format, quality, smart crop and focus do not apply there.
 *
 * Only paths ending .jpeg, .jpg, .gif or .png (any case, before a query or hash) are transformed
 * (§5); anything else (svg, webp, no extension) comes back unchanged.
 */

export const IMAGE_PROVIDERS = ['storyblok', 'static'] as const;
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];

export const IMAGE_FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A named crop box: the image is resized and cropped to this aspect (smart-cropped by default). */
export type ImagePreset = { width: number; height: number; smart: boolean };

/**
 * Presets (named boxes). `cover` is the spec's resized variant (§5, §9: 1250x625 smart crop, used for
 * covers and social previews); `card` matches the 3:2 article-card frame; `avatar` a square portrait;
 * `block` the square category/topic block images.
 */
export const IMAGE_PRESETS = {
  cover: { width: 1250, height: 625, smart: true },
  card: { width: 600, height: 400, smart: true },
  avatar: { width: 400, height: 400, smart: true },
  block: { width: 800, height: 800, smart: true },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

export type ImageOptions = {
  /** Target width in px (number, "640" or "640px"); 0 keeps proportions. */
  width?: number | string;
  /** Target height in px; 0 keeps proportions. */
  height?: number | string;
  /** Crop around the interesting part of the image (needs both width and height). */
  smart?: boolean;
  /** Contain the image in the box instead of cropping it (`/m/fit-in/WxH`). */
  fitIn?: boolean;
  format?: ImageFormat;
  /** 0–100. */
  quality?: number;
  /** Storyblok focal rectangle "X1xY1:X2xY2" (an asset's `focus`); ignored when malformed. */
  focus?: string | null;
  provider?: ImageProvider;
  /** A name from IMAGE_PRESETS; explicit width/height/smart override the preset's. */
  preset?: string;
};

/**
 * Widths a responsive image offers by default (px), before capping at the original width. Four are
 * enough: a phone (360–430 CSS px at 1.75–3×) picks 800 or 1200 for a full-width image, a desktop
 * card (≈400 px) 480 or 800, a full-bleed desktop image 1600. Each candidate is a long URL in the
 * HTML (and again in the LCP image's preload): six of them were an eighth of home's HTML.
 */
export const DEFAULT_WIDTHS = [480, 800, 1200, 1600] as const;

/** The largest edge the image service accepts (the local service enforces the same). */
export const MAX_IMAGE_SIZE = 4000;

const TRANSFORMABLE = /\.(jpe?g|gif|png)$/i;
const FOCUS = /^\d+x\d+:\d+x\d+$/;
const SIZE = /^(\d+)(px)?$/;
const SIZE_SEGMENT = /\/(\d+)x(\d+)\//;
const STORYBLOK_ASSET = /\/f\/\d+\/\d+x\d+\/[^/]+\/[^/]+$/;

/** An image source must be a non-empty string (§5). */
export function imageSource(src: unknown): string {
  if (typeof src !== 'string' || src.trim() === '') throw new Error('input must be a string');
  return src;
}

/** A size or width: a non-negative number, or digits with an optional `px` ("640", "640px"). */
export function parseSize(value: unknown): number {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return value;
    throw new Error(`Invalid image size ${String(value)}: expected a whole number of pixels`);
  }
  if (typeof value === 'string') {
    const match = SIZE.exec(value.trim());
    if (match) return Number(match[1]);
  }
  throw new Error(
    `Invalid image size ${JSON.stringify(value)}: expected a number or digits with optional px`,
  );
}

function splitSuffix(src: string): { path: string; suffix: string } {
  const cut = src.search(/[?#]/);
  return cut === -1 ? { path: src, suffix: '' } : { path: src.slice(0, cut), suffix: src.slice(cut) };
}

/** Whether the image service can resize this source (§5: jpeg, jpg, gif, png). */
export function isTransformable(src: string): boolean {
  return TRANSFORMABLE.test(splitSuffix(src).path);
}

/**
 * The provider that can resize `src`, or null when none can: Storyblok asset paths
 * (`…/f/{space}/{W}x{H}/{hash}/{file}` on any host) and static `/images/…` paths.
 */
export function imageProvider(src: string): ImageProvider | null {
  const { path } = splitSuffix(src);
  let pathname = path;
  // Only absolute URLs need parsing (a relative one is already the path; a thrown parse error per
  // image was a measurable share of a page render).
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    try {
      pathname = new URL(path).pathname;
    } catch {
      // Not a URL after all: keep the string.
    }
  }
  if (STORYBLOK_ASSET.test(pathname)) return 'storyblok';
  if (pathname.startsWith('/images/')) return 'static';
  return null;
}

/** Width and height from the `/{W}x{H}/` segment; 0/0/0 when unreadable (§8). ratio = width / height. */
export function imageDimensions(src: unknown): { width: number; height: number; ratio: number } {
  if (typeof src !== 'string') return { width: 0, height: 0, ratio: 0 };
  const match = SIZE_SEGMENT.exec(splitSuffix(src).path);
  const width = Number(match?.[1] ?? 0);
  const height = Number(match?.[2] ?? 0);
  if (!(width > 0 && height > 0)) return { width: 0, height: 0, ratio: 0 };
  return { width, height, ratio: width / height };
}

/** The preset by name; throws for an unknown name (§8). */
export function imagePreset(name: string): ImagePreset {
  if (!Object.hasOwn(IMAGE_PRESETS, name)) throw new Error(`Unknown image preset "${name}"`);
  return IMAGE_PRESETS[name as ImagePresetName];
}

function checkProvider(provider: unknown): ImageProvider {
  if (!(IMAGE_PROVIDERS as readonly unknown[]).includes(provider)) {
    throw new Error(`Unknown image provider "${String(provider)}"`);
  }
  return provider as ImageProvider;
}

function checkSize(value: number, what: string): number {
  if (value > MAX_IMAGE_SIZE) throw new Error(`Image ${what} ${value} is over ${MAX_IMAGE_SIZE}px`);
  return value;
}

/** The box the options ask for: explicit sizes, else the preset's (a lone width keeps its aspect). */
function resolveBox(options: ImageOptions, preset: ImagePreset | null): { width: number; height: number } {
  const width = options.width === undefined ? undefined : parseSize(options.width);
  const height = options.height === undefined ? undefined : parseSize(options.height);
  if (!preset) return { width: width ?? 0, height: height ?? 0 };
  if (width !== undefined && height === undefined) {
    return { width, height: Math.round((width * preset.height) / preset.width) };
  }
  if (height !== undefined && width === undefined) {
    return { width: Math.round((height * preset.width) / preset.height), height };
  }
  return { width: width ?? preset.width, height: height ?? preset.height };
}

/**
 * The URL of `src` resized and converted as asked. Unknown provider or preset → throws (§8);
 * a source that is not a non-empty string → throws 'input must be a string' (§5).
 */
export function imageUrl(src: unknown, options: ImageOptions = {}): string {
  const source = imageSource(src);
  const provider = checkProvider(options.provider ?? 'storyblok');
  const preset = options.preset === undefined ? null : imagePreset(options.preset);
  const box = resolveBox(options, preset);
  checkSize(box.width, 'width');
  checkSize(box.height, 'height');
  const { quality } = options;
  if (quality !== undefined && !(Number.isInteger(quality) && quality >= 0 && quality <= 100)) {
    throw new Error(`Invalid image quality ${quality}: expected a whole number from 0 to 100`);
  }
  if (options.format !== undefined && !(IMAGE_FORMATS as readonly string[]).includes(options.format)) {
    throw new Error(`Unknown image format "${String(options.format)}"`);
  }
  const { path, suffix } = splitSuffix(source);
  if (!TRANSFORMABLE.test(path)) return source;

  if (provider === 'static') {
    const params = [box.width > 0 ? `w=${box.width}` : '', box.height > 0 ? `h=${box.height}` : ''];
    const query = params.filter(Boolean).join('&');
    if (!query) return source;
    const hashAt = suffix.indexOf('#');
    const search = hashAt === -1 ? suffix : suffix.slice(0, hashAt);
    const hash = hashAt === -1 ? '' : suffix.slice(hashAt);
    return `${path}${search ? `${search}&` : '?'}${query}${hash}`;
  }

  const cropping = box.width > 0 && box.height > 0;
  const smart = (options.smart ?? preset?.smart ?? false) && cropping && !options.fitIn;
  const focus = options.focus && FOCUS.test(options.focus) ? options.focus : null;
  const filters = [
    focus ? `focal(${focus})` : '',
    options.format ? `format(${options.format})` : '',
    options.quality !== undefined ? `quality(${options.quality})` : '',
  ].filter(Boolean);
  const segments = [
    options.fitIn ? 'fit-in' : '',
    box.width > 0 || box.height > 0 ? `${box.width}x${box.height}` : '',
    smart ? 'smart' : '',
    filters.length > 0 ? `filters:${filters.join(':')}` : '',
  ].filter(Boolean);
  return `${path}/m/${segments.join('/')}${suffix}`;
}

/**
 * A `srcset` value: one candidate per width (`url 320w, url 640w, …`), each keeping the aspect of the
 * preset's box, of the explicit width×height in `options`, or else the original's (height 0).
 * Empty when the source cannot be resized (a srcset of identical URLs would mislead the browser).
 */
export function srcSet(
  src: unknown,
  widths: readonly (number | string)[],
  options: ImageOptions = {},
): string {
  const source = imageSource(src);
  const preset = options.preset === undefined ? null : imagePreset(options.preset);
  checkProvider(options.provider ?? 'storyblok');
  if (!isTransformable(source)) return '';
  const box =
    options.width !== undefined || options.height !== undefined ? resolveBox(options, preset) : null;
  const aspect =
    box && box.width > 0 && box.height > 0
      ? box.height / box.width
      : preset
        ? preset.height / preset.width
        : 0;
  const list = [...new Set(widths.map(parseSize).filter((w) => w > 0))].sort((a, b) => a - b);
  return list
    .map((width) => {
      const height = aspect > 0 ? Math.max(1, Math.round(width * aspect)) : 0;
      return `${imageUrl(source, { ...options, width, height })} ${width}w`;
    })
    .join(', ');
}

/**
 * The candidate widths for an image at most `maxWidth` wide: the base list below the cap plus the cap
 * itself, so the largest candidate is the original (never upscaled). `maxWidth` 0 means unknown.
 */
export function candidateWidths(maxWidth: number, base: readonly number[] = DEFAULT_WIDTHS): number[] {
  const sorted = [...new Set(base.filter((w) => w > 0))].sort((a, b) => a - b);
  const largest = sorted.at(-1) ?? 0;
  if (maxWidth <= 0 || maxWidth >= largest) return sorted;
  return [...sorted.filter((w) => w < maxWidth), maxWidth];
}
