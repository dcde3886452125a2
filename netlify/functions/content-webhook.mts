/** Netlify Functions v2 adapter for src/functions/content-webhook. */
import { getStore } from '@netlify/blobs';
import { purgeCache, type Config } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { CONTENT_STATE_STORE, createContentWebhook } from '../../src/functions/content-webhook/index.ts';

let handle: ReturnType<typeof createContentWebhook> | null = null;

export default async (request: Request) => {
  handle ??= createContentWebhook(parseConfig(process.env), {
    state: getStore({ name: CONTENT_STATE_STORE, consistency: 'strong' }),
    // Netlify's purge API by tag, for this site (the function's own credentials).
    purge: (tags) => purgeCache({ tags }),
  });
  return handle(request);
};

export const config: Config = {
  // Storyblok sends one request per story event and never retries, so a bulk publish of a few
  // hundred stories must get through; past that it is not Storyblok (and an unsigned request is
  // refused before any work): 600 a minute per IP and domain.
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
