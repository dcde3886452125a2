/** The responsive grid of article cards used by listings, landings and related stories. */
import type { ArticleSummary } from '../../content/types.ts';
import { ArticleCard } from './article-card.tsx';

export type ArticleGridProps = {
  articles: ArticleSummary[];
  headingLevel?: 'h2' | 'h3';
  showCategory?: boolean;
  /** Shown when there are no articles. */
  emptyText?: string;
};

/** A responsive list of article cards (1 → 2 → 3 columns). */
export function ArticleGrid({
  articles,
  headingLevel = 'h3',
  showCategory = true,
  emptyText = 'No stories here yet. Check back soon.',
}: ArticleGridProps) {
  if (articles.length === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <ul className="card-grid">
      {articles.map((article) => (
        <li key={article.uuid}>
          <ArticleCard article={article} headingLevel={headingLevel} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}
