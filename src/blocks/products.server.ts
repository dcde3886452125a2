/**
 * Product blocks get their product at render time, from the store (prices are never copied into
 * the CMS). One lookup per distinct handle, all at once and bounded in time: a slow or failing
 * store never holds the page. The block then carries `item`: the product, or null when the store
 * could not answer (the block says "unavailable right now"); a handle the store does not know
 * marks the block in error (an editor's mistake: nothing for visitors, a notice in draft).
 */
import type { Block } from '../content/types.ts';
import type { BlockData } from './types.ts';
import { isProductBlock, mapBlocks, scanBlocks } from './walk.ts';
import type { Product } from '../store/types.ts';
import { messageOf } from '../shared/errors.ts';

export type ProductSource = { product(handle: string): Promise<Product | null> };

const LOOKUP_BUDGET_MS = 2500;

type Found = { state: 'found'; product: Product } | { state: 'missing' } | { state: 'unavailable' };

/** The block with its product attached, or marked in error when the store knows no such handle. */
function withProduct(block: BlockData, found: Map<string, Found>): BlockData {
  if (!isProductBlock(block)) return block;
  const handle = String(block.props.handle);
  const result = found.get(handle);
  if (result?.state === 'missing')
    return { ...block, props: {}, error: `no product with the handle "${handle}"` };
  return { ...block, props: { ...block.props, item: result?.state === 'found' ? result.product : null } };
}

/** Attach products to the product blocks of a rich-text body. */
export async function resolveProductBlocks(
  blocks: Block[],
  store: ProductSource | null,
  log: (line: string) => void = (line) => console.warn(line),
  budgetMs = LOOKUP_BUDGET_MS,
): Promise<Block[]> {
  const handles = [...scanBlocks(blocks).productHandles];
  if (handles.length === 0) return blocks;
  const found = new Map<string, Found>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  await Promise.all(
    handles.map(async (handle) => {
      if (!store) {
        found.set(handle, { state: 'unavailable' });
        return;
      }
      try {
        const result = await Promise.race([store.product(handle), timeout]);
        if (result === 'timeout') {
          log(`products: the store did not answer for "${handle}" within ${budgetMs} ms`);
          found.set(handle, { state: 'unavailable' });
        } else if (result === null) {
          log(`products: no product with the handle "${handle}"`);
          found.set(handle, { state: 'missing' });
        } else {
          found.set(handle, { state: 'found', product: result });
        }
      } catch (error) {
        log(`products: store unavailable for "${handle}": ${messageOf(error)}`);
        found.set(handle, { state: 'unavailable' });
      }
    }),
  );
  clearTimeout(timer);
  return mapBlocks(blocks, (block) => withProduct(block, found));
}

/**
 * A short-lived memory cache in front of the store: a popular article does not ask the store for
 * the same product on every render, and concurrent renders share one request. Only answers are
 * kept (a product or "no such product"); a failure is retried by the next render.
 */
export function cachedProductSource(
  source: ProductSource,
  { ttlMs = 60_000, now = () => Date.now(), maxEntries = 500 } = {},
): ProductSource {
  const cache = new Map<string, { at: number; value: Promise<Product | null> }>();
  return {
    product(handle) {
      const hit = cache.get(handle);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = source.product(handle);
      cache.set(handle, { at: now(), value });
      value.catch(() => cache.get(handle)?.value === value && cache.delete(handle));
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      return value;
    },
  };
}
