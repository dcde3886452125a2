// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { SiteLink } from '../../../../src/widgets/button/site-link';

afterEach(cleanup);

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SiteLink to="/training?page=2#top">All training</SiteLink> },
      { path: '/training', element: <h1>Training</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

test('a site link is a plain <a href> that navigates in the app on a plain click', async () => {
  const router = setup();
  const link = screen.getByRole('link', { name: 'All training' });
  expect(link.getAttribute('href')).toBe('/training?page=2#top');
  expect(link.hasAttribute('data-discover')).toBe(false);
  fireEvent.click(link, { button: 0 });
  expect(await screen.findByRole('heading', { name: 'Training' })).toBeTruthy();
  expect(router.state.location).toMatchObject({ pathname: '/training', search: '?page=2', hash: '#top' });
});

test('a modified click (new tab, new window) is left to the browser', () => {
  const router = setup();
  const link = screen.getByRole('link', { name: 'All training' });
  for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey']) {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [modifier]: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  }
  expect(router.state.location.pathname).toBe('/');
});
