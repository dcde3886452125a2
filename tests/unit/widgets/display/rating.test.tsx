// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Rating, isValidRating } from '../../../../src/widgets/rating/index';
import './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

test.each([1, 4, 5])('%i filled stars render as one image named "N out of 5 stars"', (filled) => {
  render(<Rating filled={filled} />);
  const img = screen.getByRole('img', { name: `${filled} out of 5 stars` });
  expect(img.querySelectorAll('svg')).toHaveLength(5);
  expect(img.querySelectorAll('.ui-rating__star--on')).toHaveLength(filled);
});

test.each([0, 6, 2.5, -1, Number.NaN])('filled=%s renders nothing and warns once', (filled) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { container, rerender } = render(<Rating filled={filled} />);
  expect(container.innerHTML).toBe('');
  rerender(<Rating filled={filled} label="again" />);
  expect(warn).toHaveBeenCalledOnce();
  expect(String(warn.mock.calls[0]?.[0])).toContain('Rating');
});

test('a valid rating does not warn, and shows its caption', () => {
  const warn = vi.spyOn(console, 'warn');
  render(<Rating filled={4} label="Rated by 2,000 members" />);
  expect(screen.getByText('Rated by 2,000 members')).toBeTruthy();
  expect(warn).not.toHaveBeenCalled();
});

test('isValidRating', () => {
  expect([0, 1, 2, 3, 4, 5, 6, 2.5].map(isValidRating)).toEqual([
    false,
    true,
    true,
    true,
    true,
    true,
    false,
    false,
  ]);
});
