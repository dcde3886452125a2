/**
 * The render handler: request → route match → loaders → streamed HTML with the global payload, or
 * the route's JSON payload for client navigations. Platform-neutral (runs in Deno and Node).
 */
import { createStaticHandler, type DataStrategyFunction, type StaticHandlerContext } from 'react-router';
import type { ContentApi } from '../content/api.ts';
import type { ContentVersion } from '../content/types.ts';
import { routes, withLoaders } from '../app/routes.ts';
import type { SiteInfo } from '../app/route-data.ts';
import { serializeRouteError } from '../app/payload.ts';
import { keptForDocument } from '../app/kept-cards.ts';
import { PAYLOAD_PREFIX, type InitialState, type RoutePayload } from '../shared/payload.ts';
import { listsArticles, publicCacheHeaders, withProductsOutcome } from './cache-headers.ts';
import {
  attachProducts,
  lookupProducts,
  type ProductLookups,
  type ProductSource,
} from '../blocks/products.server.ts';
import { serverLoader } from './loaders.server.ts';
import { assetsFor, type ClientManifest } from './manifest.ts';
import type { BlockScan } from '../blocks/walk.ts';
import { pageBlocksBeforeHydration, scanPage } from '../blocks/page-scan.server.ts';
import { createLastGood, staleHeaders, type GoodAnswer } from './last-good.server.ts';
import { blockModules, loadBlocks } from '../blocks/registry.tsx';
import { loadIslands } from '../blocks/deferred.tsx';
import { ERROR_PAGE_FAILURE_HTML, renderDocument } from './render.server.tsx';
import { checkCanonical, isDecodable } from './canonical-url.ts';
import { REDIRECT_CACHE_HEADERS, SECURITY_HEADERS } from './security-headers.ts';
import { STATIC_HTML_CSP } from '../http/security.ts';
import { newNonce, pagePolicyHeaders, pageSourcesFrom, type PageSources } from './content-security-policy.ts';
import { ContentError } from '../content/errors.ts';
import { emptyContentState, type ContentState } from '../content/state.ts';
import { editedStorySchema, type EditedStory } from '../content/edited-story.server.ts';
import { LIVE_PAYLOAD_PREFIX, PREVIEW_EXIT_PATH, type PreviewInfo } from '../shared/preview.ts';
import { clearedSessionCookie } from './preview-session.ts';
import {
  createPreview,
  draftHeaders,
  exitPreview,
  PREVIEW_CACHE_HEADERS,
  type Preview,
  type PreviewMode,
} from './preview.server.ts';
import { isCrossSite, problem, readJsonBody } from '../http/boundary.ts';
import { createDiscovery, isDiscoveryPath } from './discovery/index.ts';
import { WEB_MANIFEST_PATH } from './page-head/site-files.ts';
import { webManifestResponse } from './web-manifest.ts';

export type RenderHandlerOptions = {
  manifest: ClientManifest;
  /** Content by version; with `edited`, drafts showing the Visual Editor's unsaved copy of a story. */
  contentFor: (version: ContentVersion, edited?: EditedStory) => ContentApi;
  /** Who may see drafts (createPreview); default: nobody, and editor links get a 403. */
  preview?: Preview;
  /** What the content webhook recorded (space version, moved and removed pages); default: nothing. */
  contentState?: () => Promise<ContentState>;
  /** Told the recorded space version before each render (the content client moves to it). */
  onSpaceVersion?: (cv: number) => void;
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
  /** URLs per sitemap document before `/sitemap.xml` becomes an index (SITEMAP_URLS_PER_FILE; default 1,000). */
  sitemapUrls?: number;
  /** The origins pages load images, videos and players from (pageSourcesFrom(config)); default: the site's own and YouTube's player. */
  pageSources?: PageSources;
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

/** Site-wide defaults used when a story has no meta_info; `preview` for a preview session. */
export function siteInfo(name: string, baseUrl: string, now: Date, preview?: PreviewInfo): SiteInfo {
  return {
    name,
    baseUrl,
    defaultTitle: `${name} | Home boxing and kickboxing workouts, technique and gear`,
    defaultDescription: `Workouts, technique breakdowns, equipment guides, nutrition and trainer stories from ${name}, the home boxing and kickboxing studio.`,
    year: now.getUTCFullYear(),
    draft: preview !== undefined,
    ...(preview ? { preview } : {}),
  };
}

/** The largest unsaved story live editing accepts (Storyblok's own stories stay far below). */
const LIVE_BODY_LIMIT = 1_000_000;

/**
 * Headers by what the request may see: public caching for published content; private, unframed
 * only by the Visual Editor for drafts; and a dead preview cookie cleared without caching.
 */
function modeHeaders(mode: Exclude<PreviewMode, { kind: 'refused' }>, publicHeaders: Record<string, string>) {
  if (mode.kind === 'draft') return draftHeaders(mode);
  if (mode.endSession)
    return { ...SECURITY_HEADERS, ...PREVIEW_CACHE_HEADERS, 'Set-Cookie': clearedSessionCookie() };
  return { ...publicHeaders, ...SECURITY_HEADERS };
}

const METHOD_NOT_ALLOWED = () =>
  new Response('Method Not Allowed', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS },
  });

/**
 * A page's address, or its payload's when the request was for the payload: payload URLs mirror
 * page URLs, and home's is the bare prefix (`/_payload`, `/_payload?…`).
 */
function addressFor(location: string, isPayload: boolean): string {
  return isPayload ? `${PAYLOAD_PREFIX}${location.replace(/^\/(?=\?|$)/, '')}` : location;
}

/** The JSON answer to a payload request. */
function payloadResponse(request: Request, payload: RoutePayload, headers: Record<string, string>) {
  return withBody(request, JSON.stringify(payload), payload.status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
  });
}

/** The page a request asks for (a payload URL names its page), or the redirect to its one URL. */
function pageTarget(url: URL): Response | { target: URL; isPayload: boolean } {
  const isPayload = url.pathname === PAYLOAD_PREFIX || url.pathname.startsWith(`${PAYLOAD_PREFIX}/`);
  const target = new URL(url);
  if (isPayload) target.pathname = url.pathname.slice(PAYLOAD_PREFIX.length) || '/';
  // One URL per page, and every redirect a path on this site (never `//other.host`).
  const canonical = checkCanonical(target.pathname, target.search);
  if (canonical.kind === 'redirect') return redirect(addressFor(canonical.location, isPayload));
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

/**
 * How the static handler runs a page's loaders: every matched route's loader at once, with the
 * request, its params and the request's LoadContext; its value, or what it threw, is the route's
 * result (React Router turns a thrown `data()` into the route's error, as ever). Its own strategy
 * does the same through a URL object, an abort listener and a race per loader, for loaders that
 * are lazy or must stop on abort: ours are neither (a stopped request's render is cancelled after
 * them, and the router still answers it as aborted), and that was 2% of an article's edge render.
 */
const runLoaders: DataStrategyFunction<unknown> = async ({
  request,
  url,
  pattern,
  params,
  context,
  matches,
}) => {
  // As React Router's own strategy: a result for each match it asks to load, none for the rest.
  const toLoad = matches.filter((match) => match.shouldLoad);
  const results = await Promise.all(
    toLoad.map(async (match) => {
      const { loader } = match.route;
      if (typeof loader !== 'function') return match.resolve();
      try {
        return {
          type: 'data' as const,
          result: (await loader({ request, url, pattern, params, context })) as unknown,
        };
      } catch (error) {
        return { type: 'error' as const, result: error };
      }
    }),
  );
  return Object.fromEntries(toLoad.map((match, i) => [match.route.id, results[i]!]));
};

/** Build the platform-neutral request handler. */
export function createRenderHandler(options: RenderHandlerOptions) {
  const staticHandler = createStaticHandler(withLoaders(routes, serverLoader));
  const now = options.now ?? (() => new Date());
  const preview = options.preview ?? createPreview(null);
  const pageSources = options.pageSources ?? pageSourcesFrom({});
  const lastGood = createLastGood();
  const contentState = async () => {
    const state = options.contentState ? await options.contentState() : emptyContentState();
    if (state.cv !== null) options.onSpaceVersion?.(state.cv);
    return state;
  };
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  // robots.txt, the sitemap and the feeds: published content only, whoever asks.
  const discovery = createDiscovery({
    content: () => options.contentFor('published'),
    baseUrl: options.baseUrl ?? '',
    siteName: options.siteName,
    defaultDescription: siteInfo(options.siteName, '', now()).defaultDescription,
    ...(options.sitemapUrls ? { sitemapUrls: options.sitemapUrls } : {}),
    now,
    logError,
  });

  /** The streamed document for a handled request, or the last-resort page if its shell fails. */
  async function renderPage(request: Request, context: StaticHandlerContext, page: PageParts) {
    const { target, payload, routeIds, names, headers, products } = page;
    // The page's block renderers are code-split: load them before rendering, preload for the browser
    // those it hydrates with (blocks below the fold load later: registry.tsx).
    await Promise.all([loadBlocks(names), loadIslands()]);
    const nonce = newNonce();
    const preload = blockModules(pageBlocksBeforeHydration(payload.loaderData));
    const assets = { ...assetsFor(options.manifest, routeIds, preload), nonce };
    const state: InitialState = {
      ...payload,
      // The cards the HTML shows go as uuids: the browser keeps their markup (kept-cards.ts).
      loaderData: keptForDocument(payload.loaderData),
      assets: { css: assets.css, fonts: assets.fonts },
      siteName: options.siteName,
    };
    try {
      const stream = await renderDocument({
        handler: staticHandler,
        context,
        assets,
        inlineCss: options.manifest.inlineCss,
        state,
        signal: request.signal,
        onError: (error) => logError(`stream ${target.pathname}`, error),
        products,
      });
      // The shell is ready and the cards stream after it: the headers say what is known now.
      return withBody(request, stream, payload.status, {
        ...withProductsOutcome(headers, products.outcome()),
        ...pagePolicyHeaders(headers, nonce, pageSources),
        'Content-Type': 'text/html; charset=utf-8',
      });
    } catch (error) {
      logError(`shell ${target.pathname}`, error);
      const failure = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      return new Response(ERROR_PAGE_FAILURE_HTML, {
        status: 500,
        headers: { ...failure, ...SECURITY_HEADERS, 'Content-Security-Policy': STATIC_HTML_CSP },
      });
    }
  }

  /** Runs the matched loaders with the content a request may see; the payload and headers to send. */
  async function query(
    request: Request,
    target: URL,
    mode: Exclude<PreviewMode, { kind: 'refused' }>,
    edited?: EditedStory,
  ) {
    const draft = mode.kind === 'draft';
    const site = siteInfo(options.siteName, options.baseUrl ?? '', now(), draft ? mode.info : undefined);
    const content = draft ? options.contentFor('draft', edited) : options.contentFor('published');
    // The router's request is a GET of the page's own URL: most often the request itself.
    const inner =
      request.method === 'GET' && target.href === request.url
        ? request
        : new Request(target, { headers: request.headers, signal: request.signal });
    const context = await staticHandler.query(inner, {
      requestContext: { content, site },
      dataStrategy: runLoaders,
    });
    if (context instanceof Response) return context;

    const { status, outage, thrown, errors } = pageOutcome(context);
    const at = now();
    // A page listing articles is not cached past the moment the next scheduled one appears.
    const nextAt =
      !draft && status < 500 && listsArticles(context.matches.map((m) => m.route.id))
        ? await content.nextScheduleAt().catch(() => null)
        : null;
    if (status >= 500) for (const error of thrown) logError(`render ${target.pathname}`, error);
    const payload: RoutePayload = { status, loaderData: context.loaderData, errors };
    const routeIds = context.matches.map((m) => m.route.id);
    // One walk over the page's data: its blocks, products and story uuids.
    const scan = scanPage(context.loaderData, routeIds);
    const headers: Record<string, string> = {
      ...modeHeaders(
        mode,
        publicCacheHeaders(status, routeIds, context.loaderData, scan, { nextAt, now: at }),
      ),
      ...(outage ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } : {}),
    };
    return { context, payload, routeIds, names: scan.names, headers, outage, scan };
  }

  /**
   * Stale-if-error: a published page whose content could not be had (an outage) is answered with
   * its last good version, if this isolate has one; every good answer is remembered for that. Its
   * products are looked up afresh each time (with their own last good copies: products.server.ts).
   */
  function orLastGood(
    key: string,
    answer: GoodAnswer & { outage: boolean; scan: BlockScan },
    mode: Exclude<PreviewMode, { kind: 'refused' }>,
  ): GoodAnswer {
    if (mode.kind !== 'published' || mode.endSession) return answer;
    if (!answer.outage) {
      if (answer.payload.status === 200) lastGood.remember(key, answer);
      return answer;
    }
    const good = lastGood.recall(key);
    if (!good) return answer;
    logError(`serving the last good ${key}`, 'content outage');
    return { ...good, headers: staleHeaders(good.headers) };
  }

  /**
   * `POST /_preview/payload/<path>`: live editing. The Visual Editor's unsaved story goes through the
   * same loaders, mapping and block validation as saved content; only a preview session may ask.
   */
  async function livePayload(request: Request): Promise<Response> {
    const at = now();
    if (request.method === 'POST' && !(await preview.hasSession(request, at)))
      return problem(403, [
        {
          field: 'session',
          message: 'live editing needs a preview session: open the story from the Visual Editor',
        },
      ]);
    if (isCrossSite(request))
      return problem(403, [{ field: 'origin', message: 'cross-site requests are refused' }]);
    const body = await readJsonBody(request, LIVE_BODY_LIMIT);
    if (!body.ok) return body.response;
    const story = editedStorySchema.safeParse(body.body);
    if (!story.success) {
      const issues = story.error.issues.map((i) => ({
        field: ['story', ...i.path].join('.'),
        message: i.message,
      }));
      return problem(400, issues);
    }
    const url = new URL(request.url);
    const target = new URL(url);
    target.pathname = url.pathname.slice(LIVE_PAYLOAD_PREFIX.length) || '/';
    const mode = await preview.modeOf(request, target, at);
    if (mode.kind !== 'draft')
      return problem(403, [{ field: 'session', message: 'the preview session has ended' }]);
    const answer = await query(request, target, mode, story.data);
    if (answer instanceof Response) return answer;
    const products = lookupProducts(answer.scan.productHandles, options.store ?? null);
    return resolvedPayloadResponse(request, answer.payload, answer.headers, products);
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === PREVIEW_EXIT_PATH) return exitPreview(request);
    if (pathname === LIVE_PAYLOAD_PREFIX || pathname.startsWith(`${LIVE_PAYLOAD_PREFIX}/`))
      return livePayload(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return METHOD_NOT_ALLOWED();
    if (pathname === WEB_MANIFEST_PATH) {
      const site = siteInfo(options.siteName, options.baseUrl ?? '', now());
      return webManifestResponse(request, site.name, site.defaultDescription);
    }
    const resolved = pageTarget(url);
    if (resolved instanceof Response) return resolved;
    const { target, isPayload } = resolved;

    const state = await contentState();
    if (!isPayload && isDiscoveryPath(target.pathname)) return discovery(request);
    // A moved story's old address answers with its new one (the payload URL too).
    const movedTo = Object.hasOwn(state.redirects, target.pathname)
      ? state.redirects[target.pathname]
      : undefined;
    if (movedTo) return redirect(addressFor(`${movedTo}${target.search}`, isPayload));

    const mode = await preview.modeOf(request, target, now());
    if (mode.kind === 'refused') return mode.response;
    const queried = await query(request, target, mode);
    if (queried instanceof Response) return queried;
    const answer = orLastGood(`${target.pathname}${target.search}`, queried, mode);
    const { context, routeIds, names, headers } = answer;
    // A page whose story was unpublished or deleted is gone, not merely not found.
    const gone = answer.payload.status === 404 && Object.hasOwn(state.gone, target.pathname);
    const payload = gone ? { ...answer.payload, status: 410 } : answer.payload;
    // The page's products are asked for now; a page streams without waiting for them.
    const products = lookupProducts(answer.scan.productHandles, options.store ?? null);
    if (isPayload) return resolvedPayloadResponse(request, payload, headers, products);
    return renderPage(request, context, { target, payload, routeIds, names, headers, products });
  };
}

/**
 * A client navigation's payload waits for its products (within their budget): it is one JSON
 * answer, fetched ahead of the click by link prefetching, and the page renders once it is in.
 */
async function resolvedPayloadResponse(
  request: Request,
  payload: RoutePayload,
  headers: Record<string, string>,
  products: ProductLookups,
) {
  const found = await products.all();
  const loaderData = found.size > 0 ? attachProducts(payload.loaderData, found) : payload.loaderData;
  return payloadResponse(
    request,
    { ...payload, loaderData },
    withProductsOutcome(headers, products.outcome()),
  );
}

type PageParts = {
  target: URL;
  payload: RoutePayload;
  routeIds: string[];
  names: Set<string>;
  headers: Record<string, string>;
  products: ProductLookups;
};
