import { Link } from 'react-router';
import type { ArticleSummary } from '../../content/types.ts';
import { formatDate } from '../format.ts';
import { Img } from './img.tsx';

type HeadingLevel = 'h2' | 'h3';

export type ArticleCardProps = {
  article: ArticleSummary;
  headingLevel?: HeadingLevel;
  /** Hide the category label on pages that are already about one category. */
  showCategory?: boolean;
};

/**
 * A story card. The title link stretches over the whole card (CSS ::after) so the card is one
 * click target while screen readers hear one link, named by the title.
 */
export function ArticleCard({ article, headingLevel = 'h3', showCategory = true }: ArticleCardProps) {
  const Heading = headingLevel;
  const date = article.firstPublishedAt ?? article.publishedAt;
  const formatted = formatDate(date);
  return (
    <article className="card">
      <div className="card__media">
        {article.coverImage ? (
          <Img image={article.coverImage} alt="" sizes="(min-width: 960px) 33vw, 100vw" />
        ) : (
          <span className="card__placeholder" aria-hidden="true">
            {article.category.name}
          </span>
        )}
      </div>
      <div className="card__body">
        {showCategory ? <p className="eyebrow card__eyebrow">{article.category.name}</p> : null}
        <Heading className="card__title">
          <Link to={article.path} className="card__link">
            {article.title}
          </Link>
        </Heading>
        {article.description ? <p className="card__description">{article.description}</p> : null}
        <p className="card__meta">
          {article.author ? <span>By {article.author.name}</span> : null}
          {date && formatted ? <time dateTime={date}>{formatted}</time> : null}
        </p>
      </div>
    </article>
  );
}
