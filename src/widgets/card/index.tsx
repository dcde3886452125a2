/**
 * The site's one card: optional image (or a decorative placeholder), eyebrow, title, text, extra
 * lines and link. With a link, the title is the link and its hit area covers the card (one target,
 * one accessible name). Two looks: `panel` (a boxed card, the content block) and `plain` (image and
 * text straight on the page, the article lists).
 */
import type { ReactNode } from 'react';
import type { Image } from '../../shared/types.ts';
import { WidgetLink } from '../button/index.tsx';
import { ResponsiveImage } from '../image/index.tsx';

/** How wide a card's image shows in a one-, two- or three-column grid. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

export type CardProps = {
  title: string;
  image?: Image | null;
  /** The image's `sizes` (default CARD_IMAGE_SIZES). */
  imageSizes?: string;
  /** Crop to a named preset (default `card`, 3:2); `null` keeps the original (the frame crops it). */
  imagePreset?: string | null;
  /** Overrides the image's alt: "" when the title next to it says it all. */
  imageAlt?: string;
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

function CardMedia({
  image,
  imageSizes = CARD_IMAGE_SIZES,
  imagePreset = 'card',
  imageAlt,
  placeholder,
}: Pick<CardProps, 'image' | 'imageSizes' | 'imagePreset' | 'imageAlt' | 'placeholder'>) {
  if (!image && placeholder === undefined) return null;
  return (
    <div className="ui-card__media">
      {image ? (
        <ResponsiveImage image={image} sizes={imageSizes} preset={imagePreset ?? undefined} alt={imageAlt} />
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
        `ui-card--${tone}`,
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
