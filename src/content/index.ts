/**
 * Public surface of the content layer (server-side: it pulls in storyblok-js-client).
 * Browser code imports `src/content/types` directly, never this file.
 */
export type * from './types';
export type { ArticleQuery, ContentApi } from './api';
export { createContentApi, type ContentApiOptions, type ContentClient } from './service.server';
export {
  createStoryblokClient,
  type StoryblokClientInstance,
  type StoryblokClientOptions,
} from './client.server';
export {
  ContentError,
  ContentInputError,
  ContentNotFoundError,
  ContentRateLimitError,
  ContentUpstreamError,
} from './errors';
export type { Clock, FetchLike, Sleep } from './fetch-policy';
export type { Warn } from './map/common';
