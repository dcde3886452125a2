/**
 * Dates as the site writes them: the hand-written long date (src/app/format.ts) against the Intl
 * formatter it replaced, which stays the reference here.
 */
import { expect, test } from 'vitest';
import { formatDate, pageTitle } from '../../../src/app/format';

const intl = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

test('every day of 1999 to 2031 reads as Intl writes it: leap days, month ends, UTC midnight', () => {
  const DAY = 86_400_000;
  for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2032, 0, 1); time += DAY) {
    for (const at of [time, time + DAY - 1]) {
      const iso = new Date(at).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(at));
    }
  }
});

test('any instant of the Date range reads as Intl writes it, years before 1 AD included', () => {
  // A fixed sequence (xorshift), so a failure names the same instant on every run.
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const LIMIT = 8.64e15;
  const instants = [-LIMIT, LIMIT, Date.parse('0000-01-01T00:00:00Z'), Date.parse('-000001-06-01T00:00:00Z')];
  for (let i = 0; i < 5000; i++) instants.push(Math.round((next() * 2 - 1) * LIMIT));
  for (const at of instants) {
    const iso = new Date(at).toISOString();
    expect(formatDate(iso), iso).toBe(intl.format(at));
  }
});

test('a date as an editor sees it, in UTC whatever the offset it was written with', () => {
  expect(formatDate('2025-03-04T09:00:00.000Z')).toBe('March 4, 2025');
  expect(formatDate('2025-03-04T23:30:00-02:00')).toBe('March 5, 2025');
  expect(formatDate('2024-02-29')).toBe('February 29, 2024');
});

test('no date, or one that is not a date, gives null', () => {
  expect(formatDate(null)).toBeNull();
  expect(formatDate(undefined)).toBeNull();
  expect(formatDate('')).toBeNull();
  expect(formatDate('soon')).toBeNull();
  expect(formatDate('2025-13-45')).toBeNull();
});

test('a paginated title names pages after the first', () => {
  expect(pageTitle('Training', 1)).toBe('Training');
  expect(pageTitle('Training', 2)).toBe('Training – Page 2');
});
