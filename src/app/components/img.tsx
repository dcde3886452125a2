/** The app's image: the image widget with the site's defaults. */
import type { Image } from '../../content/types.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';

export type ImgProps = {
  image: Image;
  /** `sizes` attribute: how wide the image shows at each viewport (default "100vw"). */
  sizes?: string;
  /** Above-the-fold images: eager load and high fetch priority (LCP). Default: PriorityImages. */
  priority?: boolean;
  className?: string;
  /** Override the image's own alt, e.g. "" for decorative images next to a visible title. */
  alt?: string;
  /** Crop to a named image preset (cover, card, avatar, block); default keeps the original aspect. */
  preset?: string;
};

/**
 * The site's image: a srcset from the image service (so phones fetch phone-sized files), intrinsic
 * width/height (the browser reserves the box: no layout shift), lazy unless it is the page's priority
 * image. See src/widgets/image.
 */
export function Img({ image, sizes = '100vw', priority, className, alt, preset }: ImgProps) {
  return (
    <ResponsiveImage
      image={image}
      sizes={sizes}
      priority={priority}
      className={className}
      alt={alt}
      preset={preset}
    />
  );
}
