/** A kept card in a grid (src/app/kept-cards.ts): the server's markup, kept as it is. */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { KeptCard } from '../kept-cards.ts';

/** React keeps an element's server markup when it is given inner HTML to hydrate (the same object each time). */
const SERVER_MARKUP = { __html: '' };

/** ArticleGrid's `kept`: a kept card as the grid's item. */
export const keptCardItem = (card: KeptCard) => <KeptCardItem key={card.uuid} />;

function KeptCardItem() {
  const navigate = useNavigate();
  /**
   * The card's link is plain markup: its click becomes a client navigation, as the Link it was
   * rendered from would make it. Its one link is the story's own path on this site (ArticleCard).
   */
  function follow(event: MouseEvent) {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  }
  return <li dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning onClick={follow} />;
}
