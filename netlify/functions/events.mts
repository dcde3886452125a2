/** Netlify Functions v2 adapter for src/functions/events. */
import type { Config, Context } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createEvents } from '../../src/functions/events/index.ts';

let handle: ReturnType<typeof createEvents> | null = null;

export default async (request: Request, context: Context) => {
  handle ??= createEvents(parseConfig(process.env));
  return handle(request, { ip: context.ip });
};

export const config: Config = {
  // Netlify's own limit runs before the function: 120 batches a minute per client IP and domain
  // (a reader's browser sends a few a minute; the function's own ANALYTICS_RATE_LIMIT applies after it).
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
