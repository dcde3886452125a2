/**
 * The local stack: one Node process serving the built site, the render handler (the same code the
 * edge function runs), Netlify function routes and the local Storyblok stand-in over demo content
 * with its editor (`/_local/editor`).
 * `npm start` runs it; no account and no network needed.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, parseConfig } from '../config/env.ts';
import { createEmailCapture, SIGNUP_STORE_NAME } from '../functions/email-capture/index.ts';
import { createCspReport, CSP_REPORT_STORE_NAME } from '../functions/csp-report/index.ts';
import { createEdgeHandler } from '../server/edge.server.ts';
import { parseClientManifest } from '../server/manifest.ts';
import { createContentService } from './content-service/index.ts';
import { serveOnLoopback } from './content-service/node-http.ts';
import { demoAssetPath, loadDemoStories } from './demo/index.ts';
import { startLocalBlobs, type LocalBlobs } from './blobs.ts';
import { createEmailSink } from './email-sink.ts';
import {
  createAnalyticsCollector,
  LOCAL_ANALYTICS_PATH,
  LOCAL_SEGMENT_PREFIX,
} from './analytics-collector.ts';
import { createEvents } from '../functions/events/index.ts';
import { createStoreService } from './store-service/index.ts';
import { createCart } from '../functions/cart/index.ts';
import { handleImageRequest } from './image-service.ts';
import { lengthenDemoArticles, scaleDemoStories } from './demo/scale.ts';
import { serveFile } from './static-files.ts';
import { refused, refuseLocalTool, refuseNonJson } from './guard.ts';
import { loadNetlifyHeaders, withStaticHeaders } from './netlify-headers.ts';
import { parseLocalEnv } from './env.ts';
import { FUNCTION_PATHS, FUNCTIONS_PREFIX, type FunctionName } from '../functions/paths.ts';
import { messageOf } from '../shared/errors.ts';
import { z } from 'zod';
import { json, problem, readJsonBody } from '../http/boundary.ts';
import { CONTENT_STATE_KEY, CONTENT_STATE_STORE } from '../content/state.ts';
import { createLocalEditor, EDITOR_PATH } from './editor/index.ts';
import { createPublishWebhook } from './editor/publish-webhook.ts';
import { createLocalEdge, LOCAL_NETLIFY_API_PREFIX, PURGE_PATH } from './cdn/index.ts';
import { createPurge } from '../functions/purge.ts';
import { createContentWebhook, type PurgeTags } from '../functions/content-webhook/index.ts';

const LOCAL_PUBLIC_TOKEN = 'local-public-token';
const LOCAL_PREVIEW_TOKEN = 'local-preview-token';
/** The stand-in's space (its `/v2/cdn/spaces/me` id), which its preview links name. */
const LOCAL_SPACE_ID = '1';

type LocalServerOptions = {
  env: Record<string, string | undefined>;
  distDir: string;
  /** Scale demo content to this many articles (benchmarks). */
  demoArticles?: number;
  /** Say each demo article's body this many times over (the bench's page-size series). */
  demoArticleLength?: number;
  quiet?: boolean;
  /** Where Netlify Blobs keep their files (sign-ups survive a restart). */
  dataDir?: string;
  /** How often the email retry job runs (the deployed schedule is every 5 minutes). */
  emailRetryIntervalMs?: number;
  /** Whose `[[headers]]` rules the static files get (the repository's netlify.toml by default). */
  netlifyConfigPath?: string;
  /** Where a publish in the local editor sends Storyblok's publish webhook (LOCAL_PUBLISH_WEBHOOK_URL). */
  publishWebhookUrl?: string;
  /** The local CDN in front of the render handler (LOCAL_CDN=off: false). */
  cdn?: boolean;
  /** The local purge API's bearer token (LOCAL_PURGE_TOKEN); random per start by default. */
  purgeToken?: string;
};

const LOCAL_SINK_PREFIX = '/_local/klaviyo';
const LOCAL_STORE_PREFIX = '/_local/shopify';
const LOCAL_STOREFRONT_TOKEN = 'local-storefront-token';
/** The local collector's write key: what the events function forwards with when SEGMENT_WRITE_KEY is unset. */
const LOCAL_SEGMENT_WRITE_KEY = 'local-segment-write-key';

/** Start the local stack; resolves once it listens. */
// Long by design: the local stack's composition root; the router closes over every service built here.
export async function startLocalServer({
  env,
  distDir,
  demoArticles,
  demoArticleLength = 1,
  quiet,
  dataDir = path.resolve(process.cwd(), '.netlify', 'local-data'),
  emailRetryIntervalMs = 5000,
  netlifyConfigPath = path.resolve(distDir, '..', 'netlify.toml'),
  publishWebhookUrl,
  cdn = true,
  purgeToken,
}: LocalServerOptions) {
  const config = parseConfig(env);
  const staticHeaders = await loadNetlifyHeaders(netlifyConfigPath);
  // A file Netlify serves itself: the CDN's default caching, then netlify.toml's rules for its path.
  const staticFile = async (root: string, pathname: string, method: string) => {
    const file = await serveFile(root, pathname, NETLIFY_DEFAULT_CACHE, method);
    return file && withStaticHeaders(file, staticHeaders(pathname));
  };
  const manifest = parseClientManifest(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
  const publicDir = path.join(distDir, 'public');
  const useLocalContent = !config.STORYBLOK_TOKEN;
  const log = quiet ? () => {} : (line: string) => console.log(line);
  const warn = (line: string) => console.warn(line);

  // Storyblok's webhook: the secret both the content webhook and the editor's Publish sign with.
  const webhookSecret = config.STORYBLOK_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
  // Set once the server knows its address (the webhook's default target is the site itself).
  let publishWebhook: ReturnType<typeof createPublishWebhook> | null = null;

  // Content: without a Storyblok token, the stand-in over the demo stories and its local editor.
  let contentService: ReturnType<typeof createContentService> | null = null;
  let editor: ReturnType<typeof createLocalEditor> | null = null;
  if (useLocalContent) {
    const demo = await loadDemoStories();
    const scaled = demoArticles ? scaleDemoStories(demo.published, demoArticles) : demo.published;
    const stories = lengthenDemoArticles(scaled, demoArticleLength);
    contentService = createContentService({
      stories,
      draftStories: demo.draft,
      publicToken: LOCAL_PUBLIC_TOKEN,
      previewToken: LOCAL_PREVIEW_TOKEN,
      assetOrigin: '/a',
      onPublish: (event) => publishWebhook?.(event),
      log: warn,
    });
    editor = createLocalEditor({
      content: contentService,
      previewToken: LOCAL_PREVIEW_TOKEN,
      spaceId: LOCAL_SPACE_ID,
    });
  }

  // Email capture: the function, its Blobs store and, without a provider account, the loopback sink.
  const blobs = await startLocalBlobs(path.join(dataDir, 'blobs'));
  const useLocalSink = !config.KLAVIYO_COMPANY_ID;
  const emailSink = useLocalSink ? createEmailSink({ prefix: LOCAL_SINK_PREFIX }) : null;
  const background = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    background.add(promise);
    void promise.finally(() => background.delete(promise)).catch(() => {});
  };

  // Analytics: without a Segment write key, the events function forwards to the local collector.
  const analyticsCollector = config.SEGMENT_WRITE_KEY
    ? null
    : createAnalyticsCollector({ writeKey: LOCAL_SEGMENT_WRITE_KEY });

  // The store: without a Shopify domain, the local Storefront stand-in over the demo catalog.
  const storeService = config.SHOPIFY_STORE_DOMAIN
    ? null
    : createStoreService({
        publicToken: LOCAL_STOREFRONT_TOKEN,
        dataFile: path.join(dataDir, 'store', 'carts.json'),
        basePath: LOCAL_STORE_PREFIX,
      });
  let functions: Map<string, (request: Request) => Promise<Response>> | null = null;

  let render: (request: Request) => Promise<Response> = async () => new Response('starting', { status: 503 });
  // Netlify's CDN as far as it is documented (src/local/cdn): in front of the render handler, with
  // its purge API at /_local/netlify/api/v1/purge; static files get its compression.
  const edge = createLocalEdge({ enabled: cdn, origin: (request) => render(request), purgeToken, log });
  const server = await serveOnLoopback(async (request) => {
    const { pathname } = new URL(request.url);
    if (isLocalTool(pathname)) {
      const navigable = storeService !== null && pathname.startsWith(`${storeService.paths.checkout}/`);
      const reason = refuseLocalTool(request, { navigable });
      if (reason) return refused(403, reason);
      const notJson =
        pathname.startsWith(`${LOCAL_SINK_PREFIX}/_sink/`) ||
        pathname === LOCAL_ANALYTICS_PATH ||
        pathname.startsWith(`${LOCAL_ANALYTICS_PATH}/`) ||
        pathname.startsWith(`${LOCAL_SEGMENT_PREFIX}/`)
          ? refuseNonJson(request)
          : null;
      if (notJson) return refused(415, notJson);
    }
    const cdnTool = edge.tool(request, pathname);
    if (cdnTool) return cdnTool;
    if (contentService && pathname.startsWith('/v2/')) return contentService.handle(request);
    if (pathname === CONTENT_FAULTS_PATH)
      return faultSwitch(request, contentFaultsBody, contentService?.faults ?? null);
    if (pathname === CONTENT_REQUESTS_PATH) return contentRequests(request, contentService);
    if (pathname === STORE_FAULTS_PATH)
      return faultSwitch(request, storeFaultsBody, storeService?.faults ?? null);
    if (pathname === BLOBS_FAULTS_PATH) return faultSwitch(request, blobsFaultsBody, blobsFaults(blobs));
    if (pathname === EDITOR_PATH || pathname.startsWith(`${EDITOR_PATH}/`)) {
      return editor ? editor.handle(request) : notFound();
    }
    if (pathname.startsWith('/assets/')) {
      const asset = await staticFile(publicDir, pathname, request.method);
      return asset ? edge.compressStatic(request, asset) : notFound();
    }
    if (pathname.startsWith('/a/f/')) {
      // Demo images through the local image service (originals, and `/m/…` resized with sharp).
      const image = await handleImageRequest(pathname, request.headers.get('accept'));
      if (image) {
        return request.method === 'HEAD'
          ? new Response(null, { status: image.status, headers: image.headers })
          : image;
      }
      // Other demo assets (videos): the plain file.
      const file = demoAssetPath(pathname.split('/').pop() ?? '');
      if (!file) return notFound();
      return (
        (await serveFile(path.dirname(file), path.basename(file), 'public, max-age=86400', request.method)) ??
        notFound()
      );
    }
    if (emailSink && pathname.startsWith(`${LOCAL_SINK_PREFIX}/`)) return emailSink.handle(request);
    if (analyticsCollector?.matches(pathname)) return analyticsCollector.handle(request);
    if (storeService?.matches(pathname)) return storeService.handle(request);
    const fn = functions?.get(pathname);
    if (fn) return fn(request);
    if (pathname.startsWith(FUNCTIONS_PREFIX)) {
      return Response.json({ error: 'Unknown function' }, { status: 404 });
    }
    if (pathname !== '/' && /\.[a-z0-9]+$/i.test(pathname)) {
      const file = await staticFile(publicDir, pathname, request.method);
      if (file) return edge.compressStatic(request, file);
    }
    return edge.front(request);
  }, config.PORT);

  render = createEdgeHandler({
    manifest,
    env: {
      ...env,
      // Canonical URLs come from configuration only; locally the site's own address stands in.
      ...(env.URL || env.BLOG_BASE_URL ? {} : { URL: `http://localhost:${new URL(server.url).port}` }),
      // The stand-in's tokens and space: its local editor opens previews signed for them, framed
      // by the site's own origin (the editor's page), which is also where the bridge reports.
      ...(useLocalContent
        ? {
            STORYBLOK_TOKEN: LOCAL_PUBLIC_TOKEN,
            STORYBLOK_PREVIEW_TOKEN: LOCAL_PREVIEW_TOKEN,
            STORYBLOK_SPACE_ID: LOCAL_SPACE_ID,
            STORYBLOK_EDITOR_ORIGIN: 'self',
            STORYBLOK_ENDPOINT: `${server.url}/v2`,
          }
        : {}),
      ...(storeService
        ? {
            SHOPIFY_STORE_DOMAIN: `${server.url}${LOCAL_STORE_PREFIX}`,
            SHOPIFY_STOREFRONT_TOKEN: LOCAL_STOREFRONT_TOKEN,
          }
        : {}),
    },
    log: quiet ? () => {} : (line) => console.log(line),
    // The content webhook's record (space version, moved and removed pages), from the local Blobs.
    readContentState: () => blobs.store(CONTENT_STATE_STORE).get(CONTENT_STATE_KEY, { type: 'json' }),
  });

  const emailEnv = useLocalSink
    ? {
        ...config,
        KLAVIYO_COMPANY_ID: 'LOCAL',
        KLAVIYO_LIST_ID: 'local-newsletter',
        EMAIL_PROVIDER_URL: `${server.url}${LOCAL_SINK_PREFIX}`,
      }
    : config;
  const capture = createEmailCapture(emailEnv, blobs.store(SIGNUP_STORE_NAME), { log });
  const cspReport = createCspReport(blobs.store(CSP_REPORT_STORE_NAME), {
    limit: config.CSP_REPORT_RATE_LIMIT,
    log: warn,
  });
  const cart = createCart(
    storeService
      ? {
          ...config,
          SHOPIFY_STORE_DOMAIN: `${server.url}${LOCAL_STORE_PREFIX}`,
          SHOPIFY_STOREFRONT_TOKEN: LOCAL_STOREFRONT_TOKEN,
        }
      : config,
    { log },
  );
  const events = createEvents(
    analyticsCollector
      ? {
          ...config,
          SEGMENT_WRITE_KEY: LOCAL_SEGMENT_WRITE_KEY,
          SEGMENT_API_HOST: analyticsCollector.apiHost(server.url),
        }
      : config,
    { log },
  );
  // The CDN purge the app calls (the content webhook): purgeCache pointed at the local purge API.
  const purge = createPurge({
    apiURL: `${server.url}${LOCAL_NETLIFY_API_PREFIX}`,
    token: edge.purgeToken,
    siteID: edge.siteId,
  });
  const purgeTags: PurgeTags = purge;
  const contentWebhook = createContentWebhook(
    {
      ...config,
      STORYBLOK_WEBHOOK_SECRET: webhookSecret,
      ...(useLocalContent
        ? {
            STORYBLOK_TOKEN: LOCAL_PUBLIC_TOKEN,
            STORYBLOK_ENDPOINT: `${server.url}/v2`,
            STORYBLOK_SPACE_ID: LOCAL_SPACE_ID,
          }
        : {}),
    },
    { state: blobs.store(CONTENT_STATE_STORE), purge: purgeTags, log },
  );
  // The editor's Publish sends Storyblok's webhook, signed, to the site's own content webhook
  // unless LOCAL_PUBLISH_WEBHOOK_URL says elsewhere. A failure is worth a line even when QUIET.
  publishWebhook = createPublishWebhook({
    url: publishWebhookUrl ?? `${server.url}${FUNCTION_PATHS['content-webhook']}`,
    secret: webhookSecret,
    log: warn,
  });
  const ip = (request: Request) => request.headers.get('x-nf-client-connection-ip') ?? undefined;
  // Every function at its deployed path, from the one table (a missing name fails to compile).
  const routes: Record<FunctionName, (request: Request) => Promise<Response>> = {
    cart: (request) => cart(request, { ip: ip(request) }),
    'email-capture': (request) => capture.handle(request, { ip: ip(request), waitUntil }),
    events: (request) => events(request, { ip: ip(request) }),
    'csp-report': (request) => cspReport(request, { ip: ip(request) }),
    'content-webhook': contentWebhook,
    // Deployed, this job runs on its schedule only; locally it can also be run on demand.
    'email-retry': async (request) =>
      request.method === 'POST'
        ? Response.json(await capture.retry())
        : new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } }),
  };
  const names = Object.keys(routes) as FunctionName[];
  functions = new Map(names.map((name) => [FUNCTION_PATHS[name], routes[name]]));
  let retrying: Promise<unknown> | null = null;
  const retryTimer = setInterval(() => {
    retrying ??= capture
      .retry()
      .catch((error: unknown) => log(`email-retry failed: ${messageOf(error)}`))
      .finally(() => (retrying = null));
  }, emailRetryIntervalMs);
  retryTimer.unref();

  return {
    ...server,
    contentService,
    /** The local CDN (null with LOCAL_CDN=off) and the purge the app uses. */
    cdn: edge.cdn,
    purge,
    emailSink,
    /** The local Segment stand-in (null when SEGMENT_WRITE_KEY is set). */
    analyticsCollector,
    async close() {
      clearInterval(retryTimer);
      await Promise.allSettled([...background, retrying, edge.cdn?.settled()]);
      await server.close();
      await Promise.all([blobs.stop(), storeService?.flush()]);
    },
  };
}

/** The Storyblok stand-in's fault switch, for outage drills (JSON, so never a cross-site form). */
const CONTENT_FAULTS_PATH = '/_local/storyblok/faults';
const contentFaultsBody = z.object({
  status5xx: z.number().int().min(0).max(1_000_000).optional(),
  status429: z.number().int().min(0).max(1_000_000).optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
});

/**
 * GET `?since=<epoch ms>`: the paths and arrival times of the requests the Storyblok stand-in
 * received since then (paths only: the token stays out), to measure the content client's pace.
 */
const CONTENT_REQUESTS_PATH = '/_local/storyblok/requests';
function contentRequests(
  request: Request,
  service: ReturnType<typeof createContentService> | null,
): Response {
  if (!service) return notFound();
  if (request.method !== 'GET')
    return problem(405, [{ field: 'method', message: 'use GET' }], { Allow: 'GET' });
  const since = Number(new URL(request.url).searchParams.get('since') ?? 0);
  if (!Number.isFinite(since)) return problem(400, [{ field: 'since', message: 'a time in milliseconds' }]);
  const requests = service.requests
    .filter((r) => r.at >= since)
    .map((r) => ({ path: new URL(r.url).pathname, at: r.at }));
  return json(200, { requests });
}

/**
 * A stand-in's fault switch for outage drills: POST a JSON body (`schema`) turns faults on, DELETE
 * clears them. JSON only, so never a cross-site form; local only (the tools' guard).
 */
async function faultSwitch<T>(
  request: Request,
  schema: z.ZodType<T>,
  faults: { set(value: T): void; clear(): void } | null,
): Promise<Response> {
  if (!faults) return notFound();
  if (request.method === 'DELETE') {
    faults.clear();
    return new Response(null, { status: 204 });
  }
  const read = await readJsonBody(request, 1024);
  if (!read.ok) return read.response;
  const parsed = schema.safeParse(read.body);
  if (!parsed.success)
    return problem(400, [{ field: 'body', message: parsed.error.issues[0]?.message ?? 'invalid' }]);
  faults.set(parsed.data);
  return new Response(null, { status: 204 });
}

/** The Shopify stand-in's faults: `{latencyMs?, status5xx?, status?, throttled?}`. */
const STORE_FAULTS_PATH = '/_local/shopify/faults';
const storeFaultsBody = z.object({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  status5xx: z.number().int().min(0).max(1_000_000).optional(),
  status: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
  throttled: z.number().int().min(0).max(1_000_000).optional(),
});

/** The local Netlify Blobs' fault: `{ "down": true }` makes every Blobs request answer 503. */
const BLOBS_FAULTS_PATH = '/_local/blobs/faults';
const blobsFaultsBody = z.object({ down: z.boolean() });
const blobsFaults = (blobs: LocalBlobs) => ({
  set: ({ down }: z.infer<typeof blobsFaultsBody>) => blobs.faults.down(down),
  clear: () => blobs.faults.down(false),
});

/** What Netlify's CDN sends for a static file no `[[headers]]` rule gives a Cache-Control. */
const NETLIFY_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/**
 * The stand-ins and tools that exist only locally (drafts, the editor, received addresses, faults,
 * carts, collected analytics events, the on-demand retry): loopback and same-origin callers only
 * (see guard.ts).
 */
function isLocalTool(pathname: string): boolean {
  return (
    pathname.startsWith('/v2/') ||
    pathname.startsWith('/_local/') ||
    pathname === FUNCTION_PATHS['email-retry']
  );
}

function notFound() {
  return new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

async function main() {
  const distDir = path.resolve(process.cwd(), 'dist');
  try {
    const local = parseLocalEnv(process.env);
    const server = await startLocalServer({
      env: process.env,
      distDir,
      demoArticles: local.DEMO_ARTICLES,
      ...(local.DEMO_ARTICLE_LENGTH ? { demoArticleLength: local.DEMO_ARTICLE_LENGTH } : {}),
      quiet: local.QUIET === '1',
      ...(local.LOCAL_DATA_DIR ? { dataDir: path.resolve(local.LOCAL_DATA_DIR) } : {}),
      ...(local.LOCAL_EMAIL_RETRY_MS ? { emailRetryIntervalMs: local.LOCAL_EMAIL_RETRY_MS } : {}),
      ...(local.LOCAL_PUBLISH_WEBHOOK_URL ? { publishWebhookUrl: local.LOCAL_PUBLISH_WEBHOOK_URL } : {}),
      cdn: local.LOCAL_CDN !== 'off',
      ...(local.LOCAL_PURGE_TOKEN ? { purgeToken: local.LOCAL_PURGE_TOKEN } : {}),
    });
    const site = `http://localhost:${new URL(server.url).port}`;
    const content = server.contentService
      ? `local Storyblok stand-in at ${server.url}/v2 (demo content); editor at ${site}${EDITOR_PATH}`
      : 'Storyblok (STORYBLOK_TOKEN)';
    const cdn = server.cdn
      ? `local CDN in front of pages; purge API at ${site}${PURGE_PATH}`
      : 'off (LOCAL_CDN=off)';
    const analytics = server.analyticsCollector
      ? `events forwarded to the local collector; see ${site}${LOCAL_ANALYTICS_PATH}`
      : 'Segment (SEGMENT_WRITE_KEY)';
    console.log(
      `Roundhouse is running at ${site}\n  content: ${content}\n  cdn: ${cdn}\n  analytics: ${analytics}`,
    );
    const stop = (signal: string) => {
      console.log(`${signal}: stopping`);
      void server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && /server\.m?[jt]s$/.test(process.argv[1])) void main();
