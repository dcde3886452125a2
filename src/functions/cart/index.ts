/** The cart function assembled from the environment (Netlify adapter and local server share it). */
import type { Env } from '../../config/env.ts';
import type { FetchLike } from '../../store/client.ts';
import { createStoreFromEnv } from '../../store/from-env.ts';
import { htmlPage, problem } from '../../http/boundary.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { createCartHandler, isCheckoutRequest, type CartContext } from './handler.ts';

export {
  CART_COOKIE_PATH,
  NO_CART,
  type CartContext,
  type CartResponse,
  type PublicCart,
} from './handler.ts';
export { CART_CHECKOUT_PATH, CART_COOKIE, CART_COUNT_COOKIE, CART_FUNCTION_PATH } from '../../shared/cart.ts';

export type CartFunction = (request: Request, context?: CartContext) => Promise<Response>;

export function createCart(
  env: Env,
  options: { fetch?: FetchLike; log?: (line: string) => void; now?: () => number } = {},
): CartFunction {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = createStoreFromEnv(env, options.fetch ? { fetch: options.fetch } : {});
  if (!store) {
    // A deploy without store settings: the cart is unavailable, the rest of the site works. The
    // variables are named in the log, for whoever deploys; visitors only learn that it is off.
    log('cart: the store is not configured (set SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN)');
    const message = 'The store is not configured.';
    return async (request) =>
      isCheckoutRequest(request)
        ? htmlPage(503, { title: 'Checkout is unavailable', message })
        : problem(503, [{ field: 'store', message }]);
  }
  const rateLimit =
    env.CART_RATE_LIMIT > 0
      ? createRateLimiter({ limit: env.CART_RATE_LIMIT, windowMs: 60_000, now: options.now })
      : undefined;
  return createCartHandler({ store, rateLimit, log });
}
