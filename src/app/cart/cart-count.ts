/**
 * What the nav knows of the cart without loading any cart code: the event the page fires when the
 * cart changes, and the readable count cookie the cart function sets (pages are CDN-cached HTML, so
 * the server cannot put the count in them). Kept tiny: the header imports it on every page.
 */
export const CART_CHANGED_EVENT = 'roundhouse:cart';
/** Set by the cart function (src/functions/cart/handler.ts, CART_COUNT_COOKIE) on every answer with a cart. */
export const CART_COUNT_COOKIE = 'rh_cart_count';

export type CartChangedDetail = { totalQuantity: number };

/** The cart's total quantity from the count cookie (0 without one). */
export function readCartCount(cookies: string): number {
  return Number(/(?:^|;\s*)rh_cart_count=(\d+)/.exec(cookies)?.[1] ?? 0);
}
