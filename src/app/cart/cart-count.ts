/**
 * What the nav knows of the cart without loading any cart code: the readable count cookie the cart
 * function sets (pages are CDN-cached HTML, so the server cannot put the count in them). Kept tiny:
 * the header imports it on every page. The cookie's and the change event's names are in
 * src/shared/cart.ts.
 */
import { CART_COUNT_COOKIE } from '../../shared/cart.ts';

const COUNT_PATTERN = new RegExp(`(?:^|;\\s*)${CART_COUNT_COOKIE}=(\\d+)`);

/** The cart's total quantity from the count cookie (0 without one). */
export function readCartCount(cookies: string): number {
  return Number(COUNT_PATTERN.exec(cookies)?.[1] ?? 0);
}
