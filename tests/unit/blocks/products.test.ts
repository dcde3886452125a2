/**
 * Product blocks get their product from the store; a failing or slow store never breaks or holds
 * the page (its HTML streams before the lookups settle), and an unknown handle is an editor's
 * error, not a visitor's.
 */
import { expect, test, vi } from 'vitest';
import type { Block } from '../../../src/content/types';
import {
  attachProducts,
  cachedProductSource,
  lookupProducts,
  resolveProductBlocks,
} from '../../../src/blocks/products.server';
import { scanBlocks } from '../../../src/blocks/walk';
import { publicCacheHeaders, withProductsOutcome } from '../../../src/server/cache-headers';
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
});

test('a failing store: the blocks say unavailable (item null), the page still renders, and is cached briefly', async () => {
  const store = { product: async () => Promise.reject(new Error('502 from the store')) };
  const resolved = await resolveProductBlocks([blok('p1', 'pro-boxing-gloves')], store, () => {});
  expect(resolved[0]).toMatchObject({ props: { item: null } });
  const page = publicCacheHeaders(200, ['root', 'article'], { article: { article: { body: resolved } } });
  const headers = withProductsOutcome(page, 'unavailable');
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

test('a page streams before its products: each lookup settles on its own, and the outcome says how far they are', async () => {
  let answer: (p: Product) => void = () => {};
  const store = {
    product: (handle: string) =>
      handle === 'pro-boxing-gloves'
        ? new Promise<Product>((resolve) => (answer = resolve))
        : Promise.resolve(null),
  };
  const lookups = lookupProducts(
    ['pro-boxing-gloves', 'no-such-thing', 'pro-boxing-gloves'],
    store,
    () => {},
  );
  // One promise per handle, however often a block asks.
  expect(lookups.found('pro-boxing-gloves')).toBe(lookups.found('pro-boxing-gloves'));
  expect(await lookups.found('no-such-thing')).toEqual({ state: 'missing' });
  expect(lookups.outcome()).toBe('pending');
  answer(product);
  expect(await lookups.found('pro-boxing-gloves')).toEqual({ state: 'found', product });
  expect(lookups.outcome()).toBe('fresh');
  const all = await lookups.all();
  expect([...all.keys()].sort()).toEqual(['no-such-thing', 'pro-boxing-gloves']);
  // The payload of a client navigation gets the same answers attached (the unknown handle in error).
  expect(attachProducts(body, all)[3]).toMatchObject({ error: 'no product with the handle "no-such-thing"' });
});

test('the budget bounds a streamed lookup too: a store slower than it is "unavailable", and the page is kept briefly', async () => {
  const store = { product: () => new Promise<Product>(() => {}) };
  const lookups = lookupProducts(['pro-boxing-gloves'], store, () => {}, 20);
  expect(await lookups.found('pro-boxing-gloves')).toEqual({ state: 'unavailable' });
  expect(lookups.outcome()).toBe('unavailable');
  const page = publicCacheHeaders(200, ['root', 'article'], { article: { article: { body } } });
  expect(withProductsOutcome(page, 'unavailable')['Netlify-CDN-Cache-Control']).toBe(
    'public, s-maxage=60, stale-while-revalidate=60',
  );
  expect(withProductsOutcome(page, 'pending')['Netlify-CDN-Cache-Control']).toBe(
    'public, s-maxage=30, stale-while-revalidate=30',
  );
  expect(withProductsOutcome(page, 'fresh')).toBe(page);
  // Private answers (drafts) stay private whatever the store did.
  const draft = { 'Cache-Control': 'private, no-store' };
  expect(withProductsOutcome(draft, 'unavailable')).toBe(draft);
});

test('with the store failing, the product it gave last is shown (stale, re-checked soon) rather than "unavailable"', async () => {
  let clock = 0;
  let down = false;
  const cached = cachedProductSource(
    { product: async () => (down ? Promise.reject(new Error('503 from the store')) : product) },
    { ttlMs: 60_000, now: () => clock },
  );
  expect(await lookupProducts(['pro-boxing-gloves'], cached, () => {}).all()).toEqual(
    new Map([['pro-boxing-gloves', { state: 'found', product }]]),
  );
  clock += 61_000;
  down = true;
  const lookups = lookupProducts(['pro-boxing-gloves', 'never-seen'], cached, () => {});
  expect(await lookups.found('pro-boxing-gloves')).toEqual({ state: 'found', product, stale: true });
  expect(await lookups.found('never-seen')).toEqual({ state: 'unavailable' });
  expect(lookups.outcome()).toBe('unavailable');
  const stale = lookupProducts(['pro-boxing-gloves'], cached, () => {});
  await stale.all();
  expect(stale.outcome()).toBe('stale');
});

test('a page without product blocks asks the store nothing and starts no timer: its outcome is fresh at once', async () => {
  vi.useFakeTimers();
  try {
    const store = { product: vi.fn(async () => product) };
    const lookups = lookupProducts([], store, () => {});
    expect(vi.getTimerCount()).toBe(0);
    expect(lookups.outcome()).toBe('fresh');
    expect(await lookups.all()).toEqual(new Map());
    expect(await lookups.found('pro-boxing-gloves')).toEqual({ state: 'unavailable' });
    expect(store.product).not.toHaveBeenCalled();
    // With a handle, the budget's timer runs until the lookups settle.
    const one = lookupProducts(['pro-boxing-gloves'], store, () => {});
    expect(vi.getTimerCount()).toBe(1);
    await one.all();
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
