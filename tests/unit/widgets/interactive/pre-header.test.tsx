// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { PreHeader } from '../../../../src/widgets/pre-header/index.tsx';

afterEach(cleanup);

test('starts expanded; the disclosure button collapses and expands the message', () => {
  render(<PreHeader text="Free shipping over $50" />);
  const toggle = screen.getByRole('button', { name: 'Site notice' });
  const message = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  expect(message.textContent).toBe('Free shipping over $50');
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(message.hidden).toBe(false);

  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(message.hidden).toBe(true);
  expect(screen.getByRole('complementary', { name: 'Site notice' }).className).toContain('is-collapsed');

  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(message.hidden).toBe(false);
});

test('the message can be a link', () => {
  render(<PreHeader text="New: kickboxing basics" link="/training/kickboxing" />);
  expect(screen.getByRole('link', { name: 'New: kickboxing basics' }).getAttribute('href')).toBe(
    '/training/kickboxing',
  );
});
