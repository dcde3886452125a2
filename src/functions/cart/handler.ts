/**
 * POST /.netlify/functions/cart: every cart operation of §7 behind one JSON body `{ action, … }`.
 * The cart id lives in an HttpOnly cookie that only this function reads (Path-scoped to it), so no
 * script on the page can read or steal it, and the Storefront token never leaves the server.
 *
 * Answers `{ cart, userErrors, warnings }` (the cart without its id); 400 for bad input with the
 * reason, 403 for a cross-site Origin, 405/413/415 as usual, 503 when the store is unavailable.
 * A cart that is gone or completed clears the cookie; a mutation then starts a fresh cart.
 *
 * Pages are CDN-cached HTML, so the nav cannot learn the cart's size from the server: every answer
 * with a cart also sets `rh_cart_count=<totalQuantity>` (Path=/, readable by scripts, no secret in
 * it) for the header to read, and an answer without one clears it.
 */
import type { StoreApi } from '../../store/api.ts';
import {
  CART_NOT_FOUND,
  StoreGraphQLError,
  StoreInputError,
  StoreUnavailableError,
} from '../../store/errors.ts';
import type { Cart, CartResult } from '../../store/types.ts';
import { json, problem, readJsonBody } from '../http.ts';
import { cartRequestSchema, type CartRequest } from './schema.ts';

export const CART_COOKIE = 'rh_cart';
export const CART_COOKIE_PATH = '/.netlify/functions/cart';
/** The cart's size for the nav (src/app/cart/cart-count.ts reads it under the same name). */
export const CART_COUNT_COOKIE = 'rh_cart_count';
const COOKIE_MAX_AGE = 14 * 24 * 60 * 60;
const BODY_LIMIT = 16 * 1024;

/** The cart as the browser sees it: everything but its id (which carries the cart's secret key). */
export type PublicCart = Omit<Cart, 'id'>;
export type CartResponse = {
  cart: PublicCart | null;
  userErrors: CartResult['userErrors'];
  warnings: CartResult['warnings'];
};

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

const isLocalHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '127.0.0.1' ||
  hostname === '[::1]' ||
  hostname.endsWith('.localhost');

const secureFlag = (request: Request) => (isLocalHost(new URL(request.url).hostname) ? '' : '; Secure');

function cartCookie(request: Request, value: string | null): string {
  const body =
    value === null
      ? `${CART_COOKIE}=; Max-Age=0`
      : `${CART_COOKIE}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE}`;
  return `${body}; Path=${CART_COOKIE_PATH}; HttpOnly; SameSite=Lax${secureFlag(request)}`;
}

/** The readable count cookie: the cart's total quantity, or cleared (null). */
function countCookie(request: Request, totalQuantity: number | null): string {
  const body =
    totalQuantity === null
      ? `${CART_COUNT_COOKIE}=; Max-Age=0`
      : `${CART_COUNT_COOKIE}=${totalQuantity}; Max-Age=${COOKIE_MAX_AGE}`;
  return `${body}; Path=/; SameSite=Lax${secureFlag(request)}`;
}

/** A browser request from another site (CSRF): its Origin or Sec-Fetch-Site says so. */
function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    // The Host header is the address the browser used (the URL may name an internal one).
    const host = request.headers.get('host') ?? new URL(request.url).host;
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

const publicCart = (cart: Cart | null): PublicCart | null => {
  if (!cart) return null;
  const { id: _id, ...rest } = cart;
  return rest;
};

const isGone = (result: CartResult) => result.userErrors.some((e) => e.code === CART_NOT_FOUND);

export function createCartHandler({
  store,
  log = (line) => console.log(line),
}: {
  store: StoreApi;
  log?: (line: string) => void;
}) {
  /** Apply one action to an existing cart. */
  async function apply(
    cartId: string,
    request: Exclude<CartRequest, { action: 'get' | 'create' }>,
  ): Promise<CartResult> {
    switch (request.action) {
      case 'linesAdd':
        return store.cartLinesAdd(cartId, request.lines);
      case 'linesUpdate': {
        const removed = request.lines.filter((l) => l.quantity === 0).map((l) => l.id);
        const updated = request.lines.filter((l) => l.quantity > 0);
        let result: CartResult | null = null;
        if (updated.length > 0) result = await store.cartLinesUpdate(cartId, updated);
        if (removed.length > 0 && !(result && isGone(result))) {
          const after = await store.cartLinesRemove(cartId, removed);
          result = result
            ? {
                cart: after.cart,
                userErrors: [...result.userErrors, ...after.userErrors],
                warnings: [...result.warnings, ...after.warnings],
              }
            : after;
        }
        return result!;
      }
      case 'linesRemove':
        return store.cartLinesRemove(cartId, request.lineIds);
      case 'discountCodesUpdate':
        return store.cartDiscountCodesUpdate(cartId, request.discountCodes);
      case 'buyerIdentityUpdate':
        return store.cartBuyerIdentityUpdate(cartId, request.buyerIdentity);
      case 'deliveryAddressesAdd':
        return store.cartDeliveryAddressesAdd(cartId, request.addresses);
      case 'deliveryAddressesUpdate':
        return store.cartDeliveryAddressesUpdate(cartId, request.addresses);
      case 'deliveryOptionSelect':
        return store.cartSelectedDeliveryOptionsUpdate(cartId, [
          { deliveryGroupId: request.deliveryGroupId, deliveryOptionHandle: request.deliveryOptionHandle },
        ]);
    }
  }

  async function run(
    request: CartRequest,
    cartId: string | null,
  ): Promise<{ result: CartResult; cartId: string | null }> {
    if (request.action === 'get') {
      const cart = cartId ? await store.cart(cartId) : null;
      return { result: { cart, userErrors: [], warnings: [] }, cartId: cart ? cartId : null };
    }
    if (request.action === 'create') {
      const result = await store.cartCreate({ lines: request.lines });
      return { result, cartId: result.cart?.id ?? cartId };
    }
    if (cartId) {
      const result = await apply(cartId, request);
      if (!isGone(result)) return { result, cartId };
      // The cart is gone or completed: start a fresh one and apply the action to it.
    }
    if (request.action === 'linesAdd') {
      const result = await store.cartCreate({ lines: request.lines });
      return { result, cartId: result.cart?.id ?? null };
    }
    const created = await store.cartCreate({});
    if (!created.cart) return { result: created, cartId: null };
    return { result: await apply(created.cart.id, request), cartId: created.cart.id };
  }

  return async (request: Request): Promise<Response> => {
    if (request.method === 'POST' && isCrossSite(request)) {
      return problem(403, [{ field: 'origin', message: 'cart requests must come from this site' }]);
    }
    const read = await readJsonBody(request, BODY_LIMIT);
    if (!read.ok) return read.response;
    const parsed = cartRequestSchema.safeParse(read.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
      return problem(400, [{ field, message: issue?.message ?? 'invalid request' }]);
    }
    const cookieId = readCookie(request, CART_COOKIE);
    try {
      const { result, cartId } = await run(parsed.data, cookieId);
      // Warnings about the whole cart target its id, which carries the cart's key: name it "cart".
      const warnings = result.warnings.map((w) =>
        w.target.startsWith('gid://shopify/Cart/') ? { ...w, target: 'cart' } : w,
      );
      const body: CartResponse = {
        cart: publicCart(result.cart),
        userErrors: result.userErrors,
        warnings,
      };
      const headers = new Headers();
      if (cartId !== cookieId) headers.append('Set-Cookie', cartCookie(request, cartId));
      if (result.cart) {
        headers.append('Set-Cookie', countCookie(request, result.cart.totalQuantity));
      } else if (cartId === null && (cookieId !== null || readCookie(request, CART_COUNT_COOKIE) !== null)) {
        // No cart (any more): the nav stops showing a count.
        headers.append('Set-Cookie', countCookie(request, null));
      }
      return json(200, body, headers);
    } catch (error) {
      if (error instanceof StoreInputError) {
        return problem(400, [{ field: 'body', message: error.message }]);
      }
      if (error instanceof StoreUnavailableError || (error instanceof StoreGraphQLError && error.throttled)) {
        log(`cart: store unavailable: ${error.message}`);
        return problem(
          503,
          [{ field: 'store', message: 'The store is unavailable right now. Please try again in a moment.' }],
          {
            'Retry-After': '5',
          },
        );
      }
      if (error instanceof StoreGraphQLError) {
        log(`cart: store rejected a request: ${error.message}`);
        return problem(502, [{ field: 'store', message: 'The store could not process this request.' }]);
      }
      throw error;
    }
  };
}
