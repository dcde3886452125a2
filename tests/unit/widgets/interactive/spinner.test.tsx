// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Spinner, SPINNER_DEFAULT_MESSAGE } from '../../../../src/widgets/spinner/index.tsx';

beforeEach(() => {
  document.body.style.overflow = 'scroll';
  document.body.style.paddingRight = '';
});
afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
  Reflect.deleteProperty(document.documentElement, 'clientWidth');
});

test('shows a status with the default message', () => {
  render(<Spinner />);
  expect(SPINNER_DEFAULT_MESSAGE).toBe('Processing...');
  expect(screen.getByRole('status').textContent).toBe('Processing...');
});

test('shows a custom message', () => {
  render(<Spinner message="Saving your plan" />);
  expect(screen.getByRole('status').textContent).toBe('Saving your plan');
});

test('locks page scrolling while active and restores the previous value when it stops', () => {
  const { rerender } = render(<Spinner active />);
  expect(document.body.style.overflow).toBe('hidden');
  rerender(<Spinner active={false} />);
  expect(document.body.style.overflow).toBe('scroll');
  expect(screen.queryByRole('status')).toBeNull();
  rerender(<Spinner active />);
  expect(document.body.style.overflow).toBe('hidden');
});

test('restores scrolling when unmounted', () => {
  const { unmount } = render(<Spinner />);
  expect(document.body.style.overflow).toBe('hidden');
  unmount();
  expect(document.body.style.overflow).toBe('scroll');
});

test('an inactive spinner renders nothing and leaves scrolling alone', () => {
  const { container } = render(<Spinner active={false} />);
  expect(container.innerHTML).toBe('');
  expect(document.body.style.overflow).toBe('scroll');
});

test('keeps the scrollbar width as padding so the page does not shift', () => {
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    value: window.innerWidth - 15,
  });
  const { unmount } = render(<Spinner />);
  expect(document.body.style.paddingRight).toBe('15px');
  unmount();
  expect(document.body.style.paddingRight).toBe('');
});
