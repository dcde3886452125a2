/**
 * The server's walks over a page's data keep what a settled part holds with that part: the same
 * answers as walking the whole data, in the same order, with an unchanged article walked once.
 */
import { expect, test } from 'vitest';
import { pageBlocksBeforeHydration, scanPage } from '../../../src/blocks/page-scan.server';
import { blocksBeforeHydration, scanBlocks, emptyScan } from '../../../src/blocks/walk';
import { settle } from '../../../src/content/settled';

const block = (component: string, uid: string, props: Record<string, unknown> = {}) => ({
  type: 'blok',
  component,
  uid,
  props,
});

/** An article as the content layer hands it out: settled, a body whose first node is above the fold. */
function settledArticle(uuid: string) {
  return settle({
    uuid,
    author: { uuid: `${uuid}-author` },
    body: [
      block('carousel', `${uuid}-c`),
      { type: 'paragraph', children: [] },
      block('product', `${uuid}-p`, { handle: 'gloves' }),
      block('tabs', `${uuid}-t`, {
        tabs: [{ component: 'tab', uid: 't1', props: { body: [block('video', 'v')] } }],
      }),
    ],
  });
}

function pageData(draft = false) {
  const layout = settle({ uuid: 'layout', announcement: block('button', 'announce') });
  const categories = [settle({ uuid: 'cat-1', name: 'Training' }), settle({ uuid: 'cat-2', name: 'Gear' })];
  return {
    root: { site: { name: 'Roundhouse', draft }, layout, categories },
    article: {
      article: settledArticle('story-1'),
      related: [settle({ uuid: 'story-2' }), { uuid: 'story-3' }],
      promo: block('product', 'promo', { handle: 'wraps' }),
      // A content body of the request's own, whose second node waits for its position.
      body: [
        { type: 'paragraph', children: [] },
        block('carousel', 'late', { slides: [block('video', 'v2')] }),
      ],
    },
  };
}

/** walk.ts over the whole data, route by route from the leaf up: what the kept walks must equal. */
function wholeScan(loaderData: Record<string, unknown>, routeIds: string[]) {
  const scan = emptyScan();
  for (const id of [...routeIds].reverse()) scanBlocks(loaderData[id], scan);
  return scan;
}

const asLists = (scan: ReturnType<typeof emptyScan>) => ({
  names: [...scan.names],
  productHandles: [...scan.productHandles],
  productBlocks: scan.productBlocks,
  uuids: [...scan.uuids],
});

test('a page’s scan and its blocks before hydration are those of walking all of it, in order', () => {
  const data = pageData();
  const routes = ['root', 'article'];
  for (let i = 0; i < 2; i++) {
    // The second time the settled parts' walks are the kept ones.
    expect(asLists(scanPage(data, routes))).toEqual(asLists(wholeScan(data, routes)));
    expect([...pageBlocksBeforeHydration(data)]).toEqual([...blocksBeforeHydration(data)]);
  }
  expect([...scanPage(data, routes).uuids].slice(0, 3)).toEqual(['story-1', 'story-1-author', 'story-2']);
  // Below the fold: the product and the tabs (with the video in them) wait; the carousel and the
  // blocks outside any body do not.
  expect([...pageBlocksBeforeHydration(data)].sort()).toEqual(['button', 'carousel', 'product']);
  const draft = pageData(true);
  expect([...pageBlocksBeforeHydration(draft)]).toEqual([...blocksBeforeHydration(draft)]);
  expect(pageBlocksBeforeHydration(draft)).toContain('video');
});

test('a settled article is walked once for all requests; the request’s own parts every time', () => {
  let articleReads = 0;
  let relatedReads = 0;
  const article = settledArticle('story-9');
  const body = article.body;
  Object.defineProperty(article, 'body', {
    enumerable: true,
    get: () => {
      articleReads += 1;
      return body;
    },
  });
  const request = () => ({
    root: { site: { name: 'Roundhouse', draft: false } },
    article: {
      article,
      get related() {
        relatedReads += 1;
        return [{ uuid: 'story-10' }];
      },
    },
  });
  for (let i = 0; i < 3; i++) {
    const data = request();
    expect([...scanPage(data, ['root', 'article']).productHandles]).toEqual(['gloves']);
    expect([...pageBlocksBeforeHydration(data)]).toEqual(['carousel']);
  }
  expect(articleReads).toBe(2); // once for the scan, once for the eager blocks
  expect(relatedReads).toBe(6);
});
