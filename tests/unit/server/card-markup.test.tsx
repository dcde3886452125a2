/**
 * The server's rendered cards (src/server/card-markup.tsx) must be the very HTML a card renders
 * inline, or a card whose data the payload carries would hydrate against other markup: each grid
 * below is rendered both ways, in a static router as the edge renders pages, and compared.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArticleGrid, CardMarkup, type ArticleGridProps } from '../../../src/app/components/article-grid.tsx';
import { toArticleCard } from '../../../src/content/cards.ts';
import type { ArticleCard } from '../../../src/content/types.ts';
import { cardMarkup } from '../../../src/server/card-markup.tsx';
import { articleSummary } from '../app/factories';

async function renderAt(url: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request(`https://example.test${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const cards: ArticleCard[] = [
  toArticleCard(articleSummary('jab')),
  toArticleCard(articleSummary('no-cover', { coverImage: null, author: null })),
  toArticleCard(articleSummary('undated', { firstPublishedAt: null, publishedAt: null, description: '' })),
  toArticleCard(articleSummary('quotes', { title: `"Why" the 1‑2‑3 works & <when> it doesn't` })),
];

const looks: Array<[string, Omit<ArticleGridProps, 'articles'>]> = [
  ['a grid with defaults', {}],
  [
    'a listing (h2 titles, no category, first cover first)',
    { headingLevel: 'h2', showCategory: false, leading: true },
  ],
  ['a leading grid with categories', { leading: true }],
];

describe('a card rendered once is the card rendered inline', () => {
  it.each(looks)('%s', async (_, props) => {
    const inline = await renderAt('/training', <ArticleGrid articles={cards} {...props} />);
    const once = await renderAt(
      '/training',
      <CardMarkup value={cardMarkup}>
        <ArticleGrid articles={cards} {...props} />
      </CardMarkup>,
    );
    expect(once).toBe(inline);
    expect(inline).toContain('ui-card__title');
  });
});

it('renders a card once per look, and a changed story (a new card) afresh', () => {
  const card = cards[0]!;
  const look = { headingLevel: 'h3', showCategory: true } as const;
  const first = cardMarkup(card, look);
  expect(cardMarkup(card, look)).toBe(first);
  expect(cardMarkup(card, { ...look, headingLevel: 'h2' })).toContain('<h2 class="ui-card__title">');
  const edited = cardMarkup({ ...card, title: 'A new title' }, look);
  expect(edited).toContain('A new title');
  expect(edited).not.toBe(first);
});

it("a leading grid's first card is rendered in the page, so its cover's preload goes to the head", async () => {
  const html = await renderAt(
    '/training',
    <CardMarkup value={cardMarkup}>
      <ArticleGrid articles={cards} leading />
    </CardMarkup>,
  );
  // React puts the preload first in the output when there is no <head> to hoist it into.
  expect(html.indexOf('<link rel="preload" as="image"')).toBe(0);
  expect(html.match(/rel="preload"/g)).toHaveLength(1);
});
