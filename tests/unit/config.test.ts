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
