/**
 * A content card: optional image, eyebrow, title, text and link. With a link, the title is the
 * link and its hit area covers the card (one target, one accessible name).
 */
import { Img } from '../../app/components/img.tsx';
import type { Image } from '../../content/types.ts';
import { WidgetLink } from '../button/index.tsx';

export type CardProps = {
  title: string;
  image?: Image | null;
  eyebrow?: string;
  text?: string;
  /** Internal path or external URL ('' = no link). */
  link?: string;
  /** The title's heading level (default 3: cards usually sit under a section h2). */
  headingLevel?: 2 | 3 | 4;
  tone?: 'light' | 'dark';
  className?: string;
};

export function Card({
  title,
  image,
  eyebrow,
  text,
  link,
  headingLevel = 3,
  tone = 'light',
  className,
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={['ui-card', `ui-card--${tone}`, link ? 'ui-card--linked' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      {image ? (
        <div className="ui-card__media">
          <Img
            image={image}
            preset="card"
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          />
        </div>
      ) : null}
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
        {link ? (
          <span className="ui-card__more" aria-hidden="true">
            Read more <span className="ui-card__arrow">→</span>
          </span>
        ) : null}
      </div>
    </article>
  );
}
