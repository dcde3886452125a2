/** The responsive grid of article cards used by listings, landings and related stories. */
import { createContext, useContext, type ReactNode } from 'react';
import { isKept, type KeptCard, type ListedCard } from '../kept-cards.ts';
import type { ArticleCard as ArticleCardData } from '../../content/types.ts';
import { ArticleCard, type ArticleCardProps } from './article-card.tsx';

/** A card's look in a grid: everything but its story. */
export type CardLook = Required<Omit<ArticleCardProps, 'article' | 'priority'>>;

/**
 * The server's rendered cards (src/server/card-markup.tsx): a card's HTML, rendered once per card
 * and look, the very markup `<ArticleCard>` renders. Null in the browser, which renders cards.
 */
export const CardMarkup = createContext<((article: ArticleCardData, look: CardLook) => string) | null>(null);

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
  const markup = useContext(CardMarkup);
  if (articles.length === 0) return <p className="empty-state">{emptyText}</p>;

  return (
    <ul className="card-grid">
      {articles.map((article, i) => {
        // The document's HTML has this card (kept-cards.ts): hydration keeps it as it is.
        if (isKept(article)) return kept?.(article);
        const priority = leading && i === 0;
        // Not the priority card: React hoists its image's preload into the head, not into the card.
        if (markup && !priority)
          return (
            <li
              key={article.uuid}
              dangerouslySetInnerHTML={{ __html: markup(article, { headingLevel, showCategory }) }}
            />
          );
        return (
          <li key={article.uuid}>
            <ArticleCard
              article={article}
              headingLevel={headingLevel}
              showCategory={showCategory}
              priority={priority}
            />
          </li>
        );
      })}
    </ul>
  );
}
