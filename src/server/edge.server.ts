/**
 * Composition for the edge: configuration → Storyblok client → content API → render handler,
 * wrapped in one top-level catch that logs method, URL, status and duration.
 */
import { ConfigError, parseConfig } from '../config/env.ts';
import { createContentApi, createStoryblokClient, type ContentApi } from '../content/index.ts';
import type { ContentVersion } from '../content/types.ts';
import { createStoreApi } from '../store/api.ts';
import { createStoreClient } from '../store/client.ts';
import { createRenderHandler } from './handler.server.ts';
import { cachedProductSource } from '../blocks/products.server.ts';
import type { ClientManifest } from './manifest.ts';
import { ERROR_PAGE_FAILURE_HTML } from './render.server.tsx';
import { SECURITY_HEADERS } from './security-headers.ts';

export type EdgeOptions = {
  manifest: ClientManifest;
  env: Record<string, string | undefined>;
  /** Per-request access log; defaults to console.log. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
};

type Handler = (request: Request) => Promise<Response>;

function compose({ manifest, env, fetch: fetchImpl }: EdgeOptions): Handler {
  const config = parseConfig(env);
  if (!config.STORYBLOK_TOKEN) {
    throw new ConfigError('Invalid environment variable STORYBLOK_TOKEN: required to read content');
  }
  const baseUrl = config.BLOG_BASE_URL ?? config.URL;
  const clientFor = (token: string) =>
    createStoryblokClient({
      accessToken: token,
      endpoint: config.STORYBLOK_ENDPOINT,
      region: config.STORYBLOK_REGION,
      fetch: fetchImpl,
    });
  const tokens: Record<ContentVersion, string | undefined> = {
    published: config.STORYBLOK_TOKEN,
    // Drafts need the preview token; the public token is refused for version=draft.
    draft: config.STORYBLOK_PREVIEW_TOKEN,
  };
  const apis = new Map<ContentVersion, ContentApi>();
  const contentFor = (version: ContentVersion): ContentApi => {
    let api = apis.get(version);
    if (!api) {
      const token = tokens[version];
      if (!token)
        throw new ConfigError('Invalid environment variable STORYBLOK_PREVIEW_TOKEN: required for drafts');
      api = createContentApi({
        client: clientFor(token),
        version,
        now: () => new Date(),
        siteOrigin: baseUrl,
      });
      apis.set(version, api);
    }
    return api;
  };
  // The store, for product blocks; without it they render as "unavailable right now".
  const store =
    config.SHOPIFY_STORE_DOMAIN && config.SHOPIFY_STOREFRONT_TOKEN
      ? cachedProductSource(
          createStoreApi({
            client: createStoreClient({
              storeDomain: config.SHOPIFY_STORE_DOMAIN,
              publicStorefrontToken: config.SHOPIFY_STOREFRONT_TOKEN,
              ...(fetchImpl ? { fetch: fetchImpl } : {}),
            }),
            country: config.STORE_COUNTRY,
          }),
        )
      : null;
  return createRenderHandler({
    manifest,
    contentFor,
    store,
    siteName: config.SITE_NAME,
    baseUrl,
  });
}

/** The edge request handler; configuration is read on first use and errors name the variable. */
export function createEdgeHandler(options: EdgeOptions): Handler {
  const log = options.log ?? ((line: string) => console.log(line));
  let handler: Handler | undefined;
  return async (request) => {
    const started = Date.now();
    let status = 500;
    try {
      handler ??= compose(options);
      const response = await handler(request);
      status = response.status;
      return response;
    } catch (error) {
      console.error(`render failed: ${request.method} ${request.url}`, error);
      return new Response(ERROR_PAGE_FAILURE_HTML, {
        status,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          ...SECURITY_HEADERS,
        },
      });
    } finally {
      log(`${request.method} ${request.url} ${status} ${Date.now() - started}ms`);
    }
  };
}
