/**
 * Public surface of the content layer (server-side: it pulls in storyblok-js-client).
 * Browser code imports `src/content/types` directly, never this file.
 */
export type * from './types.ts';
export type { ArticleQuery, ContentApi } from './api.ts';
export { createContentApi, type ContentApiOptions, type ContentClient } from './service.server.ts';
export {
  createStoryblokClient,
  type StoryblokClientInstance,
  type StoryblokClientOptions,
} from './client.server.ts';
export {
  ContentError,
  ContentInputError,
  ContentNotFoundError,
  ContentRateLimitError,
  ContentUpstreamError,
} from './errors.ts';
export type { Clock, FetchLike, Sleep } from './fetch-policy.ts';
export type { Warn } from './map/common.ts';
