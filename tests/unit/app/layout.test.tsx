// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { announcement, articleCard, category, layout, paginated, rootData, site } from './factories';
import { renderApp } from './render-app';

const home = { page: null, articles: paginated([articleCard('a'), articleCard('b')]) };

async function renderHome(overrides: Parameters<typeof rootData>[0] = {}) {
  const result = renderApp('/', { root: rootData(overrides), home });
  await screen.findByRole('heading', { name: 'Latest stories' });
  return result;
}

test('a category dropdown opens on click, lists its topics and both category links, and closes again', async () => {
  await renderHome({ categories: [category('training')] });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const button = within(nav).getByRole('button', { name: 'Training' });
  expect(button.getAttribute('type')).toBe('button');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(panel?.hidden).toBe(true);

  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(panel?.hidden).toBe(false);
  const links = within(panel!)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Training Basics', '/t/training-basics'],
    ['Training Drills', '/t/training-drills'],
    ['All Training', '/training'],
    ['Training hub', '/c/training'],
  ]);

  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('false');
});

test('Escape closes an open dropdown and returns focus to its button', async () => {
  await renderHome();
  const button = screen.getByRole('button', { name: 'Training' });
  fireEvent.click(button);
  const firstTopic = screen.getByRole('link', { name: 'Training Basics' });
  firstTopic.focus();
  fireEvent.keyDown(firstTopic, { key: 'Escape' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(button);
});

test('ArrowDown on a dropdown button opens it and focuses the first topic', async () => {
  await renderHome();
  const button = screen.getByRole('button', { name: 'Training' });
  button.focus();
  fireEvent.keyDown(button, { key: 'ArrowDown' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Training Basics' }));
});

test('focus leaving a dropdown closes it, and only one dropdown is open at a time', async () => {
  await renderHome();
  const training = screen.getByRole('button', { name: 'Training' });
  const wellness = screen.getByRole('button', { name: 'Wellness' });
  fireEvent.click(training);
  fireEvent.click(wellness);
  expect(training.getAttribute('aria-expanded')).toBe('false');
  expect(wellness.getAttribute('aria-expanded')).toBe('true');

  fireEvent.blur(wellness, { relatedTarget: training });
  expect(wellness.getAttribute('aria-expanded')).toBe('false');
});

test('mouse hover opens a dropdown', async () => {
  await renderHome();
  const button = screen.getByRole('button', { name: 'Training' });
  fireEvent.pointerEnter(button.parentElement!, { pointerType: 'mouse' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
});

test('the mobile menu button opens a full menu, moves focus into it, and Escape closes it', async () => {
  await renderHome();
  const toggle = screen.getByRole('button', { name: 'Menu' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  // The menu's code loads when it is first wanted: nothing of it is in the page before.
  expect(document.querySelector('[role="dialog"]')).toBeNull();
  expect(toggle.hasAttribute('aria-controls')).toBe(false);

  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const menu = await screen.findByRole('dialog', { name: 'Menu' });
  expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
  expect(menu.hidden).toBe(false);
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(true);
  expect(document.querySelector('main')?.hasAttribute('inert')).toBe(true);

  const group = within(menu).getByRole('button', { name: 'Wellness' });
  fireEvent.click(group);
  expect(group.getAttribute('aria-expanded')).toBe('true');
  expect(within(menu).getByRole('link', { name: 'All Wellness' }).getAttribute('href')).toBe('/wellness');

  fireEvent.keyDown(document, { key: 'Escape' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(menu.hidden).toBe(true);
  expect(document.activeElement).toBe(toggle);
  expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(false);
  expect(document.querySelector('main')?.hasAttribute('inert')).toBe(false);
});

test('the announcement banner shows only when active, red by default, with its call to action', async () => {
  const { unmount } = await renderHome({ layout: layout({ announcement: announcement({ active: false }) }) });
  expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
  unmount();

  await renderHome({ layout: layout({ announcement: announcement() }) });
  const banner = screen.getByRole('complementary', { name: 'Announcement' });
  expect(banner.className).toContain('announcement--red');
  expect(banner.textContent).toContain('Summer sale');
  expect(banner.textContent).toContain('30% off all gloves.');
  expect(
    within(banner)
      .getByRole('link', { name: /Shop gear/ })
      .getAttribute('href'),
  ).toBe('/boxing-equipment');
});

test('the announcement banner takes its theme class from the data', async () => {
  await renderHome({ layout: layout({ announcement: announcement({ theme: 'blue', cta: null }) }) });
  const banner = screen.getByRole('complementary', { name: 'Announcement' });
  expect(banner.className).toContain('announcement--blue');
  expect(within(banner).queryByRole('link')).toBeNull();
});

test('the footer has the copyright line from root data, social links with names, and the sitemap link', async () => {
  await renderHome({ site: site({ year: 2026 }) });
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByText('© 2017–2026 Roundhouse')).toBeTruthy();
  expect(within(footer).getByRole('link', { name: 'Roundhouse on Instagram' }).getAttribute('href')).toBe(
    'https://instagram.example/roundhouse',
  );
  expect(within(footer).getByRole('link', { name: 'Roundhouse on YouTube' })).toBeTruthy();
  expect(within(footer).getByRole('link', { name: 'Sitemap' }).getAttribute('href')).toBe('/sitemap');
  expect(within(footer).getByText('Train like a fighter, at home.')).toBeTruthy();
});

test('the footer links the site’s own pages, and its sign-up’s consent line links to the privacy policy', async () => {
  await renderHome();
  const footer = screen.getByRole('contentinfo');
  const pages = within(footer).getByRole('navigation', { name: 'About Roundhouse' });
  expect(within(pages).getByRole('heading', { level: 2, name: 'Roundhouse' })).toBeTruthy();
  const hrefs = within(pages)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
  expect(hrefs).toEqual([
    ['About us', '/p/about'],
    ['Privacy policy', '/p/privacy'],
    ['Terms of use', '/p/terms'],
  ]);
  // The consent line describes the field and names where the privacy policy is, as a real link.
  const field = within(footer).getByRole('textbox', { name: 'Email address' });
  const consent = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(consent?.textContent).toBe(
    'By subscribing you agree to receive our emails. Unsubscribe at any time. See our privacy policy.',
  );
  const link = within(consent as HTMLElement).getByRole('link', { name: 'privacy policy' });
  expect(link.getAttribute('href')).toBe('/p/privacy');
});

test('the layout has a skip link to main and one h1', async () => {
  await renderHome();
  expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
  expect(document.querySelector('main')?.id).toBe('main');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('link', { name: 'Roundhouse home' }).getAttribute('href')).toBe('/');
});
