/**
 * Product blocks get their product at render time; a failing or slow store never breaks or holds
 * the page, and an unknown handle is an editor's error, not a visitor's.
 */
import { expect, test } from 'vitest';
import type { Block } from '../../../src/content/types';
import { resolveProductBlocks } from '../../../src/blocks/products.server';
import { scanBlocks } from '../../../src/blocks/walk';
import { publicCacheHeaders } from '../../../src/server/cache-headers';
import type { Product } from '../../../src/store/types';

const product = {
  id: 'gid://shopify/Product/1',
  handle: 'pro-boxing-gloves',
  title: 'Pro Boxing Gloves',
} as Product;
const blok = (uid: string, handle: string): Block =>
  ({ type: 'blok', component: 'product', uid, props: { handle, rating: 5 } }) as Block;
const body: Block[] = [
  { type: 'paragraph', children: [] } as unknown as Block,
  blok('p1', 'pro-boxing-gloves'),
  // Nested in a tab, and a second block for the same product: one lookup per handle.
  {
    type: 'blok',
    component: 'tabs',
    uid: 't1',
    props: {
      tabs: [
        {
          component: 'tab',
          uid: 'tab1',
          props: {
            name: 'Gear',
            body: [{ component: 'product', uid: 'p2', props: { handle: 'pro-boxing-gloves' } }],
          },
        },
      ],
    },
  } as unknown as Block,
  blok('p3', 'no-such-thing'),
];

test('found products are attached; an unknown handle marks its block in error; one lookup per handle', async () => {
  const asked: string[] = [];
  const logs: string[] = [];
  const store = {
    product: async (handle: string) => (asked.push(handle), handle === 'pro-boxing-gloves' ? product : null),
  };
  const resolved = await resolveProductBlocks(body, store, (l) => logs.push(l));
  expect(asked.sort()).toEqual(['no-such-thing', 'pro-boxing-gloves']);
  expect(resolved[1]).toMatchObject({ props: { handle: 'pro-boxing-gloves', item: product } });
  expect(JSON.stringify(resolved[2])).toContain('"item":{"id":"gid://shopify/Product/1"');
  expect(resolved[3]).toMatchObject({ props: {}, error: 'no product with the handle "no-such-thing"' });
  expect(logs).toEqual([expect.stringContaining('no-such-thing')]);
  expect(scanBlocks(resolved).unavailableProducts).toBe(0);
});

test('a failing store: the blocks say unavailable (item null), the page still renders, and is cached briefly', async () => {
  const store = { product: async () => Promise.reject(new Error('502 from the store')) };
  const resolved = await resolveProductBlocks([blok('p1', 'pro-boxing-gloves')], store, () => {});
  expect(resolved[0]).toMatchObject({ props: { item: null } });
  expect(scanBlocks(resolved).unavailableProducts).toBe(1);
  const headers = publicCacheHeaders(200, ['root', 'article'], { article: { article: { body: resolved } } });
  expect(headers['Netlify-CDN-Cache-Control']).toContain('s-maxage=60,');
  expect(headers['Netlify-Cache-Tag']?.split(',')).toContain('products');
});

test('a slow store is not waited for past the budget', async () => {
  const store = {
    product: () => new Promise<Product>((resolve) => setTimeout(() => resolve(product), 5_000)),
  };
  const started = Date.now();
  const resolved = await resolveProductBlocks([blok('p1', 'pro-boxing-gloves')], store, () => {}, 50);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(resolved[0]).toMatchObject({ props: { item: null } });
});

test('no store configured: blocks render as unavailable; pages without product blocks are untouched', async () => {
  expect((await resolveProductBlocks([blok('p1', 'x')], null, () => {}))[0]).toMatchObject({
    props: { item: null },
  });
  const plain = [{ type: 'paragraph', children: [] } as unknown as Block];
  expect(await resolveProductBlocks(plain, null)).toBe(plain);
  expect(scanBlocks(plain).productBlocks).toBe(0);
  const headers = publicCacheHeaders(200, ['root', 'article'], { article: { article: { body: plain } } });
  expect(headers['Netlify-CDN-Cache-Control']).toContain('s-maxage=300,');
  expect(headers['Netlify-Cache-Tag']?.split(',')).not.toContain('products');
});

test('the product cache: one store request per handle within the minute, shared by concurrent renders; failures are not kept', async () => {
  const { cachedProductSource } = await import('../../../src/blocks/products.server');
  let clock = 0;
  let calls = 0;
  let fail = true;
  const cached = cachedProductSource(
    { product: async () => (calls++, fail ? Promise.reject(new Error('down')) : product) },
    { ttlMs: 60_000, now: () => clock },
  );
  await expect(cached.product('pro-boxing-gloves')).rejects.toThrow('down');
  fail = false;
  const [a, b] = await Promise.all([
    cached.product('pro-boxing-gloves'),
    cached.product('pro-boxing-gloves'),
  ]);
  expect([a, b]).toEqual([product, product]);
  expect(calls).toBe(2); // the failure, then one shared request
  clock += 59_000;
  await cached.product('pro-boxing-gloves');
  expect(calls).toBe(2);
  clock += 2_000;
  await cached.product('pro-boxing-gloves');
  expect(calls).toBe(3);
});
