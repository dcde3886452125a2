// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import type { HomeData } from '../../../../src/app/routes/home/data';
import {
  article,
  articleCard,
  articleSummary,
  author,
  authorSummary,
  category,
  categorySummary,
  page,
  pageSummary,
  paginated,
  topic,
} from '../factories';
import { loadBlocks } from '../../../../src/blocks/registry';
import { renderApp } from '../render-app';
import { toSitemapArticle, toSitemapCategory, toSitemapLink } from '../../../../src/content/cards';
import type { SitemapArticle } from '../../../../src/content/types';

const stories = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => articleCard(`${prefix}-${i + 1}`));

test('home shows the newest story as the hero and the rest as cards', async () => {
  const list = stories('home', 3);
  renderApp('/', { home: { page: null, articles: paginated(list) } });
  const hero = await screen.findByRole('region', { name: 'Story home-1' });
  expect(within(hero).getByRole('link', { name: 'Story home-1' }).getAttribute('href')).toBe(
    '/training/home-1',
  );
  expect(hero.querySelector('img')?.getAttribute('loading')).toBe('eager');
  const feed = screen.getByRole('region', { name: 'Latest stories' });
  expect(within(feed).getAllByRole('article')).toHaveLength(2);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('home shows no load-more link when there is nothing more', async () => {
  renderApp('/', { home: { page: null, articles: paginated(stories('few', 3)) } });
  await screen.findByRole('heading', { name: 'Latest stories' });
  expect(screen.queryByRole('link', { name: /Load more/ })).toBeNull();
});

test('load more is a real ?page= link that, with JavaScript, appends the next page in place', async () => {
  const pages: Record<number, HomeData> = {
    1: { page: null, articles: paginated(stories('p1', 25), { total: 30 }) },
    2: { page: null, articles: paginated(stories('p2', 5), { page: 2, total: 30 }) },
  };
  renderApp('/', {
    home: ({ request }: LoaderFunctionArgs) =>
      pages[Number(new URL(request.url).searchParams.get('page') ?? 1)],
  });
  // Generous timeouts: the lazy route module and the fetcher's loader run under a busy test pool.
  const more = await screen.findByRole('link', { name: 'Load more stories' }, { timeout: 5000 });
  expect(more.getAttribute('href')).toBe('/?page=2');
  const feed = screen.getByRole('region', { name: 'Latest stories' });
  expect(within(feed).getAllByRole('article')).toHaveLength(24);

  fireEvent.click(more);
  expect(await within(feed).findByRole('link', { name: 'Story p2-5' }, { timeout: 5000 })).toBeTruthy();
  expect(within(feed).getAllByRole('article')).toHaveLength(29);
  expect(screen.queryByRole('link', { name: /Load more/ })).toBeNull();
});

test('a server-rendered page N shows that page and links to N+1', async () => {
  renderApp('/?page=2', {
    home: { page: null, articles: paginated(stories('second', 25), { page: 2, total: 80 }) },
  });
  const feed = await screen.findByRole('region', { name: /Latest stories · Page 2/ });
  expect(within(feed).getAllByRole('article')).toHaveLength(25);
  expect(screen.getByRole('link', { name: 'Load more stories' }).getAttribute('href')).toBe('/?page=3');
});

test('article: breadcrumb, UTC dates, eager cover, author and contributors, FAQs, tags, sidebar', async () => {
  const a = article('the-perfect-jab', {
    firstPublishedAt: '2025-03-04T23:30:00.000Z',
    publishedAt: '2025-04-10T01:00:00.000Z',
    contributors: [authorSummary('ana-ruiz'), authorSummary('lee-park')],
    faqs: [
      { question: 'How often should I train?', answer: 'Three times a week.' },
      { question: 'Do I need gloves?', answer: 'Yes, for bag work.' },
    ],
    tags: ['jab', 'beginner'],
  });
  const related = [articleCard('hooks'), articleCard('yoga', { category: categorySummary('wellness') })];
  renderApp('/training/the-perfect-jab', { article: { article: a, related } });
  await screen.findByRole('heading', { level: 1, name: 'The perfect jab' });

  const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
  expect(crumbs.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Training', '/c/training'],
    ['Footwork', '/t/footwork'],
  ]);
  const header = screen.getByRole('heading', { level: 1 }).parentElement!;
  expect(within(header).getByText('March 4, 2025').getAttribute('dateTime')).toBe('2025-03-04T23:30:00.000Z');
  expect(within(header).getByText('April 10, 2025')).toBeTruthy();
  const cover = document.querySelector('.article-cover img');
  expect(cover?.getAttribute('loading')).toBe('eager');
  expect(cover?.getAttribute('fetchpriority')).toBe('high');
  expect(cover?.getAttribute('width')).toBe('1200');
  expect(screen.getByRole('link', { name: 'Sam Jones' }).getAttribute('href')).toBe('/author/sam-jones');
  expect(screen.getByRole('link', { name: 'Ana Ruiz' }).getAttribute('href')).toBe('/author/ana-ruiz');
  expect(screen.getByRole('link', { name: 'Lee Park' })).toBeTruthy();

  const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
  expect(faq.tagName).toBe('SECTION');
  const items = faq.querySelectorAll('details');
  expect(items).toHaveLength(2);
  expect(items[0]?.querySelector('summary')?.textContent).toBe('How often should I train?');
  expect(items[0]?.textContent).toContain('Three times a week.');

  expect(
    within(screen.getByRole('region', { name: 'Tags' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['jab', 'beginner']);
  const sidebar = screen.getByRole('complementary', { name: 'More in Training' });
  expect(within(sidebar).getByRole('link', { name: 'Story hooks' })).toBeTruthy();
  expect(within(sidebar).queryByRole('link', { name: 'Story yoga' })).toBeNull();
  expect(within(screen.getByRole('region', { name: 'Keep reading' })).getAllByRole('article')).toHaveLength(
    2,
  );
});

test('an article without FAQs renders no FAQ section', async () => {
  renderApp('/training/the-perfect-jab', { article: { article: article(), related: [] } });
  await screen.findByRole('heading', { level: 1, name: 'The perfect jab' });
  expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).toBeNull();
});

test('listing paginates with ?page= links and rel=prev/next', async () => {
  renderApp('/training?page=2', {
    listing: {
      category: category('training'),
      articles: paginated(stories('list', 25), { page: 2, total: 80 }),
    },
  });
  const nav = await screen.findByRole('navigation', { name: 'Training pages' });
  expect(
    within(nav)
      .getByRole('link', { name: /Previous/ })
      .getAttribute('rel'),
  ).toBe('prev');
  expect(
    within(nav)
      .getByRole('link', { name: /Previous/ })
      .getAttribute('href'),
  ).toBe('/training');
  expect(within(nav).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/training?page=3');
  expect(within(nav).getByRole('link', { name: /Next/ }).getAttribute('rel')).toBe('next');
  expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  expect(within(nav).getByRole('link', { name: 'Page 4' }).getAttribute('href')).toBe('/training?page=4');
});

test('category landing shows its topics, newest stories and the full listing link', async () => {
  renderApp('/c/training', { category: { category: category('training'), articles: stories('cat', 3) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Training' })).toBeTruthy();
  const topics = screen.getByRole('region', { name: 'Topics' });
  expect(within(topics).getByRole('link', { name: 'Training Basics' }).getAttribute('href')).toBe(
    '/t/training-basics',
  );
  expect(
    within(screen.getByRole('region', { name: 'Latest in Training' })).getAllByRole('article'),
  ).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'All Training stories' }).getAttribute('href')).toBe('/training');
});

test('topic page shows the category breadcrumb, its stories and pagination', async () => {
  renderApp('/t/footwork', {
    topic: { topic: topic('footwork'), articles: paginated(stories('t', 25), { total: 26 }) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Footwork' })).toBeTruthy();
  const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
  expect(crumbs.map((l) => l.getAttribute('href'))).toEqual(['/', '/c/training']);
  expect(screen.getByRole('navigation', { name: 'Footwork pages' })).toBeTruthy();
});

test('author page shows bio, social links and articles by the author', async () => {
  renderApp('/author/sam-jones', { author: { author: author(), articles: paginated(stories('by', 2)) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Sam Jones' })).toBeTruthy();
  expect(screen.getByText('Former amateur champion and head coach.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Sam Jones on Instagram' }).getAttribute('href')).toBe(
    'https://instagram.example/sam',
  );
  expect(
    within(screen.getByRole('region', { name: 'Articles by Sam Jones' })).getAllByRole('article'),
  ).toHaveLength(2);
});

/** A sitemap page of articles, as the loader gives it. */
function sitemapPage(stories: SitemapArticle[], page = 1, total = stories.length, perPage = 100) {
  return { stories, page, perPage, total, canFetchMore: total > perPage * page };
}

test('sitemap lists every category, topic, author and article under headings', async () => {
  renderApp('/sitemap', {
    sitemap: {
      index: {
        categories: [toSitemapCategory(category('training'))],
        topics: [toSitemapLink(topic('footwork'))],
        authors: [toSitemapLink(author('sam-jones'))],
        pages: [pageSummary('about', { title: 'About Roundhouse' }), pageSummary('privacy')],
      },
      articles: sitemapPage([
        toSitemapArticle(articleSummary('jab')),
        toSitemapArticle(articleSummary('sleep', { category: categorySummary('wellness') })),
      ]),
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Sitemap' })).toBeTruthy();
  const link = (region: string, name: string) =>
    within(screen.getByRole('region', { name: region }))
      .getByRole('link', { name })
      .getAttribute('href');
  expect(link('Categories', 'Training')).toBe('/c/training');
  expect(link('Topics', 'Footwork')).toBe('/t/footwork');
  expect(link('Authors', 'Sam Jones')).toBe('/author/sam-jones');
  expect(link('Articles', 'Story jab')).toBe('/training/jab');
  expect(link('Articles', 'Story sleep')).toBe('/wellness/sleep');
  expect(screen.getByRole('heading', { level: 3, name: 'Wellness' })).toBeTruthy();
  expect(link('Pages', 'About Roundhouse')).toBe('/p/about');
  expect(link('Pages', 'Privacy')).toBe('/p/privacy');
  // All of it fits one page: no page links.
  expect(screen.queryByRole('navigation', { name: 'Sitemap pages' })).toBeNull();
});

test('sitemap shows no Pages section when there are no editorial pages', async () => {
  renderApp('/sitemap', {
    sitemap: {
      index: { categories: [toSitemapCategory(category('training'))], topics: [], authors: [], pages: [] },
      articles: sitemapPage([]),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Sitemap' });
  expect(screen.queryByRole('region', { name: 'Pages' })).toBeNull();
});

test("a later sitemap page lists its articles and the page links, not page 1's short lists", async () => {
  renderApp('/sitemap?page=3', {
    sitemap: { index: null, articles: sitemapPage([toSitemapArticle(articleSummary('jab'))], 3, 250) },
  });
  await screen.findByRole('heading', { level: 1, name: 'Sitemap' });
  expect(document.title).toBe('Sitemap – Page 3 | Roundhouse');
  expect(screen.getByRole('heading', { level: 2, name: 'Articles, page 3' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Authors' })).toBeNull();
  const pages = screen.getByRole('navigation', { name: 'Sitemap pages' });
  expect(
    within(pages)
      .getByRole('link', { name: /Previous/ })
      .getAttribute('href'),
  ).toBe('/sitemap?page=2');
  expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/sitemap');
  expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  expect(within(pages).queryByRole('link', { name: /Next/ })).toBeNull();
});

test('an editorial page: its title as the one h1, breadcrumb home, description and its blocks in order', async () => {
  await loadBlocks(['short_text']);
  renderApp('/p/privacy', {
    page: {
      page: page('privacy', {
        title: 'Privacy policy',
        body: [
          {
            type: 'blok',
            component: 'short_text',
            uid: 'collect',
            props: { headline: 'What we collect', text: 'Your email, when you sign up.', body: [] },
          },
          {
            type: 'blok',
            component: 'short_text',
            uid: 'keep',
            props: { headline: 'How long we keep it', text: 'Until you unsubscribe.', body: [] },
          },
          // A block the server refused renders nothing for visitors.
          { type: 'blok', component: 'short_text', uid: 'bad', props: {}, error: 'invalid props' },
        ],
      }),
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
  const main = screen.getByRole('main');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(within(main).getByText('What privacy means here.')).toBeTruthy();
  const crumbs = within(main).getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  expect(
    within(main)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent),
  ).toEqual(['What we collect', 'How long we keep it']);
  expect(within(main).getByText('Until you unsubscribe.')).toBeTruthy();
  expect(main.querySelector('.block-notice')).toBeNull();
});

test('an editorial page without blocks shows its header alone', async () => {
  renderApp('/p/about', { page: { page: page('about', { title: 'About Roundhouse', body: [] }) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'About Roundhouse' })).toBeTruthy();
  expect(screen.getByRole('main').querySelector('.editorial-page__body')).toBeNull();
});

test('index pages list all authors, categories and topics', async () => {
  renderApp('/author', { authors: { authors: [author('sam-jones'), author('ana-ruiz')] } });
  expect(await screen.findByRole('link', { name: 'Ana Ruiz' })).toBeTruthy();
});

test('categories and topics indexes link every entry', async () => {
  const first = renderApp('/c', { categories: { categories: [category('training'), category('wellness')] } });
  await screen.findByRole('heading', { level: 1, name: 'Categories' });
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Wellness' }).getAttribute('href')).toBe(
    '/c/wellness',
  );
  first.unmount();
  renderApp('/t', { topics: { topics: [topic('footwork'), topic('sleep', { category: null })] } });
  expect((await screen.findByRole('link', { name: 'Sleep' })).getAttribute('href')).toBe('/t/sleep');
  expect(screen.getByRole('heading', { level: 2, name: 'More topics' })).toBeTruthy();
});
