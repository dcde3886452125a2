/**
 * The browser side of the cart: calls to the cart function (same origin; the cart id travels in
 * its HttpOnly cookie) and the shopper-facing words for what can go wrong. No zod here: the answer
 * is checked by hand so the browser bundle stays small.
 */
export const CART_ENDPOINT = '/.netlify/functions/cart';
export const CART_CHANGED_EVENT = 'roundhouse:cart';

export const CART_MESSAGES = {
  PRODUCT_NOT_AVAILABLE: 'Sorry, this item is not available right now.',
  INVALID_FOR_COUNTRY: 'Sorry, we cannot ship this item to your country.',
  unavailable: 'The store is unavailable right now. Please try again in a moment.',
  failed: 'Something went wrong. Please try again.',
} as const;

export type AddToCartResult = { ok: true; totalQuantity: number } | { ok: false; message: string };

type UserError = { code?: unknown; message?: unknown };

/** The shopper-facing message for a cart user error. */
export function messageFor(error: UserError): string {
  if (error.code === 'PRODUCT_NOT_AVAILABLE') return CART_MESSAGES.PRODUCT_NOT_AVAILABLE;
  if (error.code === 'INVALID_FOR_COUNTRY') return CART_MESSAGES.INVALID_FOR_COUNTRY;
  return typeof error.message === 'string' && error.message.trim() !== ''
    ? error.message
    : CART_MESSAGES.failed;
}

/** Add one variant to the cart. Never throws; tells the page the cart changed on success. */
export async function addToCart(
  merchandiseId: string,
  quantity = 1,
  fetchImpl: typeof fetch = fetch,
): Promise<AddToCartResult> {
  let response: Response;
  try {
    response = await fetchImpl(CART_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'linesAdd', lines: [{ merchandiseId, quantity }] }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, message: CART_MESSAGES.failed };
  }
  if (response.status === 503) return { ok: false, message: CART_MESSAGES.unavailable };
  const body = (await response.json().catch(() => null)) as {
    cart?: { totalQuantity?: unknown } | null;
    userErrors?: UserError[];
  } | null;
  if (!response.ok || !body) return { ok: false, message: CART_MESSAGES.failed };
  const firstError = Array.isArray(body.userErrors) ? body.userErrors[0] : undefined;
  if (firstError) return { ok: false, message: messageFor(firstError) };
  const totalQuantity = typeof body.cart?.totalQuantity === 'number' ? body.cart.totalQuantity : 0;
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { totalQuantity } }));
  }
  return { ok: true, totalQuantity };
}
