/** The pure pieces: document sizes within the protocol's limits, and the date formats. */
import { expect, test } from 'vitest';
import { rfc822 } from '../../../../src/server/discovery/feed';
import { documentSize } from '../../../../src/server/discovery/index';
import {
  MAX_SITEMAP_BYTES,
  maxEntryBytes,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlsPerDocument,
  w3cDatetime,
} from '../../../../src/server/discovery/sitemap';

test('a document never holds more than 50,000 URLs, nor more than 50 MB of the longest entries', () => {
  expect(urlsPerDocument(50_000, 'https://www.example.com')).toBe(50_000);
  expect(urlsPerDocument(80_000, 'https://www.example.com')).toBe(50_000);
  const longOrigin = `https://example.com/${'b'.repeat(3000)}`;
  const size = urlsPerDocument(50_000, longOrigin);
  expect(size).toBeLessThan(50_000);
  const worst = URLSET_OPEN.length + URLSET_CLOSE.length + size * maxEntryBytes(longOrigin);
  expect(worst).toBeLessThanOrEqual(MAX_SITEMAP_BYTES);
});

test('shards above one content page are whole pages of 100, small ones any size', () => {
  expect(documentSize(1_000, 'https://example.test')).toBe(1_000);
  expect(documentSize(250, 'https://example.test')).toBe(200);
  expect(documentSize(3, 'https://example.test')).toBe(3);
  expect(documentSize(0, 'https://example.test')).toBe(1);
  expect(documentSize(50_000, 'https://example.test')).toBe(50_000);
});

test('lastmod is a W3C datetime to the second in UTC; pubDate is RFC 822', () => {
  expect(w3cDatetime('2026-01-10T10:00:00.000Z')).toBe('2026-01-10T10:00:00Z');
  expect(w3cDatetime('2026-01-10T12:00:00+02:00')).toBe('2026-01-10T10:00:00Z');
  expect(w3cDatetime('not a date')).toBeNull();
  expect(w3cDatetime(null)).toBeNull();
  expect(rfc822('2026-11-25T14:38:40.123Z')).toBe('Wed, 25 Nov 2026 14:38:40 GMT');
  expect(rfc822('')).toBeNull();
});
