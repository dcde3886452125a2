import type { Image } from '../../content/types.ts';

export type ImgProps = {
  image: Image;
  /** `sizes` attribute; meaningful once the image service adds a srcset (later issue). */
  sizes?: string;
  /** Above-the-fold images: eager load and high fetch priority (LCP). */
  priority?: boolean;
  className?: string;
  /** Override the image's own alt, e.g. "" for decorative images next to a visible title. */
  alt?: string;
};

/**
 * An image with intrinsic width/height (so the browser reserves its box: no layout shift), lazy
 * unless it is the page's priority image. The image-service helper (srcset) plugs in here later.
 */
export function Img({ image, sizes, priority = false, className, alt }: ImgProps) {
  const sized = image.width > 0 && image.height > 0;
  return (
    <img
      src={image.src}
      alt={alt ?? image.alt}
      width={sized ? image.width : undefined}
      height={sized ? image.height : undefined}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
