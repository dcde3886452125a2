/**
 * The render handler in-process over a small content set: the local Storyblok stand-in, the real
 * storyblok-js-client, the content API and the React server render.
 */
import { createStoryblokClient } from '../../src/content/client.server';
import { createContentApi } from '../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../src/local/content-service';
import { createRenderHandler } from '../../src/server/handler.server';
import type { ClientManifest } from '../../src/server/manifest';
import { makeSite } from './stories';

export const testManifest: ClientManifest = {
  entry: '/assets/entry-TEST.js',
  entryImports: ['/assets/chunks/shared-TEST.js'],
  css: ['/assets/entry-TEST.css'],
  routes: { article: { file: '/assets/article-TEST.js', imports: [] } },
};

let setups = 0;

export function setupRenderHandler(
  options: Parameters<typeof makeSite>[0] & { baseUrl?: string | null } = {},
) {
  const site = makeSite(options);
  // The client's memory cache is module-global and keyed by token: a token per setup isolates them.
  const token = `pub-token-${++setups}`;
  const service = createContentService({
    stories: site.stories,
    publicToken: token,
    previewToken: 'prev-token',
  });
  const client = createStoryblokClient({
    accessToken: token,
    endpoint: 'http://content.test/v2',
    fetch: createContentServiceFetch(service),
  });
  const content = createContentApi({
    client,
    version: 'published',
    now: () => new Date('2026-06-01T12:00:00Z'),
  });
  const baseUrl = options.baseUrl === undefined ? 'https://example.test' : options.baseUrl;
  const handle = createRenderHandler({
    manifest: testManifest,
    contentFor: () => content,
    siteName: 'Roundhouse',
    ...(baseUrl === null ? {} : { baseUrl }),
    now: () => new Date('2026-06-01T12:00:00Z'),
  });
  /** GET a path (or a whole URL, to send another authority) through the handler. */
  const get = async (pathOrUrl: string, init?: RequestInit) => {
    const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `https://example.test${pathOrUrl}`;
    const res = await handle(new Request(url, init));
    return { res, body: await res.text() };
  };
  return { site, service, content, get, handle };
}
