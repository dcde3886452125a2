/** The cart function assembled from the environment (Netlify adapter and local server share it). */
import type { Env } from '../../config/env.ts';
import { createStoreApi } from '../../store/api.ts';
import { createStoreClient, type FetchLike } from '../../store/client.ts';
import { createCartHandler } from './handler.ts';

export {
  CART_COOKIE,
  CART_COOKIE_PATH,
  CART_COUNT_COOKIE,
  type CartResponse,
  type PublicCart,
} from './handler.ts';

import { problem } from '../http.ts';

export function createCart(env: Env, options: { fetch?: FetchLike; log?: (line: string) => void } = {}) {
  if (!env.SHOPIFY_STORE_DOMAIN || !env.SHOPIFY_STOREFRONT_TOKEN) {
    // A deploy without store settings: the cart is unavailable, the rest of the site works.
    return async () =>
      problem(503, [{ field: 'store', message: 'The store is not configured (SHOPIFY_STORE_DOMAIN).' }]);
  }
  const client = createStoreClient({
    storeDomain: env.SHOPIFY_STORE_DOMAIN,
    publicStorefrontToken: env.SHOPIFY_STOREFRONT_TOKEN,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const store = createStoreApi({ client, country: env.STORE_COUNTRY });
  return createCartHandler({ store, ...(options.log ? { log: options.log } : {}) });
}
