/** Runs our ContentApi through the real storyblok-js-client against the local stand-in (in-process). */
import { createStoryblokClient } from '../../../src/content/client.server';
import { createContentApi } from '../../../src/content/service.server';
import type { ContentVersion } from '../../../src/content/types';
import type { WireStory } from '../../../src/content/wire';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';

export const NOW = new Date('2024-06-01T12:00:00Z');
let seq = 0;

/** A fresh stand-in with unique tokens (the client's cache and cv map are module-global). */
export function standIn(
  stories: WireStory[],
  opts: { draftStories?: WireStory[]; version?: ContentVersion; cache?: 'memory' | 'none' } = {},
) {
  const id = ++seq;
  const publicToken = `public-${id}-${Date.now()}`;
  const previewToken = `preview-${id}-${Date.now()}`;
  const service = createContentService({
    stories,
    draftStories: opts.draftStories ?? [],
    publicToken,
    previewToken,
  });
  const version = opts.version ?? 'published';
  let clock = 0;
  const client = createStoryblokClient({
    accessToken: version === 'draft' ? previewToken : publicToken,
    endpoint: 'http://content.local/v2',
    fetch: createContentServiceFetch(service),
    cache: opts.cache ?? 'none',
    // Virtual time for our limiter: a wait advances the clock instead of blocking the test.
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  const warnings: string[] = [];
  const api = createContentApi({
    client,
    version,
    now: () => NOW,
    log: (m) => warnings.push(m),
    siteOrigin: 'https://roundhouse.example',
  });
  /** Query parameters of every request the stand-in received, in order. */
  const sent = () => service.requests.map((r) => new URL(r.url));
  return { api, client, service, warnings, sent };
}
