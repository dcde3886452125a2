/**
 * Story cards rendered once. A grid of 25 cards was most of a list page's server render (home's:
 * 500 of its 614 elements), and the same cards render on every request until their content
 * changes. Each card's HTML is kept here, per card object and look, and a grid writes it as one
 * string (ArticleGrid's `CardMarkup`). The content layer hands out one card object per version of
 * a story (src/content/cards.ts remembers its projections), so a changed story is a new object
 * and renders afresh; cards of content no longer held are collected with it (a WeakMap).
 *
 * The HTML is what the card renders inline, byte for byte (tests/unit/server/card-markup.test.tsx):
 * a card whose data the page's payload carries hydrates against it as usual. Cards use no ids and
 * read no context but the router's, which is the same for every card: a static router at `/`.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ArticleCard as ArticleCardData } from '../content/types.ts';
import { ArticleCard } from '../app/components/article-card.tsx';
import type { CardLook } from '../app/components/article-grid.tsx';

const rendered = new WeakMap<ArticleCardData, Map<string, string>>();

/**
 * A card's HTML in this look, rendered on first use. Never a priority card: React hoists its
 * image's preload into the document's head, which a card rendered on its own has not.
 */
export function cardMarkup(article: ArticleCardData, look: CardLook): string {
  const key = `${look.headingLevel}|${look.showCategory ? 1 : 0}`;
  let looks = rendered.get(article);
  if (!looks) rendered.set(article, (looks = new Map<string, string>()));
  let html = looks.get(key);
  if (html === undefined) {
    html = renderToString(
      <StaticRouter location="/">
        <ArticleCard article={article} {...look} priority={false} />
      </StaticRouter>,
    );
    looks.set(key, html);
  }
  return html;
}
