/**
 * Parts for the content webhook's tests: the Storyblok stand-in over a small space (the real
 * storyblok-js-client reads it in-process), a fake Blobs store with conditional writes, a purge
 * that records its calls, and signed requests.
 */
import { parseConfig } from '../../../src/config/env';
import type { ContentState, ContentStateWriter } from '../../../src/content/state';
import { CONTENT_STATE_KEY } from '../../../src/content/state';
import type { WireStory } from '../../../src/content/wire';
import { createContentWebhook, signBody } from '../../../src/functions/content-webhook';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { wireStory } from '../local/wire-story';

export const SECRET = 'test-webhook-secret';
export const WEBHOOK_URL = 'https://www.roundhouse.test/.netlify/functions/content-webhook';
export const NOW = new Date('2026-04-01T09:30:00.000Z');

/** A Blobs store in memory: etags, `onlyIfMatch` and `onlyIfNew` as Netlify Blobs has them. */
export function fakeStateStore(initial: ContentState | null = null) {
  let value: unknown = initial === null ? null : structuredClone(initial);
  let etag = 0;
  let writes = 0;
  let conflicts = 0;
  let failing = false;
  let interleaved: ((current: ContentState | null) => ContentState) | null = null;
  const store: ContentStateWriter = {
    async get(key) {
      return key === CONTENT_STATE_KEY && value !== null ? structuredClone(value) : null;
    },
    async getWithMetadata(key) {
      if (failing) throw new Error('blobs unavailable');
      if (key !== CONTENT_STATE_KEY || value === null) return null;
      return { data: structuredClone(value), etag: `"${etag}"` };
    },
    async setJSON(key, next, options) {
      if (failing) throw new Error('blobs unavailable');
      if (key !== CONTENT_STATE_KEY) throw new Error(`unexpected key ${key}`);
      if (interleaved) {
        // Another webhook's write lands between this one's read and its write.
        value = interleaved(value as ContentState | null);
        etag++;
        interleaved = null;
      }
      const stale =
        (options && 'onlyIfMatch' in options && options.onlyIfMatch !== `"${etag}"`) ||
        (options && 'onlyIfNew' in options && value !== null);
      if (stale) {
        conflicts++;
        return { modified: false };
      }
      value = structuredClone(next);
      etag++;
      writes++;
      return { modified: true };
    },
  };
  return {
    store,
    get state() {
      return value as ContentState | null;
    },
    get writes() {
      return writes;
    },
    /** Conditional writes refused because another write came first. */
    get conflicts() {
      return conflicts;
    },
    /** The next write finds that someone else wrote this first. */
    interleave(write: (current: ContentState | null) => ContentState) {
      interleaved = write;
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}

/** A small space: a category with a topic, an author, articles (one placed by its topic), the global story and the home page. */
export function space() {
  const training = wireStory('categories/training', { component: 'category', name: 'Training' });
  const gear = wireStory('categories/gear', { component: 'category', name: 'Gear' });
  const technique = wireStory('topics/technique', {
    component: 'topic',
    name: 'Technique',
    category: training.uuid,
  });
  const dani = wireStory('authors/dani', { component: 'author', name: 'Dani' });
  const jab = wireStory('blogs/jab', {
    component: 'article',
    title: 'The jab',
    category: training.uuid,
    author: dani.uuid,
  });
  const hook = wireStory('blogs/hook', { component: 'article', title: 'The hook', topic: technique.uuid });
  const global = wireStory('global', { component: 'global' });
  const home = wireStory('pages/home', { component: 'page', body: [] });
  const about = wireStory('pages/about', { component: 'page', body: [] });
  return { training, gear, technique, dani, jab, hook, global, home, about };
}

export type Space = ReturnType<typeof space>;

/** The webhook over the stand-in, composed from the environment as deployed. */
export function setup(
  options: { state?: ContentState | null; env?: Record<string, string>; purgeFails?: boolean } = {},
) {
  const stories = space();
  const service = createContentService({
    stories: Object.values(stories),
    publicToken: 'public-token',
    previewToken: 'preview-token',
    cv: 1_700_000_000,
  });
  const state = fakeStateStore(options.state ?? null);
  const purged: string[][] = [];
  const logs: string[] = [];
  const webhook = createContentWebhook(
    parseConfig({
      STORYBLOK_TOKEN: 'public-token',
      STORYBLOK_ENDPOINT: 'http://content.local/v2',
      STORYBLOK_WEBHOOK_SECRET: SECRET,
      STORYBLOK_SPACE_ID: '1',
      ...options.env,
    }),
    {
      state: state.store,
      purge: async (tags) => {
        if (options.purgeFails) throw new Error('purge API down');
        purged.push(tags);
      },
      fetch: createContentServiceFetch(service),
      now: () => NOW,
      log: (line) => logs.push(line),
    },
  );
  const published = new Map(Object.values(stories).map((story) => [story.id, story]));
  /** Storyblok after a change: story `id` published as `next` (a new slug: moved), or unpublished (null). */
  const republish = (id: number, next: WireStory | null) => {
    if (next) published.set(id, next);
    else published.delete(id);
    service.setStories([...published.values()]);
  };
  return { stories, service, state, purged, logs, webhook, republish };
}

/** A POST carrying `body`, signed with `secret` unless a signature is given. */
export async function signedRequest(
  body: unknown,
  { secret = SECRET, signature }: { secret?: string; signature?: string | null } = {},
): Promise<Request> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const value = signature === undefined ? await signBody(secret, text) : signature;
  if (value !== null) headers['webhook-signature'] = value;
  return new Request(WEBHOOK_URL, { method: 'POST', headers, body: text });
}

/** Storyblok's story event body. */
export function storyEvent(action: string, story: Pick<WireStory, 'id' | 'full_slug'>, extra = {}) {
  return {
    text: `The user editor@example.com ${action} the Story ${story.full_slug} (${story.id})`,
    action,
    space_id: 1,
    story_id: story.id,
    full_slug: story.full_slug,
    ...extra,
  };
}
