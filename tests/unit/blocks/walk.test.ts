/**
 * The one-pass walker: one walk over a page's data answers every question the server asks of it
 * (renderers to load, products to fetch, how long to cache, which stories to tag).
 */
import { expect, test } from 'vitest';
import {
  blockNames,
  blocksBeforeHydration,
  eagerBlockNames,
  mapBlocks,
  scanBlocks,
} from '../../../src/blocks/walk';
import { scanPage } from '../../../src/blocks/page-scan.server';
import type { BlockData } from '../../../src/blocks/types';

const product = (uid: string, handle: string, extra: Partial<BlockData> & { item?: unknown } = {}) => {
  const { item, ...rest } = extra;
  return { component: 'product', uid, props: { handle, ...(item !== undefined ? { item } : {}) }, ...rest };
};

const article = {
  uuid: 'story-article',
  author: { uuid: 'story-author', name: 'Dani' },
  body: [
    { type: 'paragraph', children: [] },
    { type: 'blok', component: 'button', uid: 'b1', props: { text: 'Go' } },
    {
      type: 'list',
      items: [[{ type: 'blok', ...product('p1', 'gloves', { item: null }) }]],
    },
    {
      type: 'blok',
      component: 'tabs',
      uid: 't1',
      props: {
        tabs: [
          { component: 'tab', uid: 'tab1', props: { body: [product('p2', 'wraps', { item: { id: 'x' } })] } },
        ],
      },
    },
    { type: 'blok', ...product('p3', 'broken'), error: 'handle: required' },
    { type: 'blok', component: 'mystery', uid: 'm1', props: {} },
  ],
};

test('one scan finds every block name, nested ones and unknown ones included', () => {
  const scan = scanBlocks(article);
  expect([...scan.names].sort()).toEqual(['button', 'mystery', 'product', 'tab', 'tabs']);
});

test('product blocks in error are not fetched or counted', () => {
  const scan = scanBlocks(article);
  expect([...scan.productHandles].sort()).toEqual(['gloves', 'wraps']);
  expect(scan.productBlocks).toBe(2);
  // p1 resolved without a product (the store was down) and p2 with one both count; p3 is in error.
});

test('story uuids are collected once, in the order met, ignoring non-string values', () => {
  expect([...scanBlocks({ ...article, extra: { uuid: 42 }, again: { uuid: 'story-author' } }).uuids]).toEqual(
    ['story-article', 'story-author'],
  );
});

test('a page is scanned from the leaf route up, so its own stories come before the layout', () => {
  const scan = scanPage({ root: { layout: { uuid: 'layout' } }, article: { article } }, ['root', 'article']);
  expect([...scan.uuids][0]).toBe('story-article');
  expect([...scan.uuids].at(-1)).toBe('layout');
  expect(scanPage({}, ['root']).names.size).toBe(0);
});

test('mapBlocks replaces blocks wherever they sit and leaves everything else equal', () => {
  const mapped = mapBlocks(article, (block) =>
    block.component === 'product' ? { ...block, props: { ...block.props, seen: true } } : block,
  );
  expect(scanBlocks(mapped).names).toEqual(scanBlocks(article).names);
  expect(JSON.stringify(mapped).match(/"seen":true/g)).toHaveLength(3);
  expect(mapped.uuid).toBe('story-article');
  expect(article.body[1]).toEqual({ type: 'blok', component: 'button', uid: 'b1', props: { text: 'Go' } });
});

test("the browser's walk gives the same block names as the server's scan", () => {
  expect(blockNames(article)).toEqual(scanBlocks(article).names);
  expect(blockNames({ title: 'No blocks', body: [] }).size).toBe(0);
});

test('blocks past the first screen of a body, with what they hold, are not needed before hydration', () => {
  // Only a body's first node is on the first screen: the button (second node), the list (a
  // product inside), the tabs (a product inside) and the rest come later.
  expect([...eagerBlockNames({ article })]).toEqual([]);
  const page = {
    body: [{ type: 'blok', component: 'carousel', uid: 'c1', props: { slides: [] } }, ...article.body],
  };
  expect([...eagerBlockNames({ page })]).toEqual(['carousel']);
});

test('a draft needs every block before hydration; a published page only the first screen’s', () => {
  const opening = { type: 'blok', component: 'video', uid: 'v1', props: {} };
  const story = { ...article, body: [opening, ...article.body] };
  const published = { root: { site: { draft: false } }, article: { article: story } };
  const draft = { root: { site: { draft: true } }, article: { article: story } };
  expect([...blocksBeforeHydration(published)]).toEqual(['video']);
  expect(blocksBeforeHydration(draft)).toEqual(blockNames(draft));
});
