// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { data } from 'react-router';
import { ErrorPageBoundary, ErrorPageFailure } from '../../../src/app/layout/error-layout';
import { renderApp } from './render-app';

afterEach(() => vi.restoreAllMocks());

test('an unknown URL shows the 404 page in the error layout', async () => {
  renderApp('/no/such/page/here');
  expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be found' })).toBeTruthy();
  expect(document.title).toBe('This page could not be found | Roundhouse');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'Home' })[0]?.getAttribute('href')).toBe('/');
  expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
});

test('a loader that throws a 404 response shows the 404 page', async () => {
  renderApp('/author/nobody', {
    author: () => {
      throw data(null, { status: 404 });
    },
  });
  expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
});

test('other error responses show their status and message', async () => {
  renderApp('/t/footwork', {
    topic: () => {
      throw data({ message: 'The content service is unavailable' }, { status: 502 });
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByText('502')).toBeTruthy();
  expect(screen.getByText('The content service is unavailable')).toBeTruthy();
  expect(document.title).toBe('Error 502 | Roundhouse');
});

test('a thrown Error shows status 500 and a generic message, never its own message or stack', async () => {
  renderApp('/t/footwork', {
    topic: () => {
      throw new Error('secret internals at line 42');
    },
  });
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByText('500')).toBeTruthy();
  expect(document.body.textContent).not.toContain('secret internals');
  expect(screen.getByText(/Please try again/)).toBeTruthy();
});

test('the error layout renders even when root data is missing, under the configured site name', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderApp(
    '/',
    {
      root: () => {
        throw new Error('layout story missing');
      },
    },
    'Acme Boxing',
  );
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Acme Boxing home' })).toBeTruthy();
});

function Broken(): never {
  throw new Error('the error page broke');
}

test('when the error page itself fails, the failure page shows with a link home', () => {
  // React reports errors caught by a boundary through console.error.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorPageBoundary>
      <Broken />
    </ErrorPageBoundary>,
  );
  expect(
    screen.getByRole('heading', { name: 'An error occurred while showing the error page' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
});

test('ErrorPageFailure renders outside any router', () => {
  render(<ErrorPageFailure />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
    'An error occurred while showing the error page',
  );
  expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
});
