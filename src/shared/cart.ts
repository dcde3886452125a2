/**
 * The cart function's contract, one source for the function, the store layer and the browser: its
 * path, cookies, the event the page's cart parts talk over, the limits of what a shopper can send,
 * and the actions the browser sends. Imports nothing, so every side can take it.
 */

/** Where the cart function answers. */
export const CART_FUNCTION_PATH = '/.netlify/functions/cart';
/**
 * `GET` here sends the shopper on to the store's checkout (303 to the cart's `checkoutUrl`): that URL
 * carries the cart's secret key, so it only ever reaches the browser as a redirect.
 */
export const CART_CHECKOUT_PATH = `${CART_FUNCTION_PATH}?action=checkout`;

/** The cart's id (HttpOnly, sent to the function's path only: the browser never reads it). */
export const CART_COOKIE = 'rh_cart';
/** The cart's total quantity for the nav's count (readable by scripts; no secret in it). */
export const CART_COUNT_COOKIE = 'rh_cart_count';
/** The window event the cart client sends after every answer; the nav's count and the drawer listen. */
export const CART_CHANGED_EVENT = 'roundhouse:cart';
export type CartChangedDetail = { totalQuantity: number };

/**
 * What one request may carry, checked by the function's schema and the store layer alike, and
 * offered by the drawer's quantity steppers. Lines follow §9 (50 per cart and per mutation).
 */
export const CART_LIMITS = {
  /** Quantity of one line: 1 to 99 when adding; an update to 0 removes the line. */
  maxQuantity: 99,
  /** Lines per cart and per lines mutation. */
  lines: 50,
  /** Discount codes per cart. */
  discountCodes: 10,
  /** Characters of one discount code. */
  discountCodeLength: 64,
  /** Delivery addresses per cart (the Storefront API's own cap). */
  deliveryAddresses: 20,
} as const;

/** The actions the browser sends (the function accepts these and a few more: its schema has them all). */
export type CartActionBody =
  | { action: 'get' }
  | { action: 'linesAdd'; lines: { merchandiseId: string; quantity: number }[] }
  | { action: 'linesUpdate'; lines: { id: string; quantity: number }[] }
  | { action: 'linesRemove'; lineIds: string[] }
  | { action: 'discountCodesUpdate'; discountCodes: string[] }
  | { action: 'deliveryOptionSelect'; deliveryGroupId: string; deliveryOptionHandle: string };
