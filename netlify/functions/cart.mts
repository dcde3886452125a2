/** Netlify Functions v2 adapter for src/functions/cart. */
import { parseConfig } from '../../src/config/env.ts';
import { createCart } from '../../src/functions/cart/index.ts';

let handle: ReturnType<typeof createCart> | null = null;

export default async (request: Request) => {
  handle ??= createCart(parseConfig(process.env));
  return handle(request);
};
