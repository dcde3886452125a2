/**
 * The store's composition root: configuration → Storefront client → store API, or null when the
 * store is not configured. The edge function (product blocks) and the cart function build the store
 * here and nowhere else.
 */
import type { Env } from '../config/env.ts';
import { createStoreApi, type StoreApi } from './api.ts';
import { createStoreClient, type FetchLike } from './client.ts';

/** The store API, or null without SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN. */
export function createStoreFromEnv(config: Env, options: { fetch?: FetchLike } = {}): StoreApi | null {
  if (!config.SHOPIFY_STORE_DOMAIN || !config.SHOPIFY_STOREFRONT_TOKEN) return null;
  const client = createStoreClient({
    storeDomain: config.SHOPIFY_STORE_DOMAIN,
    publicStorefrontToken: config.SHOPIFY_STOREFRONT_TOKEN,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return createStoreApi({ client, country: config.STORE_COUNTRY });
}
