/** The responsive grid of article cards used by listings, landings and related stories. */
import { createContext, useContext, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isKept, type ListedCard } from '../kept-cards.ts';
import type { ArticleCard as ArticleCardData } from '../../content/types.ts';
import { ArticleCard, type ArticleCardProps } from './article-card.tsx';

/** A card's look in a grid: everything but its story. */
export type CardLook = Required<Omit<ArticleCardProps, 'article' | 'priority'>>;

/**
 * The server's rendered cards (src/server/card-markup.tsx): a card's HTML, rendered once per card
 * and look, the very markup `<ArticleCard>` renders. Null in the browser, which renders cards.
 */
export const CardMarkup = createContext<((article: ArticleCardData, look: CardLook) => string) | null>(null);

export type ArticleGridProps = {
  articles: ListedCard[];
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

/** React keeps an element's server markup when it is given inner HTML to hydrate (the same object each time). */
const KEPT = { __html: '' };

/** A responsive list of article cards (1 → 2 → 3 columns). */
export function ArticleGrid({
  articles,
  headingLevel = 'h3',
  showCategory = true,
  emptyText = 'No stories here yet. Check back soon.',
  leading = false,
}: ArticleGridProps) {
  const navigate = useNavigate();
  const markup = useContext(CardMarkup);
  if (articles.length === 0) return <p className="empty-state">{emptyText}</p>;

  /**
   * A kept card's link is plain markup: its click becomes a client navigation, as the Link it was
   * rendered from would make it. Its one link is the story's own path on this site (ArticleCard).
   */
  function follow(event: MouseEvent) {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  }

  return (
    <ul className="card-grid">
      {articles.map((article, i) => {
        // The document's HTML has this card (kept-cards.ts): hydration keeps it as it is.
        if (isKept(article))
          return (
            <li key={article.uuid} dangerouslySetInnerHTML={KEPT} suppressHydrationWarning onClick={follow} />
          );
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
