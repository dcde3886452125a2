/**
 * The site's one card: optional image (or a decorative placeholder), eyebrow, title, text, extra
 * lines and link. With a link, the title is the link and its hit area covers the card (one target,
 * one accessible name). Two looks: `panel` (a boxed card, the content block) and `plain` (image and
 * text straight on the page, the article lists).
 */
import { useContext, type ReactNode } from 'react';
import type { Image } from '../../shared/types.ts';
import { WidgetLink } from '../button/index.tsx';
import { RegionImageSizes, ResponsiveImage, type ImageFile } from '../image/index.tsx';

/** How wide a card's image shows in a one-, two- or three-column grid. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

/** The card's image: one with its own alt, or a bare file with the alt given (a decorative cover). */
type CardImage =
  | {
      image?: Image | null;
      /** Overrides the image's alt: "" when the title next to it says it all. */
      imageAlt?: string;
    }
  | { image: ImageFile | null; imageAlt: string };

export type CardProps = CardImage & {
  title: string;
  /** The image's `sizes` (default: the region's, RegionImageSizes, else CARD_IMAGE_SIZES). */
  imageSizes?: string;
  /** Crop to a named preset (default `card`, 3:2); `null` keeps the original (the frame crops it). */
  imagePreset?: string | null;
  /** The card opens the page: its image loads first (high priority, not lazy). */
  imagePriority?: boolean;
  /** The image's candidate widths (default: the image widget's). */
  imageWidths?: readonly number[];
  /** Drawn in the image frame when there is no image (decorative: hidden from assistive technology). */
  placeholder?: ReactNode;
  eyebrow?: string;
  text?: string;
  /** Lines under the text, pushed to the bottom (a byline and date). */
  meta?: ReactNode;
  /** Internal path or external URL ('' = no link). */
  link?: string;
  /** The title's heading level (default 3: cards usually sit under a section h2). */
  headingLevel?: 2 | 3 | 4;
  tone?: 'light' | 'dark';
  look?: 'panel' | 'plain';
  className?: string;
};

type CardMediaProps = Pick<
  CardProps,
  'imageSizes' | 'imagePreset' | 'imagePriority' | 'imageWidths' | 'placeholder'
> & {
  image?: Image | ImageFile | null;
  imageAlt?: string;
};

function CardMedia({
  image,
  imageSizes,
  imagePreset = 'card',
  imageAlt,
  imagePriority,
  imageWidths,
  placeholder,
}: CardMediaProps) {
  const regionSizes = useContext(RegionImageSizes);
  if (!image && placeholder === undefined) return null;
  return (
    <div className="ui-card__media">
      {image ? (
        <ResponsiveImage
          image={image}
          sizes={imageSizes ?? regionSizes ?? CARD_IMAGE_SIZES}
          preset={imagePreset ?? undefined}
          // CardImage pairs a bare file with an alt: the fallback is for the type, never reached.
          alt={imageAlt ?? ('alt' in image ? image.alt : '')}
          priority={imagePriority}
          widths={imageWidths}
        />
      ) : (
        <span className="ui-card__placeholder" aria-hidden="true">
          {placeholder}
        </span>
      )}
    </div>
  );
}

export function Card({
  title,
  eyebrow,
  text,
  meta,
  link,
  headingLevel = 3,
  tone = 'light',
  look = 'panel',
  className,
  ...media
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={[
        'ui-card',
        `ui-card--${look}`,
        // Light is the default look: only dark has rules of its own (no dead class on every card).
        tone === 'dark' ? 'ui-card--dark' : null,
        link ? 'ui-card--linked' : null,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <CardMedia {...media} />
      <div className="ui-card__body">
        {eyebrow ? <p className="ui-card__eyebrow">{eyebrow}</p> : null}
        <Heading className="ui-card__title">
          {link ? (
            <WidgetLink link={link} className="ui-card__link">
              {title}
            </WidgetLink>
          ) : (
            title
          )}
        </Heading>
        {text ? <p className="ui-card__text">{text}</p> : null}
        {meta ? <p className="ui-card__meta">{meta}</p> : null}
        {link && look === 'panel' ? (
          <span className="ui-card__more" aria-hidden="true">
            Read more <span className="ui-card__arrow">→</span>
          </span>
        ) : null}
      </div>
    </article>
  );
}
