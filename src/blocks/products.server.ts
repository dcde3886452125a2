/**
 * Product blocks get their product from the store (prices are never copied into the CMS): the one
 * place that knows the lookup's budget, its cache and its states. One lookup per distinct handle,
 * all at once and bounded in time: a slow or failing store never holds the page.
 *
 * - A page's HTML does not wait for them: the render handler starts the page's lookups
 *   (`lookupProducts`) and React streams each card when its lookup settles (deferred-products.ts);
 *   the budget bounds the stream's end.
 * - A client navigation's JSON payload waits for them (`resolveProductBlocks`): the block then
 *   carries `item`, the product or null when the store could not answer.
 *
 * States: found (the card; `stale` when it is the last good product, the store failing), missing
 * (the store knows no such handle: an editor's mistake, nothing for visitors, a notice in draft),
 * unavailable (the store failed or was too slow: "unavailable right now").
 */
import type { BlockData } from './types.ts';
import { isProductBlock, mapBlocks, scanBlocks } from './walk.ts';
import type { Product } from '../store/types.ts';
import { messageOf } from '../shared/errors.ts';
import type { ProductFound } from './deferred-products.ts';

export type ProductSource = {
  product(handle: string): Promise<Product | null>;
  /** The last product the store gave for the handle, kept for when it fails (stale-if-error). */
  lastGood?(handle: string): Product | undefined;
};

const LOOKUP_BUDGET_MS = 2500;

/**
 * What the page's products come to, for its cache lifetime: all answered (`fresh`), one shown from
 * the last good copy (`stale`), one unavailable, or not all settled yet (`pending`).
 */
export type ProductsOutcome = 'fresh' | 'stale' | 'unavailable' | 'pending';

export type ProductLookups = {
  /** The lookup of one of the page's handles (the same promise each time; never rejects). */
  found(handle: string): Promise<ProductFound>;
  /** Every lookup, settled. */
  all(): Promise<Map<string, ProductFound>>;
  /** The page's outcome as of now. */
  outcome(): ProductsOutcome;
};

/** A promise React's `use` reads synchronously once settled (React's thenable status fields). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const t: Tracked<T> = promise;
  void promise.then((value) => Object.assign(t, { status: 'fulfilled', value }));
  return t;
}

/** Ask the store for one handle within the budget; the answer, never a rejection. */
async function lookup(
  handle: string,
  store: ProductSource | null,
  timeout: Promise<'timeout'>,
  log: (line: string) => void,
  budgetMs: number,
): Promise<ProductFound> {
  if (!store) return { state: 'unavailable' };
  let result: Product | null | 'timeout';
  try {
    result = await Promise.race([store.product(handle), timeout]);
  } catch (error) {
    log(`products: store unavailable for "${handle}": ${messageOf(error)}`);
    return lastGoodOr(store, handle);
  }
  if (result === 'timeout') {
    log(`products: the store did not answer for "${handle}" within ${budgetMs} ms`);
    return lastGoodOr(store, handle);
  }
  if (result === null) {
    log(`products: no product with the handle "${handle}"`);
    return { state: 'missing' };
  }
  return { state: 'found', product: result };
}

function lastGoodOr(store: ProductSource, handle: string): ProductFound {
  const product = store.lastGood?.(handle);
  return product ? { state: 'found', product, stale: true } : { state: 'unavailable' };
}

/** A page without product blocks (most): nothing to look up, no timer to start and clear. */
const NO_LOOKUPS: ProductLookups = {
  found: () => Promise.resolve({ state: 'unavailable' }),
  all: () => Promise.resolve(new Map()),
  outcome: () => 'fresh',
};

/** Start the lookups of `handles` now, all bounded by one budget. */
export function lookupProducts(
  handles: Iterable<string>,
  store: ProductSource | null,
  log: (line: string) => void = (line) => console.warn(line),
  budgetMs = LOOKUP_BUDGET_MS,
): ProductLookups {
  const unique = new Set(handles);
  if (unique.size === 0) return NO_LOOKUPS;
  const lookups = new Map<string, Tracked<ProductFound>>();
  const settled = new Map<string, ProductFound>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  for (const handle of unique) {
    const promise = lookup(handle, store, timeout, log, budgetMs).then((found) => {
      settled.set(handle, found);
      return found;
    });
    lookups.set(handle, tracked(promise));
  }
  const all = Promise.all(lookups.values()).then(() => {
    clearTimeout(timer);
    return settled;
  });
  return {
    found: (handle) => lookups.get(handle) ?? Promise.resolve({ state: 'unavailable' }),
    all: () => all,
    outcome() {
      if (settled.size < lookups.size) return 'pending';
      const answers = [...settled.values()];
      if (answers.some((f) => f.state === 'unavailable')) return 'unavailable';
      return answers.some((f) => f.state === 'found' && f.stale) ? 'stale' : 'fresh';
    },
  };
}

/** The block with its product attached, or marked in error when the store knows no such handle. */
function withProduct(block: BlockData, found: Map<string, ProductFound>): BlockData {
  if (!isProductBlock(block)) return block;
  const handle = String(block.props.handle);
  const result = found.get(handle);
  if (result?.state === 'missing')
    return { ...block, props: {}, error: `no product with the handle "${handle}"` };
  return { ...block, props: { ...block.props, item: result?.state === 'found' ? result.product : null } };
}

/** Attach the settled lookups' products to the product blocks of some page data (a copy). */
export function attachProducts<T>(value: T, found: Map<string, ProductFound>): T {
  return mapBlocks(value, (block) => withProduct(block, found));
}

/** Attach products to the product blocks of some page data (a rich-text body, loader data), waiting for them. */
export async function resolveProductBlocks<T>(
  value: T,
  store: ProductSource | null,
  log: (line: string) => void = (line) => console.warn(line),
  budgetMs = LOOKUP_BUDGET_MS,
): Promise<T> {
  const handles = scanBlocks(value).productHandles;
  if (handles.size === 0) return value;
  return attachProducts(value, await lookupProducts(handles, store, log, budgetMs).all());
}

/**
 * A short-lived memory cache in front of the store: a popular article does not ask the store for
 * the same product on every render, and concurrent renders share one request. Only answers are
 * kept (a product or "no such product"); a failure is retried by the next render. The last product
 * per handle outlives its minute as `lastGood`, for renders while the store fails (stale-if-error).
 */
export function cachedProductSource(
  source: ProductSource,
  { ttlMs = 60_000, now = () => Date.now(), maxEntries = 500 } = {},
): ProductSource {
  const cache = new Map<string, { at: number; value: Promise<Product | null> }>();
  const good = new Map<string, Product>();
  return {
    product(handle) {
      const hit = cache.get(handle);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = source.product(handle);
      cache.set(handle, { at: now(), value });
      value.then(
        (product) => {
          good.delete(handle);
          if (product) good.set(handle, product);
          if (good.size > maxEntries) good.delete(good.keys().next().value!);
        },
        () => cache.get(handle)?.value === value && cache.delete(handle),
      );
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      return value;
    },
    lastGood: (handle) => good.get(handle),
  };
}
