// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { article, articleCard, category, paginated, rootData, site } from './factories';
import { renderApp } from './render-app';

const meta = (selector: string) => document.head.querySelectorAll(selector);

test('the home page uses the default title and description', async () => {
  renderApp('/', { home: { page: null, articles: paginated([articleCard('a')]) } });
  await screen.findByRole('heading', { name: 'Latest stories' });
  expect(document.title).toBe('Roundhouse: home boxing and kickboxing');
  expect(meta('title')).toHaveLength(1);
  expect(meta('meta[name="description"]')).toHaveLength(1);
  expect(meta('meta[name="description"]')[0]?.getAttribute('content')).toBe(
    'Workouts, technique and gear for home boxing.',
  );
  expect(meta('link[rel="canonical"]')[0]?.getAttribute('href')).toBe('https://roundhouse.example/');
  expect(meta('meta[name="robots"]')).toHaveLength(0);
});

test('an article uses its own title and description, suffixed with the site name', async () => {
  renderApp('/training/the-perfect-jab', { article: { article: article(), related: [] } });
  await screen.findByRole('heading', { level: 1, name: 'The perfect jab' });
  expect(document.title).toBe('The perfect jab | Roundhouse');
  expect(meta('meta[name="description"]')[0]?.getAttribute('content')).toBe('Your most important punch.');
  expect(meta('meta[property="og:title"]')[0]?.getAttribute('content')).toBe('The perfect jab | Roundhouse');
  expect(meta('link[rel="canonical"]')[0]?.getAttribute('href')).toBe(
    'https://roundhouse.example/training/the-perfect-jab',
  );
});

test('meta title and description from the CMS win over the story name', async () => {
  renderApp('/training/the-perfect-jab', {
    article: {
      article: article('the-perfect-jab', { meta: { title: 'Jab like a pro', description: 'Five drills.' } }),
      related: [],
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'The perfect jab' });
  expect(document.title).toBe('Jab like a pro | Roundhouse');
  expect(meta('meta[name="description"]')[0]?.getAttribute('content')).toBe('Five drills.');
});

test('an empty description falls back to the site default; pagination is part of the canonical URL', async () => {
  renderApp('/training?page=2&utm_source=x', {
    listing: {
      category: category('training', { description: '' }),
      articles: paginated([articleCard('a')], { page: 2, total: 30 }),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(document.title).toBe('Training – Page 2 | Roundhouse');
  expect(meta('meta[name="description"]')[0]?.getAttribute('content')).toBe(
    'Workouts, technique and gear for home boxing.',
  );
  expect(meta('link[rel="canonical"]')[0]?.getAttribute('href')).toBe(
    'https://roundhouse.example/training?page=2',
  );
});

test('draft (preview) pages are noindex', async () => {
  renderApp('/', {
    root: rootData({ site: site({ draft: true }) }),
    home: { page: null, articles: paginated([articleCard('a')]) },
  });
  await screen.findByRole('heading', { name: 'Latest stories' });
  expect(meta('meta[name="robots"]')[0]?.getAttribute('content')).toBe('noindex');
});

test('a CMS title that already carries the site name is not suffixed twice', async () => {
  renderApp('/training', {
    listing: {
      category: category('training', {
        meta: { title: 'Home boxing training | Roundhouse', description: null },
      }),
      articles: paginated([articleCard('a')]),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Training' });
  expect(document.title).toBe('Home boxing training | Roundhouse');
});
