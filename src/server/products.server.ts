/**
 * Product blocks get their product at render time, from the store (prices are never copied into
 * the CMS). One lookup per distinct handle, all at once and bounded in time: a slow or failing
 * store never holds the page. The block then carries `item`: the product, or null when the store
 * could not answer (the block says "unavailable right now"); a handle the store does not know
 * marks the block in error (an editor's mistake: nothing for visitors, a notice in draft).
 */
import type { Block } from '../content/types.ts';
import { isBlockData, type BlockData } from '../widgets/block-kit.tsx';
import type { Product } from '../store/types.ts';

export type ProductSource = { product(handle: string): Promise<Product | null> };

const LOOKUP_BUDGET_MS = 2500;

type Found = { state: 'found'; product: Product } | { state: 'missing' } | { state: 'unavailable' };

/** A product block that has not failed validation. */
function isProductBlock(value: unknown): value is BlockData {
  return isBlockData(value) && value.component === 'product' && !value.error;
}

/** True when some block anywhere in the data passes `test`. */
function someProductBlock(value: unknown, test: (block: BlockData) => boolean): boolean {
  if (Array.isArray(value)) return value.some((item) => someProductBlock(item, test));
  if (typeof value !== 'object' || value === null) return false;
  if (isProductBlock(value) && test(value)) return true;
  return Object.values(value).some((child) => someProductBlock(child, test));
}

/** Every product handle in some blocks (nested ones included), skipping blocks already in error. */
function handlesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) handlesIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    if (isProductBlock(value) && typeof value.props.handle === 'string') into.add(value.props.handle);
    for (const child of Object.values(value)) handlesIn(child, into);
  }
  return into;
}

function withProducts<T>(value: T, found: Map<string, Found>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withProducts(item, found)) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (isProductBlock(value)) {
    const result = found.get(String(value.props.handle));
    if (result?.state === 'missing') {
      return {
        ...value,
        props: {},
        error: `no product with the handle "${String(value.props.handle)}"`,
      } as T;
    }
    return {
      ...value,
      props: { ...value.props, item: result?.state === 'found' ? result.product : null },
    } as T;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProducts(v, found)])) as T;
}

/** Attach products to the product blocks of a rich-text body. */
export async function resolveProductBlocks(
  blocks: Block[],
  store: ProductSource | null,
  log: (line: string) => void = (line) => console.warn(line),
  budgetMs = LOOKUP_BUDGET_MS,
): Promise<Block[]> {
  const handles = [...handlesIn(blocks, new Set())];
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
        log(`products: store unavailable for "${handle}": ${(error as Error).message}`);
        found.set(handle, { state: 'unavailable' });
      }
    }),
  );
  clearTimeout(timer);
  return withProducts(blocks, found);
}

/** True when some product block in the data is showing "unavailable" (its page should not be cached long). */
export function hasUnavailableProduct(value: unknown): boolean {
  return someProductBlock(value, (block) => block.props.item === null);
}

/** True when the data shows at least one product block. */
export function hasProductBlock(value: unknown): boolean {
  return someProductBlock(value, () => true);
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
