/** The responsive grid of article cards used by listings, landings and related stories. */
import type { ReactNode } from 'react';
import { isKept, type KeptCard, type ListedCard } from '../kept-cards.ts';
import type { ArticleCard as ArticleCardData } from '../../content/types.ts';
import { ArticleCard } from './article-card.tsx';
import { Once } from '../../widgets/rendered-once/index.tsx';

export type ArticleGridProps = (
  | { articles: ArticleCardData[]; kept?: undefined }
  | {
      articles: ListedCard[];
      /**
       * How a kept card shows (`keptCardItem`, ./kept-card-item.tsx): grids whose cards the server
       * keeps pass it, so the grids that never keep one (an article's related stories) go without
       * its code.
       */
      kept: (card: KeptCard) => ReactNode;
    }
) & {
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
  kept,
}: ArticleGridProps) {
  if (articles.length === 0) return <p className="empty-state">{emptyText}</p>;

  return (
    <ul className="card-grid">
      {articles.map((article, i) => {
        // The document's HTML has this card (kept-cards.ts): hydration keeps it as it is.
        if (isKept(article)) return kept?.(article);
        // The priority card renders in the page: React hoists its image's preload into the head,
        // which a card rendered once, on its own, has not. Every other card's HTML is kept.
        if (leading && i === 0)
          return (
            <li key={article.uuid}>
              <ArticleCard
                article={article}
                headingLevel={headingLevel}
                showCategory={showCategory}
                priority
              />
            </li>
          );
        return (
          <Once as="li" key={article.uuid} name="card" inputs={[article, headingLevel, showCategory]}>
            <ArticleCard
              article={article}
              headingLevel={headingLevel}
              showCategory={showCategory}
              priority={false}
            />
          </Once>
        );
      })}
    </ul>
  );
}
