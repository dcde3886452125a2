/** Netlify Functions v2 adapter for src/functions/cart. */
import type { Config, Context } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createCart } from '../../src/functions/cart/index.ts';

let handle: ReturnType<typeof createCart> | null = null;

export default async (request: Request, context: Context) => {
  handle ??= createCart(parseConfig(process.env));
  return handle(request, { ip: context.ip });
};

export const config: Config = {
  // Netlify's own limit runs before the function: 120 cart requests a minute per client IP and
  // domain (a shopper makes a few a minute; the function's own CART_RATE_LIMIT applies after it).
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
