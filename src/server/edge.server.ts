/**
 * Composition for the edge: configuration → content and store (their own composition roots) → render handler,
 * wrapped in one top-level catch that logs method, URL, status and duration.
 */
import { parseConfig } from '../config/env.ts';
import { createContentFromEnv } from '../content/from-env.server.ts';
import { createStoreFromEnv } from '../store/from-env.ts';
import { createRenderHandler } from './handler.server.ts';
import { createPreview, previewConfigFrom } from './preview.server.ts';
import { cachedContentState, type ReadContentState } from './content-state.server.ts';
import { cachedProductSource } from '../blocks/products.server.ts';
import type { ClientManifest } from './manifest.ts';
import { ERROR_PAGE_FAILURE_HTML } from './render.server.tsx';
import { SECURITY_HEADERS } from './security-headers.ts';
import { pageSourcesFrom } from './content-security-policy.ts';
import { STATIC_HTML_CSP } from '../http/security.ts';

export type EdgeOptions = {
  manifest: ClientManifest;
  env: Record<string, string | undefined>;
  /** Per-request access log; defaults to console.log. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
  /** Reads the content state the content webhook keeps in Netlify Blobs (cached per isolate). */
  readContentState?: ReadContentState;
};

type Handler = (request: Request) => Promise<Response>;

function compose({ manifest, env, fetch: fetchImpl, readContentState }: EdgeOptions): Handler {
  const config = parseConfig(env);
  const options = fetchImpl ? { fetch: fetchImpl } : {};
  // The store, for product blocks; without it they render as "unavailable right now".
  const store = createStoreFromEnv(config, options);
  const contentFor = createContentFromEnv(config, options);
  return createRenderHandler({
    manifest,
    contentFor,
    ...(readContentState
      ? {
          contentState: cachedContentState(readContentState),
          onSpaceVersion: (cv) => contentFor.atSpaceVersion(cv),
        }
      : {}),
    store: store && cachedProductSource(store),
    siteName: config.SITE_NAME,
    baseUrl: config.BLOG_BASE_URL ?? config.URL,
    sitemapUrls: config.SITEMAP_URLS_PER_FILE,
    preview: createPreview(previewConfigFrom(config)),
    pageSources: pageSourcesFrom(config),
  });
}

/**
 * The URL as the access log writes it: a Visual Editor link's token opens drafts for an hour, so
 * the log keeps that it was there, not its value.
 */
export function loggable(url: string): string {
  return url.replace(/(_storyblok_tk(?:%5B|\[)token(?:%5D|\])=)[^&]*/gi, '$1[redacted]');
}

/** The access log's status for a request its client abandoned (nginx's convention). */
const CLIENT_CLOSED = 499;

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
      // The visitor left (a navigation aborted its payload): nobody is waiting, and nothing failed.
      if (request.signal.aborted) {
        status = CLIENT_CLOSED;
        return new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
      }
      console.error(`render failed: ${request.method} ${loggable(request.url)}`, error);
      return new Response(ERROR_PAGE_FAILURE_HTML, {
        status,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          ...SECURITY_HEADERS,
          'Content-Security-Policy': STATIC_HTML_CSP,
        },
      });
    } finally {
      log(`${request.method} ${loggable(request.url)} ${status} ${Date.now() - started}ms`);
    }
  };
}
