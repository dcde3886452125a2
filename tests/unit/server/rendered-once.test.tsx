/**
 * The server's kept markup (src/server/rendered-once.tsx) must be the very HTML its children render
 * inline, or they would hydrate against other markup: each grid, the header and the footer below
 * are rendered both ways, in a static router as the edge renders pages, and compared.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArticleGrid, type ArticleGridProps } from '../../../src/app/components/article-grid.tsx';
import { RenderedOnce } from '../../../src/app/components/rendered-once.tsx';
import { SiteFooter } from '../../../src/app/layout/site-footer.tsx';
import { SiteHeader } from '../../../src/app/layout/site-header.tsx';
import { toArticleCard, toNavCategory } from '../../../src/content/cards.ts';
import type { ArticleCard } from '../../../src/content/types.ts';
import { keepMarkup } from '../../../src/server/rendered-once.tsx';
import { articleSummary, category, layout, site, topicSummary } from '../app/factories';

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

/** `element` rendered at `url` with its markup kept, twice (the second from what was kept), and inline. */
async function bothWays(url: string, element: ReactNode) {
  const kept = <RenderedOnce value={keepMarkup}>{element}</RenderedOnce>;
  return {
    inline: await renderAt(url, element),
    once: await renderAt(url, kept),
    again: await renderAt(url, kept),
  };
}

describe('a card rendered once is the card rendered inline', () => {
  it.each(looks)('%s', async (_, props) => {
    const { inline, once, again } = await bothWays('/training', <ArticleGrid articles={cards} {...props} />);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('ui-card__title');
  });
});

// The nav's categories: names with characters to escape, topics, and a second category.
const categories = [
  toNavCategory(
    category('training', {
      name: 'Training & <Drills>',
      topics: [topicSummary('footwork'), topicSummary('defence', { name: '"Slip" & roll' })],
    }),
  ),
  toNavCategory(category('wellness')),
];
const noop = () => {};

describe("the site's chrome rendered once is the chrome rendered inline", () => {
  it("the header's bar: logo, every category's dropdown, the cart and menu buttons", async () => {
    const header = (
      <SiteHeader
        site={site()}
        categories={categories}
        menuOpen={false}
        onMenuOpenChange={noop}
        cartOpen={false}
        onCartOpenChange={noop}
      />
    );
    const { inline, once, again } = await bothWays('/training/the-perfect-jab', header);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('id="nav-panel-training"');
    expect(inline).toContain('Training &amp; &lt;Drills&gt;');
  });

  it("the footer's links: brand, tagline, socials and link columns (its sign-up form stays live)", async () => {
    const footer = <SiteFooter site={site()} layout={layout()} categories={categories} />;
    const { inline, once, again } = await bothWays('/t/footwork', footer);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('Train like a fighter, at home.');
    expect(inline).toContain('href="https://instagram.example/roundhouse"');
  });
});

describe('the keeper', () => {
  const card = cards[0]!;
  const render = (title: string) => <p>{title}</p>;

  it('renders once per name and inputs, and a changed story (a new object) afresh', () => {
    const first = keepMarkup('test', [card, 'h3', true], render('first'));
    expect(keepMarkup('test', [card, 'h3', true], render('second'))).toBe(first);
    expect(first).toBe('<p>first</p>');
    expect(keepMarkup('test', [card, 'h2', true], render('a look'))).toBe('<p>a look</p>');
    expect(keepMarkup('test', [{ ...card }, 'h3', true], render('an edit'))).toBe('<p>an edit</p>');
    // Another name, or more inputs after the same ones, is another entry.
    expect(keepMarkup('other', [card, 'h3', true], render('other'))).toBe('<p>other</p>');
    expect(keepMarkup('test', [card, 'h3', true, categories[0]], render('longer'))).toBe('<p>longer</p>');
    expect(keepMarkup('test', [card, 'h3'], render('shorter'))).toBe('<p>shorter</p>');
    expect(keepMarkup('test', [card, 'h3', true], render('third'))).toBe(first);
  });

  it('holds a bounded number of plain values per branch: past it, they render again', () => {
    const first = keepMarkup('values', [0], render('zero'));
    for (let i = 1; i < 64; i++) keepMarkup('values', [i], render(String(i)));
    expect(keepMarkup('values', [0], render('again'))).toBe(first);
    keepMarkup('values', [64], render('64'));
    expect(keepMarkup('values', [0], render('afresh'))).toBe('<p>afresh</p>');
  });
});

it("a leading grid's first card is rendered in the page, so its cover's preload goes to the head", async () => {
  const html = await renderAt(
    '/training',
    <RenderedOnce value={keepMarkup}>
      <ArticleGrid articles={cards} leading />
    </RenderedOnce>,
  );
  // React puts the preload first in the output when there is no <head> to hoist it into.
  expect(html.indexOf('<link rel="preload" as="image"')).toBe(0);
  expect(html.match(/rel="preload"/g)).toHaveLength(1);
});
