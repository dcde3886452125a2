// @vitest-environment jsdom
/**
 * The head tags pages keep current in the browser (components/seo.tsx, rendered on the server
 * through the same component): rel=prev/next on paginated listings, the canonical URL, X's title
 * and description, and noindex without a canonical on drafts. The social card is the server's
 * (tests/unit/server/structured-data.test.ts, social-card.test.ts).
 */
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { article, articleCard, author, category, paginated, rootData, site } from './factories';
import { renderApp } from './render-app';

const meta = (key: string) =>
  [...document.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) =>
    m.getAttribute('content'),
  );
const links = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));

const ORIGIN = 'https://roundhouse.example';
const listing = (page: number, total = 60) => ({
  listing: { category: category('training'), articles: paginated([articleCard('a')], { page, total }) },
});

test('the first page of a listing links the next one', async () => {
  renderApp('/training', listing(1));
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(links('canonical')).toEqual([`${ORIGIN}/training`]);
  expect(links('prev')).toEqual([]);
  expect(links('next')).toEqual([`${ORIGIN}/training?page=2`]);
});

test('a middle page links both neighbours; page 2 goes back to the bare path', async () => {
  renderApp('/training?page=2&utm_source=news', listing(2));
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(links('canonical')).toEqual([`${ORIGIN}/training?page=2`]);
  expect(links('prev')).toEqual([`${ORIGIN}/training`]);
  expect(links('next')).toEqual([`${ORIGIN}/training?page=3`]);
});

test('the last page links the previous one only; a single page links none', async () => {
  renderApp('/training?page=3', listing(3));
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(links('prev')).toEqual([`${ORIGIN}/training?page=2`]);
  expect(links('next')).toEqual([]);
});

test('a listing that fits one page has no prev or next', async () => {
  renderApp('/training', listing(1, 3));
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(links('prev')).toEqual([]);
  expect(links('next')).toEqual([]);
});

test("an author's stories paginate like a listing", async () => {
  renderApp('/author/sam-jones?page=2', {
    author: {
      author: author('sam-jones'),
      articles: paginated([articleCard('a')], { page: 2, total: 30 }),
    },
  });
  await screen.findByRole('heading', { level: 1 });
  expect(links('prev')).toEqual([`${ORIGIN}/author/sam-jones`]);
  expect(links('next')).toEqual([]);
});

test("an article has no pagination links; X's title and description are the page's", async () => {
  renderApp('/training/the-perfect-jab', { article: { article: article(), related: [] } });
  await screen.findByRole('heading', { level: 1, name: 'The perfect jab' });
  expect(links('prev')).toEqual([]);
  expect(links('next')).toEqual([]);
  expect(meta('twitter:title')).toEqual(['The perfect jab | Roundhouse']);
  expect(meta('twitter:description')).toEqual(['Your most important punch.']);
  expect(meta('og:url')).toEqual([`${ORIGIN}/training/the-perfect-jab`]);
});

test('a preview (draft) page is noindex and names no canonical URL or neighbours', async () => {
  renderApp('/', {
    root: rootData({ site: site({ draft: true }) }),
    home: { page: null, articles: paginated([articleCard('a')], { total: 60 }) },
  });
  await screen.findByRole('heading', { name: 'Latest stories' });
  expect(meta('robots')).toEqual(['noindex']);
  expect(links('canonical')).toEqual([]);
  expect(meta('og:url')).toEqual([]);
  expect(links('next')).toEqual([]);
});
