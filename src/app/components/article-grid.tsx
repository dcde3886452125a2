/** The responsive grid of article cards used by listings, landings and related stories. */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isKept, type ListedCard } from '../kept-cards.ts';
import { ArticleCard } from './article-card.tsx';

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
const SERVER_MARKUP = { __html: '' };

/** A responsive list of article cards (1 → 2 → 3 columns). */
export function ArticleGrid({
  articles,
  headingLevel = 'h3',
  showCategory = true,
  emptyText = 'No stories here yet. Check back soon.',
  leading = false,
}: ArticleGridProps) {
  const navigate = useNavigate();
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
      {articles.map((article, i) =>
        isKept(article) ? (
          // The document's HTML has this card (kept-cards.ts): hydration keeps it as it is.
          <li
            key={article.uuid}
            dangerouslySetInnerHTML={SERVER_MARKUP}
            suppressHydrationWarning
            onClick={follow}
          />
        ) : (
          <li key={article.uuid}>
            <ArticleCard
              article={article}
              headingLevel={headingLevel}
              showCategory={showCategory}
              priority={leading && i === 0}
            />
          </li>
        ),
      )}
    </ul>
  );
}
