/** The image widget: responsive srcset/sizes from the image service, and priority (LCP) images. */
import { createContext, useContext } from 'react';
import type { Image, ImageFile } from '../../shared/types.ts';

export type { ImageFile } from '../../shared/types.ts';
import {
  DEFAULT_WIDTHS,
  candidateWidths,
  imageDimensions,
  imagePreset,
  imageProvider,
  imageUrl,
  isTransformable,
  parseSize,
  srcSet,
  type ImageOptions,
} from './image-url.ts';

export {
  DEFAULT_WIDTHS,
  IMAGE_PRESETS,
  candidateWidths,
  imageDimensions,
  imagePreset,
  imageProvider,
  imageSource,
  imageUrl,
  isTransformable,
  parseSize,
  srcSet,
} from './image-url.ts';
export type { ImageFormat, ImageOptions, ImagePreset, ImagePresetName, ImageProvider } from './image-url.ts';

type ImageAndAlt =
  | {
      image: Image;
      /** Overrides the image's own alt, e.g. "" for a decorative image next to a visible title. */
      alt?: string;
    }
  | {
      /** An image without alt text of its own (a card's decorative cover) needs `alt` given. */
      image: ImageFile;
      alt: string;
    };

export type ResponsiveImageProps = ImageAndAlt & {
  /** The `sizes` attribute: how wide the image shows, e.g. "(min-width: 960px) 33vw, 100vw" or "96px" (default "100vw"). */
  sizes?: string;
  /** Crop to a named box (IMAGE_PRESETS); without it the original aspect is kept. */
  preset?: string;
  /** Above-the-fold image (LCP): eager load and high fetch priority instead of lazy (default: PriorityImages). */
  priority?: boolean;
  className?: string;
  /** Candidate widths (numbers or "640px"); by default DEFAULT_WIDTHS, or 1x and 2x of a fixed `sizes`. */
  widths?: readonly (number | string)[];
};

/**
 * Whether images below default to priority: a page sets it around the content that opens it (the
 * first block of the home page, say), and a carousel clears it for every slide but the first, so
 * the image the visitor sees first loads eagerly and the rest stay lazy. An explicit `priority`
 * prop wins.
 */
export const PriorityImages = createContext(false);

/**
 * How wide images that fill their region show, as a `sizes` value, for widgets whose width is their
 * region's (a card in a carousel slide); null: the widget's own default. The page that lays the
 * region out sets it (home's full-bleed blocks: "100vw").
 */
export const RegionImageSizes = createContext<string | null>(null);

/** The width the plain `src` asks for: a mid-size candidate (browsers without srcset, crawlers). */
const FALLBACK_WIDTH = 800;

const FIXED_SIZE = /^\s*\d+(px)?\s*$/;

/**
 * 1x and 2x of a fixed `sizes` such as "96px"; null when `sizes` depends on the viewport. Tested
 * before parsing: parseSize throwing on every card's media-query `sizes` was a twentieth of home's
 * render time.
 */
function fixedWidths(sizes: string): number[] | null {
  if (!FIXED_SIZE.test(sizes)) return null;
  const px = parseSize(sizes.trim());
  return px > 0 ? [px, px * 2] : null;
}

type Sources = { src: string; srcSet: string };

/** How many images' URLs `sourcesOf` remembers (more than a page's worth of many pages). */
const SOURCES_KEPT = 2000;
const sourcesKept = new Map<string, Sources>();

/**
 * The src and srcset of a resizable image, remembered by what they are made of: the same cards and
 * covers render on every request, and building their URLs was a tenth of a list page's render.
 * Cleared whole when full (no recency bookkeeping on the hot path).
 */
function sourcesOf(
  image: { src: string },
  candidates: number[],
  options: ImageOptions,
  boxed: boolean,
): Sources {
  const key = `${image.src}|${candidates.join(',')}|${options.preset ?? ''}|${options.focus ?? ''}|${options.smart ? 1 : 0}|${options.provider ?? ''}`;
  let found = sourcesKept.get(key);
  if (!found) {
    const fallback = candidates.filter((w) => w <= FALLBACK_WIDTH).at(-1) ?? candidates[0] ?? FALLBACK_WIDTH;
    found = {
      src: imageUrl(image.src, { ...options, width: fallback, height: boxed ? undefined : 0 }),
      srcSet: srcSet(image.src, candidates, options),
    };
    if (sourcesKept.size >= SOURCES_KEPT) sourcesKept.clear();
    sourcesKept.set(key, found);
  }
  return found;
}

/**
 * An <img> with srcset/sizes from the image service and intrinsic width/height (no layout shift).
 * Lazy and async-decoded unless `priority`. Sources the service cannot resize (svg, webp, other hosts)
 * render as a plain sized <img>. Pure function of its props: server and client output match.
 */
export function ResponsiveImage({
  image,
  sizes = '100vw',
  preset,
  priority: priorityProp,
  className,
  alt,
  widths,
}: ResponsiveImageProps) {
  const inherited = useContext(PriorityImages);
  const priority = priorityProp ?? inherited;
  const box = preset === undefined ? null : imagePreset(preset);
  const known =
    image.width > 0 && image.height > 0
      ? { width: image.width, height: image.height }
      : imageDimensions(image.src);
  const text = alt ?? ('alt' in image ? image.alt : '');
  const focus = 'focus' in image ? image.focus : null;
  const provider = typeof image.src === 'string' && image.src !== '' ? imageProvider(image.src) : null;
  const resizable = provider !== null && isTransformable(image.src);

  // A priority image also gets a preload in <head> from React's server render (any image not lazy
  // does: keep everything below the fold lazy).
  const loading = priority
    ? { loading: 'eager' as const, fetchPriority: 'high' as const }
    : { loading: 'lazy' as const, decoding: 'async' as const };

  if (!resizable) {
    const sized = known.width > 0 && known.height > 0;
    return (
      <img
        src={image.src}
        alt={text}
        width={sized ? known.width : undefined}
        height={sized ? known.height : undefined}
        className={className}
        {...loading}
      />
    );
  }

  const cap = known.width > 0 ? known.width : (box?.width ?? 0);
  const base = widths?.map(parseSize) ?? fixedWidths(sizes) ?? [...DEFAULT_WIDTHS];
  const candidates = candidateWidths(cap, base);
  const options: ImageOptions = box ? { provider, preset, focus, smart: box.smart && !focus } : { provider };
  const { src, srcSet: candidatesSet } = sourcesOf(image, candidates, options, box !== null);
  const attrs = box ? { width: box.width, height: box.height } : known.width > 0 ? known : null;

  return (
    <img
      src={src}
      srcSet={candidatesSet}
      sizes={sizes}
      alt={text}
      width={attrs?.width}
      height={attrs?.height}
      className={className}
      {...loading}
    />
  );
}
