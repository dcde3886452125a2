/**
 * The render handler: request → route match → loaders → streamed HTML with the global payload, or
 * the route's JSON payload for client navigations. Platform-neutral (runs in Deno and Node).
 */
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import type { ContentApi } from '../content/api.ts';
import type { ContentVersion } from '../content/types.ts';
import { routes, withLoaders } from '../app/routes.ts';
import type { SiteInfo } from '../app/route-data.ts';
import { serializeRouteError } from '../app/payload.ts';
import { PAYLOAD_PREFIX, type InitialState, type RoutePayload } from '../shared/payload.ts';
import { publicCacheHeaders } from './cache-headers.ts';
import type { ProductSource } from '../blocks/products.server.ts';
import { serverLoader } from './loaders.server.ts';
import { assetsFor, type ClientManifest } from './manifest.ts';
import { scanPage } from '../blocks/walk.ts';
import { blockModules, loadBlocks } from '../blocks/registry.tsx';
import { ERROR_PAGE_FAILURE_HTML, renderDocument } from './render.server.tsx';
import { checkCanonical, isDecodable } from './canonical-url.ts';
import { REDIRECT_CACHE_HEADERS, SECURITY_HEADERS } from './security-headers.ts';
import { ContentError } from '../content/errors.ts';

export type RenderHandlerOptions = {
  manifest: ClientManifest;
  contentFor: (version: ContentVersion) => ContentApi;
  /** Products for product blocks; null or absent: they show "unavailable right now". */
  store?: ProductSource | null;
  siteName: string;
  /**
   * Public origin (`BLOG_BASE_URL` or `URL`) for canonical and social URLs. Never taken from the
   * request: its authority is whatever the client sent. Without one, pages carry no canonical URL.
   */
  baseUrl?: string;
  now?: () => Date;
  logError?: (message: string, error: unknown) => void;
};

/** Seconds a client should wait before asking again while the CMS is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** The CMS itself failed (after the client's retries): unreachable, 5xx, or 429 throughout. */
function isContentOutage(error: unknown): boolean {
  return error instanceof ContentError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

function redirect(location: string): Response {
  return new Response(null, {
    status: 301,
    headers: { Location: location, ...REDIRECT_CACHE_HEADERS, ...SECURITY_HEADERS },
  });
}

/** Site-wide defaults used when a story has no meta_info. */
export function siteInfo(name: string, baseUrl: string, now: Date): SiteInfo {
  return {
    name,
    baseUrl,
    defaultTitle: `${name} | Home boxing and kickboxing workouts, technique and gear`,
    defaultDescription: `Workouts, technique breakdowns, equipment guides, nutrition and trainer stories from ${name}, the home boxing and kickboxing studio.`,
    year: now.getUTCFullYear(),
    draft: false,
  };
}

const METHOD_NOT_ALLOWED = () =>
  new Response('Method Not Allowed', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS },
  });

/** The page a request asks for (a payload URL names its page), or the redirect to its one URL. */
function pageTarget(request: Request): Response | { target: URL; isPayload: boolean } {
  const url = new URL(request.url);
  const isPayload = url.pathname === PAYLOAD_PREFIX || url.pathname.startsWith(`${PAYLOAD_PREFIX}/`);
  const target = new URL(url);
  if (isPayload) target.pathname = url.pathname.slice(PAYLOAD_PREFIX.length) || '/';
  // One URL per page, and every redirect a path on this site (never `//other.host`).
  const canonical = checkCanonical(target.pathname, target.search);
  if (canonical.kind === 'redirect') {
    const { location } = canonical;
    // Payload URLs mirror page URLs: home's is the bare prefix (`/_payload`, `/_payload?…`).
    return redirect(isPayload ? `${PAYLOAD_PREFIX}${location.replace(/^\/(?=\?|$)/, '')}` : location);
  }
  // react-router decodes the path to match it: an undecodable one (`/%`, `/%FF`) is matched as
  // the literal text it is (a 404) rather than logged as a warning on every such request.
  if (!isDecodable(target.pathname)) target.pathname = target.pathname.replace(/%/g, '%25');
  return { target, isPayload };
}

/** The answer's status and its serialized route errors; a CMS outage is a 503, not our 500. */
function pageOutcome(context: StaticHandlerContext) {
  const thrown = Object.values(context.errors ?? {});
  // The CMS being down is not our bug: 503 with Retry-After, so clients and crawlers come back.
  const outage = context.statusCode >= 500 && thrown.some(isContentOutage);
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([id, e]) => [id, serializeRouteError(e)]))
    : null;
  return { status: outage ? 503 : context.statusCode, outage, thrown, errors };
}

function withBody(request: Request, body: BodyInit, status: number, headers: Record<string, string>) {
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** Build the platform-neutral request handler. */
export function createRenderHandler(options: RenderHandlerOptions) {
  const staticHandler = createStaticHandler(withLoaders(routes, serverLoader));
  const now = options.now ?? (() => new Date());
  const logError = options.logError ?? ((message, error) => console.error(message, error));

  /** The streamed document for a handled request, or the last-resort page if its shell fails. */
  async function renderPage(request: Request, context: StaticHandlerContext, page: PageParts) {
    const { target, payload, routeIds, names, headers } = page;
    // The page's block renderers are code-split: load them before rendering, preload them for the browser.
    await loadBlocks(names);
    const assets = assetsFor(options.manifest, routeIds, blockModules(names));
    const state: InitialState = { ...payload, assets, siteName: options.siteName };
    try {
      const stream = await renderDocument({
        handler: staticHandler,
        context,
        assets,
        state,
        signal: request.signal,
        onError: (error) => logError(`stream ${target.pathname}`, error),
      });
      return withBody(request, stream, payload.status, {
        ...headers,
        'Content-Type': 'text/html; charset=utf-8',
      });
    } catch (error) {
      logError(`shell ${target.pathname}`, error);
      const failure = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      return new Response(ERROR_PAGE_FAILURE_HTML, {
        status: 500,
        headers: { ...failure, ...SECURITY_HEADERS },
      });
    }
  }

  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return METHOD_NOT_ALLOWED();
    const resolved = pageTarget(request);
    if (resolved instanceof Response) return resolved;
    const { target, isPayload } = resolved;

    const site = siteInfo(options.siteName, options.baseUrl ?? '', now());
    const content = options.contentFor('published');
    const inner = new Request(target, { headers: request.headers, signal: request.signal });
    const context = await staticHandler.query(inner, {
      requestContext: { content, site, store: options.store ?? null },
    });
    if (context instanceof Response) return context;

    const { status, outage, thrown, errors } = pageOutcome(context);
    if (status >= 500) for (const error of thrown) logError(`render ${target.pathname}`, error);
    const payload: RoutePayload = { status, loaderData: context.loaderData, errors };
    const routeIds = context.matches.map((m) => m.route.id);
    // One walk over the page's data: its blocks, products and story uuids.
    const scan = scanPage(context.loaderData, routeIds);
    const headers: Record<string, string> = {
      ...publicCacheHeaders(status, routeIds, context.loaderData, scan),
      ...SECURITY_HEADERS,
      ...(outage ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } : {}),
    };
    if (isPayload) {
      return withBody(request, JSON.stringify(payload), status, {
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
      });
    }
    return renderPage(request, context, { target, payload, routeIds, names: scan.names, headers });
  };
}

type PageParts = {
  target: URL;
  payload: RoutePayload;
  routeIds: string[];
  names: Set<string>;
  headers: Record<string, string>;
};
