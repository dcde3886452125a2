/**
 * The render handler in-process over the demo content and the demo store: the local Storyblok and
 * Storefront stand-ins behind the real clients, the content and store APIs and the React server
 * render, with a configured origin (every page's canonical and social URLs).
 */
import { createStoryblokClient } from '../../src/content/client.server';
import { createContentApi } from '../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../src/local/content-service';
import { loadDemoStories } from '../../src/local/demo';
import { createStoreService } from '../../src/local/store-service/index';
import { createRenderHandler } from '../../src/server/handler.server';
import { createStoreApi } from '../../src/store/api';
import { createStoreClient } from '../../src/store/client';
import { testManifest } from './render-handler';

export const DEMO_ORIGIN = 'https://www.roundhouse.test';
const NOW = new Date('2026-11-20T12:00:00Z');

let setups = 0;

/** A render handler over the demo content and catalog; `get` answers a path on DEMO_ORIGIN. */
export async function setupDemoHandler() {
  const demo = await loadDemoStories();
  // The client's memory cache is module-global and keyed by token: a token per setup isolates them.
  const token = `demo-token-${++setups}`;
  const service = createContentService({
    stories: demo.published,
    publicToken: token,
    previewToken: 'demo-preview',
    assetOrigin: '/a',
  });
  const content = createContentApi({
    client: createStoryblokClient({
      accessToken: token,
      endpoint: 'http://content.test/v2',
      fetch: createContentServiceFetch(service),
    }),
    version: 'published',
    now: () => NOW,
  });
  const storeService = createStoreService({
    publicToken: 'store-token',
    basePath: '/_shopify',
    origin: 'http://store.test',
  });
  const store = createStoreApi({
    client: createStoreClient({
      storeDomain: 'http://store.test/_shopify',
      publicStorefrontToken: 'store-token',
      fetch: (input, init) => storeService.handle(new Request(input, init)),
    }),
    country: 'US',
  });
  const handle = createRenderHandler({
    manifest: testManifest,
    contentFor: () => content,
    store,
    siteName: 'Roundhouse',
    baseUrl: DEMO_ORIGIN,
    now: () => NOW,
  });
  const get = async (path: string) => {
    const res = await handle(new Request(`${DEMO_ORIGIN}${path}`));
    return { res, body: await res.text() };
  };
  return { get, handle, content };
}
