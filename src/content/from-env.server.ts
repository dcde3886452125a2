/**
 * The content service's composition root: configuration → Storyblok client → content API, one per
 * version (published with the public token, drafts with the preview token). The edge function, and
 * through it the local server, build content here and nowhere else.
 */
import { ConfigError, type Env } from '../config/env.ts';
import type { ContentApi } from './api.ts';
import { createStoryblokClient, type StoryblokClientInstance } from './client.server.ts';
import { createContentApi, type ContentClient } from './service.server.ts';
import { withEditedStory, type EditedStory } from './edited-story.server.ts';
import type { ContentVersion } from './types.ts';

export type ContentFor = ((version: ContentVersion, edited?: EditedStory) => ContentApi) & {
  /**
   * The space version the content webhook recorded after a publish: when it is newer than the one
   * the published client holds, the client's memory cache is dropped and requests carry the new
   * `cv` (Storyblok's documented cache-busting), so nothing from before the publish is served.
   */
  atSpaceVersion(cv: number): void;
};

/**
 * Content APIs by version, created on first use; throws a ConfigError naming a missing token.
 * With `edited` (live editing in the Visual Editor), a one-off draft API that shows that copy.
 */
export function createContentFromEnv(
  config: Env,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): ContentFor {
  if (!config.STORYBLOK_TOKEN) {
    throw new ConfigError('Invalid environment variable STORYBLOK_TOKEN: required to read content');
  }
  const tokens: Record<ContentVersion, string | undefined> = {
    published: config.STORYBLOK_TOKEN,
    // Drafts need the preview token; the public token is refused for version=draft.
    draft: config.STORYBLOK_PREVIEW_TOKEN,
  };
  const clients = new Map<ContentVersion, StoryblokClientInstance>();
  const clientFor = (version: ContentVersion): StoryblokClientInstance => {
    let client = clients.get(version);
    if (!client) {
      const token = tokens[version];
      if (!token) {
        throw new ConfigError('Invalid environment variable STORYBLOK_PREVIEW_TOKEN: required for drafts');
      }
      client = createStoryblokClient({
        accessToken: token,
        endpoint: config.STORYBLOK_ENDPOINT,
        region: config.STORYBLOK_REGION,
        fetch: options.fetch,
      });
      clients.set(version, client);
    }
    return client;
  };
  const apiFor = (version: ContentVersion, client: ContentClient) =>
    createContentApi({
      client,
      version,
      now: options.now ?? (() => new Date()),
      siteOrigin: config.BLOG_BASE_URL ?? config.URL,
      siteName: config.SITE_NAME,
    });
  const apis = new Map<ContentVersion, ContentApi>();
  const contentFor = (version: ContentVersion, edited?: EditedStory) => {
    if (edited) return apiFor('draft', withEditedStory(clientFor('draft'), edited));
    let api = apis.get(version);
    if (!api) {
      api = apiFor(version, clientFor(version));
      apis.set(version, api);
    }
    return api;
  };
  return Object.assign(contentFor, {
    atSpaceVersion(cv: number) {
      const client = clientFor('published');
      if (cv <= client.cacheVersion()) return;
      void client.flushCache();
      client.setCacheVersion(cv);
    },
  });
}
