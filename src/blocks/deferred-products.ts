/**
 * Deferred products: what the server and the browser share so a product block can stream after the
 * page (products.server.ts owns the lookups, their budget, cache and states).
 *
 * On the server, the render gets the page's lookups through `ProductStreamContext`; a product block
 * suspends on its handle's lookup and, once it settles, React streams the card together with a
 * `<script type="application/json">` data block holding the lookup's answer. The data block is not
 * executable (no nonce, nothing for the page's CSP to allow) and sits inside the card's Suspense
 * boundary, so it is in the document before React hydrates that boundary: the browser reads the
 * answer from it (`readStreamedProduct`) and hydrates the card with exactly the server's data.
 */
import { createContext } from 'react';
import type { Product } from '../store/types.ts';

/** One handle's answer: the product (`stale`: the last good one, the store failing), none, or no answer. */
export type ProductFound =
  { state: 'found'; product: Product; stale?: true } | { state: 'missing' } | { state: 'unavailable' };

/** What the server's render knows about the page's product lookups (null in the browser). */
export type ProductStream = {
  /** The lookup of a handle: the same promise for every call, never rejecting. */
  found(handle: string): Promise<ProductFound>;
  /** The data block's text (JSON escaped for an inline script). */
  serialize(found: ProductFound): string;
  /** The product's JSON-LD (escaped for an inline script), or null on a page without structured data. */
  structuredData(product: Product): string | null;
};

export const ProductStreamContext = createContext<ProductStream | null>(null);

/** The data block's id, and its JSON-LD's, for a block whose React id is `id`. */
export const dataBlockId = (id: string) => `product-data${id}`;
export const structuredDataId = (id: string) => `product-ld${id}`;

/** Products read from streamed data blocks in this document, by handle (analytics names them). */
const streamed = new Map<string, Product>();

/** A streamed product of the current document, by handle. */
export function streamedProduct(handle: string): Product | undefined {
  return streamed.get(handle);
}

/** A data block's answer as read off the document (the shape only: our own server wrote it). */
function isProductFound(value: unknown): value is ProductFound {
  if (typeof value !== 'object' || value === null || !('state' in value)) return false;
  if (value.state === 'missing' || value.state === 'unavailable') return true;
  return (
    value.state === 'found' &&
    'product' in value &&
    typeof value.product === 'object' &&
    value.product !== null &&
    'handle' in value.product &&
    typeof value.product.handle === 'string'
  );
}

export type StreamedAnswer = { found: ProductFound; text: string; structuredData: string | null };

/**
 * The answer the server streamed into the data block `id` (browser only), with the texts to render
 * again unchanged; "unavailable" when the block is missing or unreadable (the server's boundary
 * failed and React renders it in the browser).
 */
export function readStreamedProduct(id: string): StreamedAnswer {
  const text = document.getElementById(dataBlockId(id))?.textContent ?? '';
  let value: unknown = null;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const structuredData = document.getElementById(structuredDataId(id))?.textContent ?? null;
  if (!isProductFound(value)) return { found: { state: 'unavailable' }, text, structuredData };
  if (value.state === 'found') streamed.set(value.product.handle, value.product);
  return { found: value, text, structuredData };
}
