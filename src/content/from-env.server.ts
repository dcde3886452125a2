/**
 * The content service's composition root: configuration → Storyblok client → content API, one per
 * version (published with the public token, drafts with the preview token). The edge function, and
 * through it the local server, build content here and nowhere else.
 */
import { ConfigError, type Env } from '../config/env.ts';
import type { ContentApi } from './api.ts';
import { createStoryblokClient } from './client.server.ts';
import { createContentApi } from './service.server.ts';
import type { ContentVersion } from './types.ts';

export type ContentFor = (version: ContentVersion) => ContentApi;

/** Content APIs by version, created on first use; throws a ConfigError naming a missing token. */
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
  const apis = new Map<ContentVersion, ContentApi>();
  return (version) => {
    let api = apis.get(version);
    if (!api) {
      const token = tokens[version];
      if (!token) {
        throw new ConfigError('Invalid environment variable STORYBLOK_PREVIEW_TOKEN: required for drafts');
      }
      const client = createStoryblokClient({
        accessToken: token,
        endpoint: config.STORYBLOK_ENDPOINT,
        region: config.STORYBLOK_REGION,
        fetch: options.fetch,
      });
      api = createContentApi({
        client,
        version,
        now: options.now ?? (() => new Date()),
        siteOrigin: config.BLOG_BASE_URL ?? config.URL,
        siteName: config.SITE_NAME,
      });
      apis.set(version, api);
    }
    return api;
  };
}
