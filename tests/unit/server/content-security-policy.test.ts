/** Where a page may load images and media from, by configuration; each page's script nonce. */
import { describe, expect, test } from 'vitest';
import { newNonce, pagePolicy, pageSourcesFrom } from '../../../src/server/content-security-policy.ts';

test('every page gets a nonce of its own: 128 random bits, never handed out twice (across pool refills)', () => {
  const nonces = Array.from({ length: 1000 }, newNonce);
  expect(new Set(nonces).size).toBe(1000);
  for (const nonce of nonces) {
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(atob(nonce)).toHaveLength(16);
  }
  // Random bits, not a counter: about half of the 128,000 bits are set.
  let ones = 0;
  for (const nonce of nonces)
    for (const char of atob(nonce)) for (let byte = char.charCodeAt(0); byte; byte >>= 1) ones += byte & 1;
  expect(ones / 128_000).toBeGreaterThan(0.48);
  expect(ones / 128_000).toBeLessThan(0.52);
});

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

test('a page’s policy carries its own nonce and framing; the rest is the same for every page', () => {
  const sources = pageSourcesFrom({ SHOPIFY_STORE_DOMAIN: 'roundhouse.myshopify.com' });
  const first = pagePolicy({ nonce: 'AAAA', sources });
  expect(first).toContain("script-src 'nonce-AAAA' 'strict-dynamic'");
  expect(first).toContain("frame-ancestors 'none'");
  expect(first).toContain("img-src 'self' data: https://cdn.shopify.com");
  expect(pagePolicy({ nonce: 'BBBB', sources })).toBe(first.replace('AAAA', 'BBBB'));
  const framed = pagePolicy({
    nonce: 'CCCC',
    sources,
    frameAncestors: ['https://app.storyblok.com'],
    connect: ['https://app.storyblok.com'],
  });
  expect(framed).toContain("script-src 'nonce-CCCC'");
  expect(framed).toContain('frame-ancestors https://app.storyblok.com');
  expect(framed).toContain("connect-src 'self' https://app.storyblok.com");
  expect(pagePolicy({ nonce: 'DDDD', sources })).toBe(first.replace('AAAA', 'DDDD'));
});
