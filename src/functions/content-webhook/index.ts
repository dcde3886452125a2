/**
 * The content webhook assembled from the environment (the Netlify adapter and the local server
 * share it): Storyblok's CDN API with the public token, uncached (each event reads the space as it
 * is now), the content state store and the purge it is given.
 */
import type { Env } from '../../config/env.ts';
import { createStoryblokClient } from '../../content/client.server.ts';
import type { FetchLike } from '../../content/fetch-policy.ts';
import type { ContentStateWriter } from '../../content/state.ts';
import { problem } from '../../http/boundary.ts';
import { createContentWebhookHandler, type PurgeTags } from './handler.ts';
import { storyblokSource } from './source.ts';

export { CONTENT_STATE_STORE } from '../../content/state.ts';
export { WEBHOOK_BODY_LIMIT, type PurgeTags } from './handler.ts';
export { SIGNATURE_HEADER, signBody } from './signature.ts';

export type ContentWebhook = (request: Request) => Promise<Response>;

export function createContentWebhook(
  env: Env,
  options: {
    state: ContentStateWriter;
    purge: PurgeTags;
    fetch?: FetchLike;
    now?: () => Date;
    log?: (line: string) => void;
  },
): ContentWebhook {
  const log = options.log ?? ((line: string) => console.log(line));
  const secret = env.STORYBLOK_WEBHOOK_SECRET;
  const token = env.STORYBLOK_TOKEN;
  if (!secret || !token) {
    // Named in the log for whoever deploys; Storyblok (and anyone else) only learns it is off.
    const missing = [!secret && 'STORYBLOK_WEBHOOK_SECRET', !token && 'STORYBLOK_TOKEN'].filter(Boolean);
    log(`content-webhook: not configured (set ${missing.join(' and ')})`);
    return async (request) =>
      request.method !== 'POST'
        ? problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' })
        : problem(503, [{ field: 'webhook', message: 'the content webhook is not configured' }]);
  }
  const client = createStoryblokClient({
    accessToken: token,
    endpoint: env.STORYBLOK_ENDPOINT,
    region: env.STORYBLOK_REGION,
    cache: 'none',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return createContentWebhookHandler({
    secret,
    content: storyblokSource(client),
    state: options.state,
    purge: options.purge,
    ...(env.STORYBLOK_SPACE_ID ? { spaceId: env.STORYBLOK_SPACE_ID } : {}),
    ...(options.now ? { now: options.now } : {}),
    log,
  });
}
