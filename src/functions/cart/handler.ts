/**
 * The cart function (its path and cookies are in src/shared/cart.ts, shared with the browser).
 *
 * `POST /.netlify/functions/cart`: every cart operation of §7 behind one JSON body `{ action, … }`.
 * The cart id lives in an HttpOnly cookie that only this function reads (Path-scoped to it), so no
 * script on the page can read or steal it, and the Storefront token never leaves the server.
 * Answers `{ cart, userErrors, warnings }`: the cart without its id and without its `checkoutUrl`
 * (both carry the cart's secret key). 400 for bad input with the field, 403 for a cross-site
 * request, 405/413/415 as usual, 429 past the rate limit, 503 when the store is unavailable.
 * The body is validated before any store call. Only `create` and `linesAdd` make a cart; any other
 * action without one answers 200 `cart: null` with a CART_NOT_FOUND user error: with no cookie it
 * asks the store nothing, with a gone or completed cart nothing beyond the call that found it gone.
 * A gone or completed cart, or a cookie that cannot be decoded, clears the cookie.
 *
 * `GET /.netlify/functions/cart?action=checkout`: the drawer's checkout link. Reads the cookie and
 * answers 303 to the cart's `checkoutUrl` (the browser goes straight there; no page or script ever
 * sees the key), or 303 to `/` when there is nothing to check out; 503 (a page) when the store is
 * unavailable.
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
import { cookiePairs, htmlPage, isCrossSite, json, problem, readJsonBody } from '../../http/boundary.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { CART_COOKIE, CART_COUNT_COOKIE, CART_FUNCTION_PATH } from '../../shared/cart.ts';
import { cartRequestSchema, type CartRequest } from './schema.ts';
import { messageOf } from '../../shared/errors.ts';

/** The id cookie is sent to the function only; the count cookie site-wide (the nav reads it). */
export const CART_COOKIE_PATH = CART_FUNCTION_PATH;
const COOKIE_MAX_AGE = 14 * 24 * 60 * 60;
const BODY_LIMIT = 16 * 1024;
const STORE_RETRY_AFTER = '5';

/**
 * The cart as the browser sees it: everything but what carries the cart's secret key, plus a
 * stand-in for its id that opens nothing (a digest of the cart's token): analytics' `cart_id`.
 */
export type PublicCart = Omit<Cart, 'id' | 'checkoutUrl'> & { publicId: string };
export type CartResponse = {
  cart: PublicCart | null;
  userErrors: CartResult['userErrors'];
  warnings: CartResult['warnings'];
};

/** What the platform tells the function about the request (Netlify's `context.ip`). */
export type CartContext = { ip?: string };

/** Any action but `get` with no cart to act on: said without asking the store. */
export const NO_CART: CartResult = {
  cart: null,
  userErrors: [{ field: ['cart'], message: 'Your cart is empty.', code: CART_NOT_FOUND }],
  warnings: [],
};

const STORE_UNAVAILABLE = 'The store is unavailable right now. Please try again in a moment.';

/** A cookie's value: null when absent, `undecodable` when it cannot be percent-decoded. */
function readCookie(request: Request, name: string): string | null | { undecodable: true } {
  const value = cookiePairs(request).find(([key]) => key === name)?.[1];
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return { undecodable: true };
  }
}

/** The cart id from the cookie, and whether a cookie is there that must be cleared (undecodable). */
function cartCookieOf(request: Request): { id: string | null; clear: boolean } {
  const value = readCookie(request, CART_COOKIE);
  if (value === null || value === '') return { id: null, clear: false };
  if (typeof value !== 'string') return { id: null, clear: true };
  return { id: value, clear: false };
}

const hasCountCookie = (request: Request) => readCookie(request, CART_COUNT_COOKIE) !== null;

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

/** 32 hex characters from SHA-256 of the cart's token (the id without its key): stable per cart. */
async function publicIdOf(cartId: string): Promise<string> {
  const token = cartId.split('?')[0] ?? cartId;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const publicCart = async (cart: Cart | null): Promise<PublicCart | null> => {
  if (!cart) return null;
  const { id, checkoutUrl: _checkoutUrl, ...rest } = cart;
  return { ...rest, publicId: await publicIdOf(id) };
};

const isGone = (result: CartResult) => result.userErrors.some((e) => e.code === CART_NOT_FOUND);

/** Only an absolute http(s) URL is a place to send a shopper. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Whether the store itself is down or busy (a 503), rather than refusing what it was sent. */
const isUnavailable = (error: unknown) =>
  error instanceof StoreUnavailableError || (error instanceof StoreGraphQLError && error.throttled);

/** `GET …/cart?action=checkout` (the drawer's checkout link). */
export const isCheckoutRequest = (request: Request) =>
  request.method === 'GET' && new URL(request.url).searchParams.get('action') === 'checkout';

// Long by design: apply, run, checkout and the handler close over one store, limiter and log.
export function createCartHandler({
  store,
  rateLimit,
  log = (line) => console.log(line),
}: {
  store: StoreApi;
  /** Per client IP; none: no in-function limit (`CART_RATE_LIMIT=0`). */
  rateLimit?: RateLimiter;
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
      // The cart is gone or completed: only adding lines starts a fresh one.
    }
    if (request.action === 'linesAdd') {
      const result = await store.cartCreate({ lines: request.lines });
      return { result, cartId: result.cart?.id ?? null };
    }
    return { result: NO_CART, cartId: null };
  }

  /** 303 to the cart's checkout, or home when there is nothing to check out. */
  async function checkout(request: Request): Promise<Response> {
    const headers = new Headers({
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    const redirect = (location: string) => {
      headers.set('Location', location);
      return new Response(null, { status: 303, headers });
    };
    const cookie = cartCookieOf(request);
    let cart: Cart | null = null;
    if (cookie.id) {
      try {
        cart = await store.cart(cookie.id);
      } catch (error) {
        if (isUnavailable(error)) {
          log(`cart: store unavailable (checkout): ${messageOf(error)}`);
          headers.set('Retry-After', STORE_RETRY_AFTER);
          return htmlPage(503, { title: 'Checkout is unavailable', message: STORE_UNAVAILABLE }, headers);
        }
        if (error instanceof StoreGraphQLError) {
          log(`cart: store rejected a request (checkout): ${error.message}`);
          return htmlPage(
            502,
            { title: 'Checkout is unavailable', message: 'The store could not open the checkout.' },
            headers,
          );
        }
        throw error;
      }
    }
    if (!cart) {
      // No cart, or it is gone or completed: clear what is left, as the POST answers do.
      if (cookie.id !== null || cookie.clear) headers.append('Set-Cookie', cartCookie(request, null));
      if (cookie.id !== null || cookie.clear || hasCountCookie(request)) {
        headers.append('Set-Cookie', countCookie(request, null));
      }
      return redirect('/');
    }
    headers.append('Set-Cookie', countCookie(request, cart.totalQuantity));
    if (cart.lines.length === 0) return redirect('/');
    if (!isWebUrl(cart.checkoutUrl)) {
      log('cart: the store gave a checkout URL that is not an absolute http(s) URL');
      return htmlPage(
        502,
        { title: 'Checkout is unavailable', message: 'The store could not open the checkout.' },
        headers,
      );
    }
    return redirect(cart.checkoutUrl);
  }

  return async (request: Request, context: CartContext = {}): Promise<Response> => {
    const toCheckout = isCheckoutRequest(request);
    if (!toCheckout && request.method === 'POST' && isCrossSite(request)) {
      return problem(403, [{ field: 'origin', message: 'cart requests must come from this site' }]);
    }
    // Rate limiting before anything is read or sent to the store.
    const limited = rateLimit?.(context.ip ?? 'unknown');
    if (limited && !limited.allowed) {
      const retryAfter = { 'Retry-After': String(limited.retryAfterSeconds) };
      return toCheckout
        ? htmlPage(
            429,
            { title: 'Too many requests', message: 'Please wait a moment, then try again.' },
            retryAfter,
          )
        : problem(
            429,
            [{ field: 'body', message: 'Too many cart requests. Please try again in a moment.' }],
            retryAfter,
          );
    }
    if (toCheckout) return checkout(request);

    const read = await readJsonBody(request, BODY_LIMIT);
    if (!read.ok) return read.response;
    const parsed = cartRequestSchema.safeParse(read.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
      return problem(400, [{ field, message: issue?.message ?? 'invalid request' }]);
    }
    const cookie = cartCookieOf(request);
    try {
      const { result, cartId } = await run(parsed.data, cookie.id);
      // Warnings about the whole cart target its id, which carries the cart's key: name it "cart".
      const warnings = result.warnings.map((w) =>
        w.target.startsWith('gid://shopify/Cart/') ? { ...w, target: 'cart' } : w,
      );
      const body: CartResponse = {
        cart: await publicCart(result.cart),
        userErrors: result.userErrors,
        warnings,
      };
      const headers = new Headers();
      if (cartId !== cookie.id || (cookie.clear && cartId === null)) {
        headers.append('Set-Cookie', cartCookie(request, cartId));
      }
      if (result.cart) {
        headers.append('Set-Cookie', countCookie(request, result.cart.totalQuantity));
      } else if (cartId === null && (cookie.id !== null || cookie.clear || hasCountCookie(request))) {
        // No cart (any more): the nav stops showing a count.
        headers.append('Set-Cookie', countCookie(request, null));
      }
      return json(200, body, headers);
    } catch (error) {
      if (error instanceof StoreInputError) {
        return problem(400, [{ field: 'body', message: error.message }]);
      }
      if (isUnavailable(error)) {
        log(`cart: store unavailable: ${messageOf(error)}`);
        return problem(503, [{ field: 'store', message: STORE_UNAVAILABLE }], {
          'Retry-After': STORE_RETRY_AFTER,
        });
      }
      if (error instanceof StoreGraphQLError) {
        log(`cart: store rejected a request: ${error.message}`);
        return problem(502, [{ field: 'store', message: 'The store could not process this request.' }]);
      }
      throw error;
    }
  };
}
