import { expect, test } from 'vitest';
import { parseConfig } from '../../src/config/env';

test('an empty environment gives the local defaults', () => {
  const config = parseConfig({});
  expect(config.PORT).toBe(8888);
  expect(config.SITE_NAME).toBe('Roundhouse');
  expect(config.STORYBLOK_TOKEN).toBeUndefined();
});

test('a malformed variable is reported by name', () => {
  expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => parseConfig({ STORYBLOK_ENDPOINT: 'not a url' })).toThrow(/STORYBLOK_ENDPOINT/);
  expect(() => parseConfig({ STORYBLOK_REGION: 'mars' })).toThrow(/STORYBLOK_REGION/);
});

test('CART_RATE_LIMIT: 120 a minute by default (also when empty), 0 turns it off, nonsense is refused', () => {
  expect(parseConfig({}).CART_RATE_LIMIT).toBe(120);
  expect(parseConfig({ CART_RATE_LIMIT: '' }).CART_RATE_LIMIT).toBe(120);
  expect(parseConfig({ CART_RATE_LIMIT: ' 500 ' }).CART_RATE_LIMIT).toBe(500);
  expect(parseConfig({ CART_RATE_LIMIT: '0' }).CART_RATE_LIMIT).toBe(0);
  for (const bad of ['-1', 'lots', '1.5', '100001']) {
    expect(() => parseConfig({ CART_RATE_LIMIT: bad })).toThrow(/CART_RATE_LIMIT/);
  }
});

test('STORE_COUNTRY must be a country the Storefront API knows (an unknown one failed every request)', () => {
  expect(parseConfig({}).STORE_COUNTRY).toBe('US');
  expect(parseConfig({ STORE_COUNTRY: ' gb ' }).STORE_COUNTRY).toBe('GB');
  expect(() => parseConfig({ STORE_COUNTRY: 'XX' })).toThrow(/STORE_COUNTRY/);
  expect(() => parseConfig({ STORE_COUNTRY: 'USA' })).toThrow(/STORE_COUNTRY/);
});

test("analytics: no write key by default, Segment's API host, 240 batches a minute (0 turns the limit off)", () => {
  const config = parseConfig({});
  expect(config.SEGMENT_WRITE_KEY).toBeUndefined();
  expect(config.SEGMENT_API_HOST).toBe('https://api.segment.io');
  expect(config.ANALYTICS_RATE_LIMIT).toBe(240);
  expect(parseConfig({ SEGMENT_WRITE_KEY: '  ', SEGMENT_API_HOST: '' }).SEGMENT_WRITE_KEY).toBeUndefined();
  expect(parseConfig({ SEGMENT_API_HOST: 'https://events.eu1.segmentapis.com/' }).SEGMENT_API_HOST).toBe(
    'https://events.eu1.segmentapis.com',
  );
  expect(parseConfig({ ANALYTICS_RATE_LIMIT: '0' }).ANALYTICS_RATE_LIMIT).toBe(0);
  expect(() => parseConfig({ SEGMENT_API_HOST: 'api.segment.io' })).toThrow(/SEGMENT_API_HOST/);
  for (const bad of ['-1', 'many', '2.5']) {
    expect(() => parseConfig({ ANALYTICS_RATE_LIMIT: bad })).toThrow(/ANALYTICS_RATE_LIMIT/);
  }
});
