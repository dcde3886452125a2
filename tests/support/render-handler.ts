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

/** A clock that moves only when the limiter sleeps: its waits take no real time. */
function virtualClock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
  };
}

export function setupRenderHandler(
  options: Parameters<typeof makeSite>[0] & {
    baseUrl?: string | null;
    /** URLs per sitemap document (SITEMAP_URLS_PER_FILE). */
    sitemapUrls?: number;
    /** The content client's rate limiter on a virtual clock: many requests, no waiting. */
    virtualTime?: boolean;
    /** Changes to the content before the stand-in serves it (extra or odd stories). */
    edit?: (site: ReturnType<typeof makeSite>) => void;
  } = {},
) {
  const site = makeSite(options);
  options.edit?.(site);
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
    ...(options.virtualTime ? virtualClock() : {}),
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
    ...(options.sitemapUrls ? { sitemapUrls: options.sitemapUrls } : {}),
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
