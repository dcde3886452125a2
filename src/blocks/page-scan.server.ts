/**
 * The server's walks over a rendered page's data (walk.ts: the page's scan, and the blocks it needs
 * before it hydrates), with what each settled part holds kept with that part. A route's data is the
 * request's own object, but its parts are mostly settled content (src/content/settled.ts): the
 * article with its body, the layout, the nav's categories. An article's body is most of what a walk
 * meets, and it is the same on every request until an edit makes a new object. So each part is
 * walked once per version, and the request's own parts (related cards, the site values) each time.
 *
 * The results are those of the walks over the whole data, in the same order: a route's data is a
 * record, and walk.ts's walks go through its parts in order, each part on its own, and through a
 * list's items in order (the nav's categories, related cards), each on its own, but for a content
 * body, where an item's position decides whether its blocks wait.
 */
import { isSettled, keep } from '../content/settled.ts';
import {
  blockNames,
  eagerBlockNames,
  emptyScan,
  isBlockData,
  isContentNode,
  scanBlocks,
  type BlockScan,
} from './walk.ts';

/** A route's data as its parts, or null when it is not a plain record (then it is walked whole). */
function partsOf(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || isBlockData(data)) return null;
  return data as Record<string, unknown>;
}

function addAll<T>(into: Set<T>, from: Set<T>): void {
  for (const item of from) into.add(item);
}

function addScan(into: BlockScan, from: BlockScan): void {
  addAll(into.names, from.names);
  addAll(into.productHandles, from.productHandles);
  into.productBlocks += from.productBlocks;
  addAll(into.uuids, from.uuids);
}

/**
 * The scan of a matched page (walk.ts `scanBlocks` over each route's data), from the leaf route up
 * so the uuids of what the page is about come before the layout's (cache tags are capped); each
 * settled part's scan is kept with it.
 */
export function scanPage(loaderData: Record<string, unknown>, routeIds: readonly string[]): BlockScan {
  const scan = emptyScan();
  for (const id of [...routeIds].reverse()) {
    const data = loaderData[id];
    const parts = partsOf(data);
    if (!parts) {
      scanBlocks(data, scan);
      continue;
    }
    for (const key in parts) {
      const part = parts[key];
      if (key === 'uuid' && typeof part === 'string') scan.uuids.add(part);
      else if (Array.isArray(part) && !isSettled(part)) for (const item of part) scanPart(item, scan);
      else scanPart(part, scan);
    }
  }
  return scan;
}

/** A part of a route's data (or an item of a list there) into the scan, settled ones kept. */
function scanPart(part: unknown, scan: BlockScan): void {
  if (isSettled(part))
    addScan(
      scan,
      keep('block scan', [part], () => scanBlocks(part)),
    );
  else scanBlocks(part, scan);
}

/** A part's (or a list item's) eager blocks, settled ones kept. */
function eagerPart(part: unknown): Set<string> {
  return isSettled(part) ? keep('eager blocks', [part], () => eagerBlockNames(part)) : eagerBlockNames(part);
}

/**
 * walk.ts `blocksBeforeHydration` for a page the server renders: the same names, each settled
 * part's eager blocks kept with it (a draft's blocks are all needed, and all walked).
 */
export function pageBlocksBeforeHydration(loaderData: Record<string, unknown>): Set<string> {
  const root = partsOf(loaderData.root);
  const site = partsOf(root?.site);
  if (site?.draft === true) return blockNames(loaderData);
  const names = new Set<string>();
  for (const id in loaderData) {
    const parts = partsOf(loaderData[id]);
    if (!parts) {
      addAll(names, eagerBlockNames(loaderData[id]));
      continue;
    }
    for (const key in parts) {
      const part = parts[key];
      if (Array.isArray(part) && !isSettled(part) && !part.some(isContentNode))
        for (const item of part) addAll(names, eagerPart(item));
      else addAll(names, eagerPart(part));
    }
  }
  return names;
}
