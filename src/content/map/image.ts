/** Storyblok asset → `Image`. */
import type { Image } from '../types.ts';
import type { WireAsset } from '../wire.ts';
import { nonEmpty, type MapContext } from './common.ts';

/** Alt text when the editor gave none: "<site name> article image". */
export function defaultImageAlt(ctx: Pick<MapContext, 'siteName'>): string {
  return `${ctx.siteName} article image`;
}

/** `{width, height}` from the `/{W}x{H}/` path segment of an asset URL; 0/0 when absent. */
export function parseImageSize(src: string): { width: number; height: number } {
  let path = src;
  try {
    path = new URL(src).pathname;
  } catch {
    // Not absolute: read the string as a path.
  }
  const match = /\/(\d+)x(\d+)\//.exec(path);
  if (!match) return { width: 0, height: 0 };
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Asset field → Image; null when the asset is missing or its filename is empty. */
export function toImage(
  asset: WireAsset | null | undefined,
  ctx: Pick<MapContext, 'siteName'>,
): Image | null {
  const src = nonEmpty(asset?.filename);
  if (!src) return null;
  return {
    src,
    alt: nonEmpty(asset?.alt) ?? defaultImageAlt(ctx),
    ...parseImageSize(src),
    focus: nonEmpty(asset?.focus),
  };
}
