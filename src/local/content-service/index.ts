/**
 * Local stand-in for the Storyblok CDN API v2: serves stories from memory through a web-standard
 * handler, so the real storyblok-js-client can talk to it in tests, benchmarks and `npm start`.
 */
import type { WireStory } from '../../content/wire.ts';
import { jsonResponse, notFound, rateLimited, serverError, unauthorized, unprocessable } from './http.ts';
import { LIST_PARAMS, parseQuery, SINGLE_PARAMS, SPACE_PARAMS } from './params.ts';
import { isObject, walkObjects, type JsonObject } from './paths.ts';
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
  /**
   * Called after each publish with what Storyblok's publish webhook carries; awaited, and a
   * failure is logged, never the publish's (the story is published either way).
   */
  onPublish?: (event: PublishEvent) => void | Promise<void>;
  /** Where an onPublish failure is reported; defaults to console.warn. */
  log?: (line: string) => void;
};

/** What a publish tells the outside world: the fields of Storyblok's story webhook. */
export type PublishEvent = { story_id: number; full_slug: string; space_id: number; action: 'published' };

/**
 * One story as the local editor lists it. `published`: no unpublished changes; `changed`: a
 * published story with a newer draft; `draft`: never published.
 */
export type StorySummary = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  component: string;
  state: 'published' | 'changed' | 'draft';
};

export type Faults = { status429?: number; status5xx?: number; latencyMs?: number };

export type ContentService = {
  handle(request: Request): Promise<Response>;
  faults: { set(f: Faults): void; clear(): void };
  setStories(published: WireStory[], draft?: WireStory[]): void;
  /**
   * Replaces the draft of the story with this id (what Storyblok's Save does); the published
   * version stays. The story's identity and dates are the service's: id, uuid, slug, full_slug,
   * created and published times are kept, `updated_at` is now; its name, content and tags are the
   * caller's. Null when no story has this id; throws a TypeError for a malformed story or a uuid
   * that is not this id's.
   */
  saveDraft(story: WireStory): WireStory | null;
  /**
   * Publishes the story's draft (what Storyblok's Publish does): it becomes the published version,
   * `published_at` and `updated_at` are now, `first_published_at` is set on the first publish, the
   * space version `cv` goes up, then `onPublish` runs. Null when no story has this id.
   */
  publish(id: number): Promise<WireStory | null>;
  /** The draft version of a story by id or uuid (as stored: no `_editable`, asset paths relative). */
  draftStory(idOrUuid: number | string): WireStory | null;
  /** Every story of the draft view, in the API's default order. */
  storyList(): StorySummary[];
  /** Every publish so far, oldest first. */
  readonly publishes: readonly PublishEvent[];
  readonly requests: { url: string; at: number }[];
  readonly cv: number;
};

const SPACE_ID = 1;
const STORIES_PATH = '/v2/cdn/stories';

/** Creates an in-memory CDN API v2 over the given stories. */
// Long by design: route, handle, faults and the editing verbs share the story store, cv, faults and logs.
export function createContentService(options: ContentServiceOptions): ContentService {
  const now = options.now ?? (() => new Date());
  const assetOrigin = options.assetOrigin ?? 'https://a.storyblok.com';
  const storeOptions = { assetOrigin, spaceId: SPACE_ID };
  const log = options.log ?? ((line: string) => console.warn(line));
  // The sources the store is built from: published stories in the API's default order, and the
  // draft overrides by uuid (a draft-only story is an override with no published story).
  let published: WireStory[] = options.stories.slice();
  let drafts = new Map((options.draftStories ?? []).map((story) => [story.uuid, story]));
  let store: ContentStore = buildStore(published, [...drafts.values()], storeOptions);
  const rebuild = () => {
    store = buildStore(published, [...drafts.values()], storeOptions);
  };
  let cv = options.cv ?? Math.floor(now().getTime() / 1000);
  // Strictly increasing even when two publishes land in the same second, so clients see the change.
  const bumpCv = () => {
    cv = Math.max(cv + 1, Math.floor(now().getTime() / 1000));
  };
  const publishes: PublishEvent[] = [];
  const draftEntry = (idOrUuid: number | string) =>
    typeof idOrUuid === 'number' ? store.draft.byId.get(idOrUuid) : store.draft.byUuid.get(idOrUuid);
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
    setStories(nextPublished, nextDraft = []) {
      published = nextPublished.slice();
      drafts = new Map(nextDraft.map((story) => [story.uuid, story]));
      rebuild();
      bumpCv();
    },
    saveDraft(input) {
      const problem = storyProblem(input);
      if (problem) throw new TypeError(`Not a story: ${problem}`);
      const entry = draftEntry(input.id);
      if (!entry) return null;
      if (entry.uuid !== input.uuid) throw new TypeError(`Story ${input.id} has another uuid`);
      const story: JsonObject = {
        ...structuredClone(entry.story),
        name: input.name,
        content: storedContent(input.content, assetOrigin),
        updated_at: now().toISOString(),
      };
      if (Array.isArray(input.tag_list) && input.tag_list.every((tag) => typeof tag === 'string')) {
        story.tag_list = input.tag_list.slice();
      }
      // A new slug (the editor keeps the folder) moves the story when it is published.
      if (input.full_slug !== entry.fullSlug) {
        story.slug = input.slug;
        story.full_slug = input.full_slug;
      }
      drafts.set(entry.uuid, story as WireStory);
      rebuild();
      return structuredClone(story) as WireStory;
    },
    async publish(id) {
      const entry = draftEntry(id);
      if (!entry) return null;
      const at = now().toISOString();
      const story = {
        ...structuredClone(entry.story),
        published_at: at,
        first_published_at: entry.story.first_published_at ?? at,
        updated_at: at,
      } as JsonObject as WireStory;
      const index = published.findIndex((s) => s.uuid === entry.uuid);
      published = index >= 0 ? published.with(index, story) : [...published, story];
      drafts.delete(entry.uuid);
      rebuild();
      bumpCv();
      const event: PublishEvent = {
        story_id: entry.id,
        full_slug: entry.fullSlug,
        space_id: SPACE_ID,
        action: 'published',
      };
      publishes.push(event);
      try {
        await options.onPublish?.({ ...event });
      } catch (error) {
        log(`onPublish failed for story ${entry.id}: ${messageOf(error)}`);
      }
      return structuredClone(story);
    },
    draftStory(idOrUuid) {
      const entry = draftEntry(idOrUuid);
      return entry ? (structuredClone(entry.story) as WireStory) : null;
    },
    storyList() {
      return store.draft.entries.map((entry) => {
        const isPublished = store.published.byUuid.has(entry.uuid);
        return {
          id: entry.id,
          uuid: entry.uuid,
          name: String(entry.story.name ?? ''),
          slug: String(entry.story.slug ?? ''),
          full_slug: entry.fullSlug,
          component: typeof entry.content.component === 'string' ? entry.content.component : '',
          state: !isPublished ? 'draft' : drafts.has(entry.uuid) ? 'changed' : 'published',
        };
      });
    },
    publishes,
    requests,
    get cv() {
      return cv;
    },
  };
}

/** Why a value is not a story the service can store, or null: the fields the store indexes by. */
function storyProblem(story: unknown): string | null {
  if (!isObject(story)) return 'not an object';
  if (typeof story.id !== 'number' || !Number.isSafeInteger(story.id) || story.id <= 0) return 'id';
  if (typeof story.uuid !== 'string' || story.uuid === '') return 'uuid';
  if (typeof story.name !== 'string') return 'name';
  if (typeof story.full_slug !== 'string') return 'full_slug';
  if (!isObject(story.content) || typeof story.content.component !== 'string') return 'content.component';
  return null;
}

/**
 * Content as the store keeps it, from content as a draft response gave it: the `_editable` markers
 * the service adds go, and asset URLs it prefixed are relative again (so they follow assetOrigin).
 */
function storedContent(content: Record<string, unknown>, assetOrigin: string): JsonObject {
  const copy = structuredClone(content);
  walkObjects(copy, (node) => {
    delete node._editable;
    if (typeof node.filename === 'string' && node.filename.startsWith(`${assetOrigin}/f/`)) {
      node.filename = node.filename.slice(assetOrigin.length);
    }
  });
  return copy;
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
