/**
 * One typed pass over page data (loader data, a payload, a rich-text body): everything the server
 * and the browser need to know about the blocks a page shows, gathered in a single walk instead of
 * one walk per question. A block is recognised by `isBlockData` wherever it sits (page bodies,
 * rich-text `blok` nodes, slides and tabs inside other blocks).
 */
import type { BlockData } from './types.ts';

/** A block anywhere in page data (rich-text `blok` nodes too): a component name, a uid and props. */
export function isBlockData(value: unknown): value is BlockData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { component?: unknown }).component === 'string' &&
    typeof (value as { uid?: unknown }).uid === 'string' &&
    typeof (value as { props?: unknown }).props === 'object'
  );
}

export type BlockScan = {
  /** Component names of every block, nested ones included: the renderer modules to load. */
  names: Set<string>;
  /** Handles of the product blocks that passed validation: what to ask the store for. */
  productHandles: Set<string>;
  /** Product blocks that passed validation (the page can be purged with the store's products). */
  productBlocks: number;
  /** Story uuids (any `uuid` key holding a string), in the order met: the page's cache tags. */
  uuids: Set<string>;
};

export function emptyScan(): BlockScan {
  return {
    names: new Set(),
    productHandles: new Set(),
    productBlocks: 0,
    uuids: new Set(),
  };
}

/** A product block the server validated (one in error renders nothing and needs no product). */
function isLiveProduct(block: BlockData): boolean {
  return block.component === 'product' && !block.error;
}

/** Anything in page data that is a product block the server validated. */
export function isProductBlock(value: unknown): value is BlockData {
  return isBlockData(value) && isLiveProduct(value);
}

function visitBlock(block: BlockData, scan: BlockScan): void {
  scan.names.add(block.component);
  if (!isLiveProduct(block)) return;
  scan.productBlocks += 1;
  const { handle } = block.props;
  if (typeof handle === 'string') scan.productHandles.add(handle);
}

/** What a walk reports: every block (nested ones included) and, when asked, every story uuid. */
export type BlockVisitor = { block(block: BlockData): void; uuid?(uuid: string): void };

/** The one traversal over page data: each block and each `uuid` key holding a string, once, in order. */
export function walkBlocks(value: unknown, visit: BlockVisitor): void {
  if (Array.isArray(value)) {
    for (const item of value) walkBlocks(item, visit);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (isBlockData(value)) visit.block(value);
  // for…in, not Object.entries: the server walks every page's data, and the pairs were garbage.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (key === 'uuid' && typeof child === 'string') visit.uuid?.(child);
    else walkBlocks(child, visit);
  }
}

/** The component names of every block in some data: the renderers the browser loads. */
export function blockNames(value: unknown): Set<string> {
  const names = new Set<string>();
  walkBlocks(value, { block: (block) => names.add(block.component) });
  return names;
}

/**
 * Lazy hydration's "fold", decided from data alone (the server cannot see the viewport): a
 * content body's first top-level node (a page's hero, an article's opening paragraph) is on the
 * first screen; a block after it, nested blocks and all, is deferred: its code loads when the
 * browser is idle or the block comes near the viewport (registry.tsx `DeferredBlock`). Renderers
 * and this walk apply the same rule. Measured on the demo: home's hero carousel fills a phone's
 * first screen (the next block starts at 807 px of 800); an article's body starts below its header
 * and cover (the every-block article's second node, an anchor button, at ~1,100 px on a phone).
 */
export const FIRST_SCREEN_NODES = 1;

/** Whether a block at this top-level position of a content body is deferred (below the fold). */
export function isDeferredPosition(position: number): boolean {
  return position >= FIRST_SCREEN_NODES;
}

/** A rich-text node (`{ type, … }`): an array of them is a content body. */
export function isContentNode(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * The component names of the blocks a page needs before it hydrates: every block except those a
 * renderer defers (at a deferred position of the outermost content body holding them) and the
 * blocks nested in those. Blocks outside any content body count as needed.
 */
export function eagerBlockNames(value: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown, position: number | undefined): void => {
    if (Array.isArray(node)) {
      const body = position === undefined && node.some(isContentNode);
      node.forEach((item: unknown, i) => visit(item, body ? i : position));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (isBlockData(node)) {
      if (position === undefined || !isDeferredPosition(position))
        for (const name of blockNames(node)) names.add(name);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) visit(record[key], position);
  };
  visit(value, undefined);
  return names;
}

/**
 * The blocks whose code a page needs before it hydrates (the server preloads them, the browser
 * loads them first): the eager ones, or every one in a draft (the root route's `site.draft`),
 * where the Visual Editor's bridge outlines blocks and live edits re-render them at once.
 */
export function blocksBeforeHydration(loaderData: Record<string, unknown>): Set<string> {
  const root = loaderData.root;
  const site = typeof root === 'object' && root !== null ? (root as { site?: unknown }).site : undefined;
  const draft = typeof site === 'object' && site !== null && (site as { draft?: unknown }).draft === true;
  return draft ? blockNames(loaderData) : eagerBlockNames(loaderData);
}

/** Everything the server needs from some data, in one walk, added to `scan` (a fresh one by default). */
export function scanBlocks(value: unknown, scan: BlockScan = emptyScan()): BlockScan {
  walkBlocks(value, { block: (block) => visitBlock(block, scan), uuid: (uuid) => scan.uuids.add(uuid) });
  return scan;
}

/**
 * A copy of some data with every block (outermost first; a replaced block's own props are not
 * walked again) passed through `replace`. Shapes are kept: only blocks change, and a block stays a
 * block, so the copy has the type of the original.
 */
export function mapBlocks<T>(value: T, replace: (block: BlockData) => BlockData): T {
  return mapValue(value, replace) as T;
}

function mapValue(value: unknown, replace: (block: BlockData) => BlockData): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => mapValue(item, replace));
  if (typeof value !== 'object' || value === null) return value;
  if (isBlockData(value)) {
    const next = replace(value);
    if (next !== value) return next;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapValue(v, replace)]));
}
