/**
 * The server's kept markup (src/server/rendered-once.tsx) must be the very HTML its children render
 * inline, or they would hydrate against other markup: each grid, the header and the footer below
 * are rendered both ways, in a static router as the edge renders pages, and compared.
 */
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { ArticleGrid, type ArticleGridProps } from '../../../src/app/components/article-grid.tsx';
import { RenderedOnce } from '../../../src/widgets/rendered-once/index.tsx';
import { SiteFooter } from '../../../src/app/layout/site-footer.tsx';
import { SiteHeader } from '../../../src/app/layout/site-header.tsx';
import { toArticleCard, toNavCategory } from '../../../src/content/cards.ts';
import type { ArticleCard } from '../../../src/content/types.ts';
import { keepMarkup } from '../../../src/server/rendered-once.tsx';
import { RichText } from '../../../src/blocks/rich-text.tsx';
import { FaqList } from '../../../src/app/components/faq-list.tsx';
import { ArticleSidebar } from '../../../src/app/layout/article-sidebar.tsx';
import { Component as ArticlePage } from '../../../src/app/routes/article/page.tsx';
import { RootLayout } from '../../../src/app/routes/root/layout.tsx';
import type { Block, Mark } from '../../../src/content/types.ts';
import { EmailCapture } from '../../../src/widgets/email-capture/index.tsx';
import {
  article,
  articleCard,
  articleSummary,
  author,
  category,
  layout,
  rootData,
  site,
  topicSummary,
} from '../app/factories';

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

  it("the footer's links: brand, tagline, socials and link columns (its sign-up form is kept on its own, below)", async () => {
    const footer = <SiteFooter site={site()} layout={layout()} categories={categories} />;
    const { inline, once, again } = await bothWays('/t/footwork', footer);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('Train like a fighter, at home.');
    expect(inline).toContain('href="https://instagram.example/roundhouse"');
  });
});

/** Text with every mark, an internal and an external link, a list, a quote, code and a rule. */
const text = (value: string, marks: Mark[] = []) => ({ type: 'text' as const, text: value, marks });
const textBody: Block[] = [
  { type: 'heading', level: 2, children: [text('Why the jab & the <cross>')] },
  {
    type: 'paragraph',
    children: [
      text('Keep your '),
      text('chin', [{ type: 'bold' }, { type: 'italic' }]),
      text(' down; read '),
      text('the 1-2-3', [{ type: 'link', href: '/training/the-1-2-3', external: false }]),
      text(' or '),
      text('a study', [{ type: 'link', href: 'https://example.org/study?a=1&b=2', external: true }]),
      { type: 'break' },
      text('x', [{ type: 'code' }, { type: 'strike' }, { type: 'underline' }]),
    ],
  },
  {
    type: 'list',
    ordered: true,
    items: [
      [{ type: 'paragraph', children: [text('one')] }],
      [{ type: 'quote', children: [{ type: 'paragraph', children: [text('"two"')] }] }],
    ],
  },
  { type: 'code', text: 'const jab = () => <Punch />;' },
  { type: 'rule' },
];

describe("an article's parts rendered once are the parts rendered inline", () => {
  it('a body of text: headings, marks, links, lists, quotes, code and rules', async () => {
    const { inline, once, again } = await bothWays(
      '/training/the-perfect-jab',
      <RichText blocks={textBody} className="rich-text" />,
    );
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('href="/training/the-1-2-3"');
    expect(inline).toContain('Why the jab &amp; the &lt;cross&gt;');
  });

  it('a body with an embedded block or an image renders in the page, as it did', async () => {
    const withBlock: Block[] = [
      ...textBody,
      { type: 'blok', component: 'a_block_from_the_future', uid: 'b1', props: {} } as Block,
    ];
    const { inline, once } = await bothWays(
      '/training/the-perfect-jab',
      <RichText blocks={withBlock} className="rich-text" />,
    );
    expect(once).toBe(inline);
  });

  it('the FAQs', async () => {
    const faqs = [
      { question: 'How often?', answer: 'Twice a week & no more.' },
      { question: 'Do I need <gear>?', answer: 'No.' },
    ];
    const { inline, once, again } = await bothWays('/', <FaqList faqs={faqs} />);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('Do I need &lt;gear&gt;?');
  });

  it('the sidebar: more stories, the category link, its topics with the current one marked', async () => {
    const training = toNavCategory(
      category('training', { topics: [topicSummary('footwork'), topicSummary('defence')] }),
    );
    const sidebar = (
      <ArticleSidebar
        category={category('training')}
        articles={[articleCard('jab'), articleCard('hook', { coverImage: null })]}
        topics={training.topics}
        currentTopicUuid={training.topics[1]!.uuid}
      />
    );
    const { inline, once, again } = await bothWays('/training/the-perfect-jab', sidebar);
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    expect(inline).toContain('aria-current="true"');
    // On the other topic's article, the other topic is the current one: its own entry.
    const onOther = await bothWays(
      '/training/the-perfect-jab',
      <ArticleSidebar {...sidebar.props} currentTopicUuid={training.topics[0]!.uuid} />,
    );
    expect(onOther.once).toBe(onOther.inline);
    expect(onOther.once).not.toBe(once);
  });

  it('the article page in the site layout: the skip link and announcement, its header (breadcrumb, title, lede, byline), tags and every part above', async () => {
    const page = article('the-perfect-jab', {
      body: textBody,
      topic: topicSummary('footwork'),
      author: author('sam-jones'),
      contributors: [author('jo-doe'), author('al-ray')],
      faqs: [{ question: 'Why?', answer: 'Because.' }],
      tags: ['jab', 'basics'],
      firstPublishedAt: '2026-01-02T10:00:00.000Z',
      publishedAt: '2026-03-04T10:00:00.000Z',
    });
    const related = [articleCard('hook')];
    const announcement = {
      active: true,
      theme: 'blue' as const,
      headline: 'Heavy bag season & <more>',
      text: 'Tested by our team.',
      cta: { url: '/boxing-equipment/heavy-bags', text: 'Read the guide' },
    };
    const root = rootData({ layout: layout({ announcement }) });
    const render = async (kept: boolean, data = { article: page, related }) => {
      const handler = createStaticHandler([
        {
          id: 'root',
          path: '/',
          loader: () => root,
          Component: RootLayout,
          children: [{ id: 'article', path: ':category/:slug', loader: () => data, Component: ArticlePage }],
        },
      ]);
      const context = await handler.query(new Request('https://example.test/training/the-perfect-jab'));
      if (context instanceof Response) throw new Error('unexpected redirect');
      const router = createStaticRouter(handler.dataRoutes, context);
      const app = <StaticRouterProvider router={router} context={context} hydrate={false} />;
      // Streamed to its end, as the edge renders pages (the sidebar's sign-up is a Suspense island).
      const stream = await renderToReadableStream(
        kept ? <RenderedOnce value={keepMarkup}>{app}</RenderedOnce> : app,
      );
      await stream.allReady;
      return new Response(stream).text();
    };
    const inline = await render(false);
    expect(await render(true)).toBe(inline);
    expect(await render(true)).toBe(inline);
    expect(inline).toContain('class="article-header__title">The perfect jab</h1>');
    expect(inline).toContain('With contributions from');
    expect(inline).toContain('Heavy bag season &amp; &lt;more&gt;');
    expect(inline).toContain('class="skip-link"');
    expect(inline).toContain('<li class="chip chip--static">basics</li>');
    // Another article (another object) is its own entry.
    const other = await render(true, { article: { ...page, title: 'Another title' }, related: [] });
    expect(other).toContain('>Another title</h1>');
  });
});

describe('an email capture rendered once is the one rendered inline', () => {
  // Two on a page, as an article has (the sidebar's and the footer's), each with its own ids.
  const page = (errors?: string[]) => (
    <main>
      <aside>
        <EmailCapture
          headline="Never miss a round"
          text="The week's best workout & <more>."
          tone="light"
          variant="compact"
          privacyLink="/p/privacy"
          errors={errors}
        />
      </aside>
      <footer>
        <EmailCapture cta="Join" placeholder="you@example.com" />
      </footer>
    </main>
  );

  it('kept per position and props: the same HTML, its ids wired to the page’s own', async () => {
    const { inline, once, again } = await bothWays('/training/the-perfect-jab', page());
    expect(once).toBe(inline);
    expect(again).toBe(inline);
    const { document } = new JSDOM(inline).window;
    const [first, second] = [...document.querySelectorAll('section')];
    // The first is named by its heading; the second has none and a name of its own.
    const heading = document.getElementById(first!.getAttribute('aria-labelledby')!);
    expect(heading?.textContent).toBe('Never miss a round');
    expect(second!.getAttribute('aria-label')).toBe('Newsletter sign-up');
    for (const section of [first!, second!]) {
      const input = section.querySelector('input[name="email"]')!;
      expect(section.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Email address');
      expect(section.querySelector(`#${input.getAttribute('aria-describedby')}`)?.className).toBe(
        'ui-email-capture__consent',
      );
      const trap = section.querySelector('input[name="company"]')!;
      expect(section.querySelector(`label[for="${trap.id}"]`)).not.toBeNull();
    }
    // Ids are the page's: unique across both forms.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  it('an error in the props is its own entry', async () => {
    const { inline, once } = await bothWays('/training/the-perfect-jab', page(['That address bounced']));
    expect(once).toBe(inline);
    expect(once).toContain('That address bounced');
  });

  it('the same props at another position have other ids, kept apart', async () => {
    const moved = (
      <div>
        <p>First</p>
        {page()}
      </div>
    );
    const here = await bothWays('/', page());
    const there = await bothWays('/', moved);
    expect(there.once).toBe(there.inline);
    expect(there.once).not.toContain(here.once);
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
