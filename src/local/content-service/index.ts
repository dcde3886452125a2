/**
 * Local stand-in for the Storyblok CDN API v2: serves stories from memory through a web-standard
 * handler, so the real storyblok-js-client can talk to it in tests, benchmarks and `npm start`.
 */
import type { WireStory } from '../../content/wire.ts';
import { jsonResponse, notFound, rateLimited, serverError, unauthorized, unprocessable } from './http.ts';
import { LIST_PARAMS, parseQuery, SINGLE_PARAMS, SPACE_PARAMS } from './params.ts';
import { buildStore, type ContentStore, type VersionView } from './store.ts';
import { getStory, listStories } from './stories.ts';
import { messageOf } from '../../shared/errors.ts';

export type ContentServiceOptions = {
  stories: WireStory[];
  draftStories?: WireStory[];
  publicToken: string;
  previewToken: string;
  assetOrigin?: string;
  cv?: number;
  now?: () => Date;
};

export type Faults = { status429?: number; status5xx?: number; latencyMs?: number };

export type ContentService = {
  handle(request: Request): Promise<Response>;
  faults: { set(f: Faults): void; clear(): void };
  setStories(published: WireStory[], draft?: WireStory[]): void;
  readonly requests: { url: string; at: number }[];
  readonly cv: number;
};

const SPACE_ID = 1;
const STORIES_PATH = '/v2/cdn/stories';

/** Creates an in-memory CDN API v2 over the given stories. */
// Long by design: route, handle, faults and setStories share the story store, cv, faults and request log.
export function createContentService(options: ContentServiceOptions): ContentService {
  const now = options.now ?? (() => new Date());
  const storeOptions = { assetOrigin: options.assetOrigin ?? 'https://a.storyblok.com', spaceId: SPACE_ID };
  let store: ContentStore = buildStore(options.stories, options.draftStories ?? [], storeOptions);
  let cv = options.cv ?? Math.floor(now().getTime() / 1000);
  const requests: { url: string; at: number }[] = [];
  let pending429 = 0;
  let pending5xx = 0;
  let latencyMs = 0;

  const route = (request: Request): Response => {
    if (request.method !== 'GET') return jsonResponse({ error: 'Method Not Allowed' }, 405, { Allow: 'GET' });
    const url = new URL(request.url);
    const path = url.pathname;
    const isStories = path === STORIES_PATH || path.startsWith(`${STORIES_PATH}/`);
    if (!isStories && path !== '/v2/cdn/spaces/me') return notFound();

    const token = url.searchParams.get('token');
    if (token !== options.publicToken && token !== options.previewToken) return unauthorized();
    const version = url.searchParams.get('version') ?? 'published';
    if (version !== 'published' && version !== 'draft') return unprocessable('Invalid parameter: version');
    // A public token may only read published content; the live API answers 401, not 403.
    if (version === 'draft' && token !== options.previewToken) return unauthorized();

    if (!isStories) {
      const parsed = parseQuery(url.searchParams, SPACE_PARAMS);
      if (!parsed.ok) return unprocessable(parsed.error);
      return jsonResponse({
        space: {
          id: SPACE_ID,
          name: 'Local content service',
          domain: 'http://localhost/',
          version: cv,
          language_codes: [],
        },
        cv,
      });
    }

    const identifier = decodeIdentifier(path.slice(STORIES_PATH.length + 1));
    if (identifier === null) return notFound();
    const parsed = parseQuery(url.searchParams, identifier === '' ? LIST_PARAMS : SINGLE_PARAMS);
    if (!parsed.ok) return unprocessable(parsed.error);
    const view: VersionView = version === 'draft' ? store.draft : store.published;
    const ctx = { store, view, query: parsed.query, cv };
    return identifier === '' ? listStories(ctx) : getStory(ctx, identifier);
  };

  return {
    async handle(request) {
      requests.push({ url: request.url, at: now().getTime() });
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (pending429 > 0) {
        pending429--;
        return rateLimited();
      }
      if (pending5xx > 0) {
        pending5xx--;
        return serverError();
      }
      try {
        return route(request);
      } catch (error) {
        // A bug here should reach the test as a failed request with a reason, not a hung socket.
        return serverError(`Content service failure: ${messageOf(error)}`);
      }
    },
    faults: {
      set(f) {
        if (f.status429 !== undefined) pending429 = f.status429;
        if (f.status5xx !== undefined) pending5xx = f.status5xx;
        if (f.latencyMs !== undefined) latencyMs = f.latencyMs;
      },
      clear() {
        pending429 = 0;
        pending5xx = 0;
        latencyMs = 0;
      },
    },
    setStories(published, draft = []) {
      store = buildStore(published, draft, storeOptions);
      // Strictly increasing even when two publishes land in the same second, so clients see the change.
      cv = Math.max(cv + 1, Math.floor(now().getTime() / 1000));
    },
    requests,
    get cv() {
      return cv;
    },
  };
}

/** Joins the path segments after /stories/ into a full_slug; null when a segment is badly encoded. */
function decodeIdentifier(rest: string): string | null {
  try {
    return rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** A `fetch` that sends `http(s)://any-host/v2/...` to the service in-process, without a socket. */
export function createContentServiceFetch(service: Pick<ContentService, 'handle'>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const { protocol, pathname } = new URL(request.url);
    if ((protocol === 'http:' || protocol === 'https:') && pathname.startsWith('/v2/')) {
      const { signal } = request;
      signal.throwIfAborted();
      // Honour aborts like a real socket would, so client timeouts work against injected latency.
      return new Promise<Response>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        service
          .handle(request)
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', onAbort));
      });
    }
    throw new TypeError(`createContentServiceFetch only serves /v2/ URLs, got ${request.url}`);
  };
}
