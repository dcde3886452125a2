// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { SnackBar } from '../../../../src/widgets/snack-bar/index.tsx';

afterEach(cleanup);

test('is open by default, as a labelled region with its call to action', () => {
  render(<SnackBar text="Free gloves with every annual plan." ctaText="Get the deal" ctaLink="/deals" />);
  const region = screen.getByRole('region', { name: 'Announcement' });
  expect(region.textContent).toContain('Free gloves with every annual plan.');
  expect(screen.getByRole('link', { name: 'Get the deal' }).getAttribute('href')).toBe('/deals');
});

test('closes from its labelled close button and stays closed', () => {
  const onClose = vi.fn();
  const { rerender } = render(<SnackBar text="Hello" onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
  expect(screen.queryByRole('region')).toBeNull();
  expect(onClose).toHaveBeenCalledTimes(1);
  rerender(<SnackBar text="Hello" onClose={onClose} />);
  expect(screen.queryByRole('region')).toBeNull();
});

test('no link without both call-to-action text and link', () => {
  render(<SnackBar text="Hello" ctaText="Go" />);
  expect(screen.queryByRole('link')).toBeNull();
});
