/** The responsive grid of article cards used by listings, landings and related stories. */
import type { ArticleCard as ArticleCardData } from '../../content/types.ts';
import { ArticleCard } from './article-card.tsx';

export type ArticleGridProps = {
  articles: ArticleCardData[];
  headingLevel?: 'h2' | 'h3';
  showCategory?: boolean;
  /** Shown when there are no articles. */
  emptyText?: string;
  /**
   * The grid opens the page (nothing larger above it): its first cover is the largest paint, so it
   * loads first and is not lazy. Every other cover stays lazy.
   */
  leading?: boolean;
};

/** A responsive list of article cards (1 → 2 → 3 columns). */
export function ArticleGrid({
  articles,
  headingLevel = 'h3',
  showCategory = true,
  emptyText = 'No stories here yet. Check back soon.',
  leading = false,
}: ArticleGridProps) {
  if (articles.length === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <ul className="card-grid">
      {articles.map((article, i) => (
        <li key={article.uuid}>
          <ArticleCard
            article={article}
            headingLevel={headingLevel}
            showCategory={showCategory}
            priority={leading && i === 0}
          />
        </li>
      ))}
    </ul>
  );
}
