/** Where a page may load images and media from, by configuration. */
import { describe, expect, test } from 'vitest';
import { pageSourcesFrom } from '../../../src/server/content-security-policy.ts';

describe('page sources', () => {
  test('a real store adds Shopify’s CDN for product images', () => {
    expect(pageSourcesFrom({ SHOPIFY_STORE_DOMAIN: 'roundhouse.myshopify.com' }).img).toEqual([
      'https://cdn.shopify.com',
    ]);
  });

  test('the local store stand-in adds its own origin, so a page opened at localhost shows its images', () => {
    const sources = pageSourcesFrom({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:8888/_local/shopify' });
    expect(sources.img).toEqual(['http://127.0.0.1:8888']);
  });

  test('no store, no store source; Storyblok’s regional asset host when a real space is configured', () => {
    expect(pageSourcesFrom({}).img).toEqual([]);
    expect(
      pageSourcesFrom({ STORYBLOK_TOKEN: 't', STORYBLOK_REGION: 'us', STORYBLOK_ENDPOINT: undefined }).img,
    ).toEqual(['https://a-us.storyblok.com']);
  });
});
