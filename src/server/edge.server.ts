/**
 * Composition for the edge: configuration → Storyblok client → content API → render handler,
 * wrapped in one top-level catch that logs method, URL, status and duration.
 */
import { ConfigError, parseConfig } from '../config/env';
import { createContentApi, createStoryblokClient } from '../content';
import type { ContentVersion } from '../content/types';
import { createRenderHandler } from './handler.server';
import type { ClientManifest } from './manifest';
import { ERROR_PAGE_FAILURE_HTML } from './render.server';

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
  const published = createStoryblokClient({
    accessToken: config.STORYBLOK_TOKEN,
    endpoint: config.STORYBLOK_ENDPOINT,
    region: config.STORYBLOK_REGION,
    fetch: fetchImpl,
  });
  const apis = new Map<ContentVersion, ReturnType<typeof createContentApi>>();
  const contentFor = (version: ContentVersion) => {
    let api = apis.get(version);
    if (!api) {
      api = createContentApi({ client: published, version, now: () => new Date() });
      apis.set(version, api);
    }
    return api;
  };
  return createRenderHandler({
    manifest,
    contentFor,
    siteName: config.SITE_NAME,
    baseUrl: config.BLOG_BASE_URL ?? config.URL,
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
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    } finally {
      log(`${request.method} ${request.url} ${status} ${Date.now() - started}ms`);
    }
  };
}
