import StoryblokClient from 'storyblok-js-client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WireStory } from '../../../src/content/wire';
import { wireStory } from './wire-story';
import {
  createContentService,
  createContentServiceFetch,
  type ContentService,
} from '../../../src/local/content-service';
import { serveOnLoopback } from '../../../src/local/content-service/node-http';

const PUBLIC = 'public-token';
const PREVIEW = 'preview-token';

const makeStory = (slug: string, content: Record<string, unknown> = {}, extra: Partial<WireStory> = {}) =>
  wireStory(
    slug,
    { component: 'page', ...content },
    { first_published_at: '2024-05-01T10:00:00.000Z', ...extra },
  );

function makeService(stories: WireStory[], draftStories: WireStory[] = [], cv = 1000): ContentService {
  return createContentService({ stories, draftStories, publicToken: PUBLIC, previewToken: PREVIEW, cv });
}

function makeClient(service: ContentService, accessToken = PUBLIC, extra: { timeout?: number } = {}) {
  return new StoryblokClient({
    accessToken,
    endpoint: 'http://content.local/v2',
    cache: { type: 'none' },
    fetch: createContentServiceFetch(service),
    rateLimit: 1000,
    retriesDelay: 5,
    ...extra,
  });
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ message?: string; status?: number; response?: { data?: unknown } }> {
  try {
    await promise;
  } catch (error) {
    return error as { message?: string; status?: number };
  }
  throw new Error('expected the request to fail');
}

async function raw(service: ContentService, path: string) {
  const res = await service.handle(new Request(`http://content.local${path}`));
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('auth and errors', () => {
  test('answers 401 Unauthorized when the token is missing or wrong', async () => {
    const service = makeService([makeStory('home')]);
    const missing = await raw(service, '/v2/cdn/stories/home');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Unauthorized' });
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const err = await rejection(makeClient(service, 'nope').getStory('home'));
    expect(err).toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  test('answers 401 when the public token asks for drafts, and serves drafts to the preview token', async () => {
    const service = makeService([makeStory('home')]);
    const err = await rejection(makeClient(service, PUBLIC).getStory('home', { version: 'draft' }));
    expect(err.status).toBe(401);
    const ok = await makeClient(service, PREVIEW).getStory('home', { version: 'draft' });
    expect(ok.data.story.full_slug).toBe('home');
  });

  test('answers 404 with the bare-array body, which the client turns into its message', async () => {
    const service = makeService([makeStory('home')]);
    const res = await raw(service, `/v2/cdn/stories/missing?token=${PUBLIC}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(['This record could not be found']);
    const err = await rejection(makeClient(service).getStory('missing'));
    expect(err).toMatchObject({ status: 404, message: 'This record could not be found' });
    expect((await raw(service, '/v1/elsewhere')).status).toBe(404);
  });

  test('answers 422 naming an unknown parameter, on lists and single stories', async () => {
    const service = makeService([makeStory('home')]);
    const list = await rejection(makeClient(service).getStories({ per_pge: 2 } as never));
    expect(list).toMatchObject({ status: 422, message: 'Unknown parameter: per_pge' });
    const single = await raw(service, `/v2/cdn/stories/home?token=${PUBLIC}&starts_with=x`);
    expect(single.status).toBe(422);
    expect(single.body).toEqual({ error: 'Unknown parameter: starts_with' });
  });

  test('accepts the parameters the client adds by itself', async () => {
    const service = makeService([makeStory('home')]);
    const client = makeClient(service);
    await client.getStory('home', { resolve_relations: 'page.author' });
    await client.getStory('home');
    const last = new URL(service.requests.at(-1)?.url ?? '');
    expect(last.searchParams.get('cv')).toBe('1000');
    expect(last.searchParams.get('token')).toBe(PUBLIC);
    expect(last.searchParams.get('version')).toBe('published');
  });
});

describe('single stories', () => {
  test('finds stories by nested full_slug, by id and by uuid with find_by=uuid', async () => {
    const article = makeStory('blogs/first-post', { title: 'First' });
    const service = makeService([makeStory('home'), article]);
    const client = makeClient(service);
    expect((await client.getStory('blogs/first-post')).data.story.uuid).toBe(article.uuid);
    expect((await client.getStory(String(article.id))).data.story.full_slug).toBe('blogs/first-post');
    const byUuid = await client.getStory(article.uuid, { find_by: 'uuid' });
    expect(byUuid.data.story.content.title).toBe('First');
    expect(Object.keys(byUuid.data)).toEqual(['story', 'cv', 'rels', 'links']);
  });

  test('returns copies: mutating a response does not change the next one', async () => {
    const service = makeService([makeStory('home', { title: 'Original' })]);
    const client = makeClient(service);
    const first = await client.getStory('home');
    first.data.story.content.title = 'Changed';
    expect((await client.getStory('home')).data.story.content.title).toBe('Original');
  });

  test('prefixes asset filenames starting with /f/ with the asset origin', async () => {
    const stories = [
      makeStory('home', {
        cover_image: { id: 7, filename: '/f/1/800x600/abc/cover.jpg' },
        body: [{ _uid: 'b1', component: 'hero', image: { filename: '/f/1/10x10/def/hero.png' } }],
        external: { filename: 'https://example.com/x.png' },
      }),
    ];
    const service = createContentService({
      stories,
      publicToken: PUBLIC,
      previewToken: PREVIEW,
      assetOrigin: 'http://assets.local',
    });
    const { story } = (await makeClient(service).getStory('home')).data;
    expect(story.content.cover_image.filename).toBe('http://assets.local/f/1/800x600/abc/cover.jpg');
    expect(story.content.body[0].image.filename).toBe('http://assets.local/f/1/10x10/def/hero.png');
    expect(story.content.external.filename).toBe('https://example.com/x.png');
    const byDefault = makeService(stories);
    const again = (await makeClient(byDefault).getStory('home')).data.story;
    expect(again.content.cover_image.filename).toBe('https://a.storyblok.com/f/1/800x600/abc/cover.jpg');
  });
});

describe('draft and published', () => {
  const published = makeStory('pages/about', {
    title: 'Published title',
    body: [{ _uid: 'blk-1', component: 'text', _editable: '<!--stale-->' }],
  });
  const unpublished = makeStory('pages/hidden', {}, { published_at: null, first_published_at: null });
  const draftOverride: WireStory = { ...published, content: { ...published.content, title: 'Draft title' } };
  const draftOnly = makeStory('pages/new', { title: 'Draft only' }, { published_at: null });

  test('published hides unpublished and draft-only stories and strips _editable', async () => {
    const service = makeService([published, unpublished], [draftOverride, draftOnly]);
    const { data } = await makeClient(service).getStories({ starts_with: 'pages/' });
    expect(data.stories.map((s: WireStory) => s.full_slug)).toEqual(['pages/about']);
    expect(data.stories[0]?.content.title).toBe('Published title');
    expect(JSON.stringify(data)).not.toContain('_editable');
    expect((await rejection(makeClient(service).getStory('pages/new'))).status).toBe(404);
  });

  test('draft overrides by uuid, lists draft-only stories and adds _editable to every block', async () => {
    const service = makeService([published, unpublished], [draftOverride, draftOnly]);
    const { data } = await makeClient(service, PREVIEW).getStories({
      starts_with: 'pages/',
      version: 'draft',
    });
    expect(data.stories.map((s: WireStory) => s.full_slug)).toEqual([
      'pages/about',
      'pages/hidden',
      'pages/new',
    ]);
    const about = data.stories[0];
    expect(about?.content.title).toBe('Draft title');
    expect(about?.content._editable).toMatch(/^<!--#storyblok#\{.*"uid":"uid-\d+".*\}-->$/);
    expect(about?.content.body[0]._editable).toContain('"name":"text"');
    expect(about?.content.body[0]._editable).toContain('"uid":"blk-1"');
  });
});

describe('pagination', () => {
  const stories = Array.from({ length: 7 }, (_, i) => makeStory(`list/item-${i}`));

  test('sends Total and Per-Page and slices pages', async () => {
    const service = makeService(stories);
    const res = await makeClient(service).getStories({ starts_with: 'list/', per_page: 3, page: 3 });
    expect(res.total).toBe(7);
    expect(res.perPage).toBe(3);
    expect(res.data.stories.map((s: WireStory) => s.full_slug)).toEqual(['list/item-6']);
    const headers = (await raw(service, `/v2/cdn/stories?token=${PUBLIC}`)).headers;
    expect(headers.get('per-page')).toBe('25');
    expect(headers.get('total')).toBe('7');
  });

  test('sends no CORS headers and refuses preflights: drafts are for the site server only', async () => {
    const service = makeService(stories);
    const answer = await raw(service, `/v2/cdn/stories?token=${PUBLIC}`);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await service.handle(
      new Request(`http://127.0.0.1/v2/cdn/stories?token=${PUBLIC}`, { method: 'OPTIONS' }),
    );
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('returns an empty page past the end', async () => {
    const res = await makeClient(makeService(stories)).getStories({ per_page: 5, page: 9 });
    expect(res.data.stories).toEqual([]);
    expect(res.total).toBe(7);
  });

  test('getAll fetches every page', async () => {
    const service = makeService(stories);
    const all = await makeClient(service).getAll('cdn/stories', { starts_with: 'list/', per_page: 2 });
    expect(all.map((s: WireStory) => s.full_slug)).toEqual(stories.map((s) => s.full_slug));
    expect(service.requests).toHaveLength(4);
  });

  test('clamps per_page above 100 and reports the real page size', async () => {
    const many = Array.from({ length: 130 }, (_, i) => makeStory(`bulk/s-${i}`));
    const service = makeService(many);
    const res = await makeClient(service).getStories({ per_page: 250 });
    expect(res.perPage).toBe(100);
    expect(res.data.stories).toHaveLength(100);
    const all = await makeClient(service).getAll('cdn/stories', { per_page: 250 });
    expect(all).toHaveLength(130);
    const bad = await raw(service, `/v2/cdn/stories?token=${PUBLIC}&per_page=abc`);
    expect(bad.status).toBe(422);
  });
});

describe('cache version', () => {
  test('puts cv in every body and bumps it when stories are replaced', async () => {
    const service = makeService([makeStory('home', { title: 'Old' })], [], 1000);
    const client = makeClient(service);
    expect((await client.getStories()).data.cv).toBe(1000);
    expect((await client.get('cdn/spaces/me')).data.space.version).toBe(1000);
    service.setStories([makeStory('home', { title: 'New' })]);
    expect(service.cv).toBeGreaterThan(1000);
    const after = await client.getStory('home');
    expect(after.data.cv).toBe(service.cv);
    expect(after.data.story.content.title).toBe('New');
    service.setStories([]);
    expect(service.cv).toBe(after.data.cv + 1);
  });
});

describe('faults', () => {
  test('answers N times 429, after which the client retry succeeds', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const service = makeService([makeStory('home')]);
    service.faults.set({ status429: 2 });
    const res = await makeClient(service).getStory('home');
    expect(res.data.story.full_slug).toBe('home');
    expect(service.requests).toHaveLength(3);
    const body = await raw(service, `/v2/cdn/stories/home?token=${PUBLIC}`);
    expect(body.status).toBe(200);
  });

  test('answers 500 once, then recovers; clear() removes pending faults', async () => {
    const service = makeService([makeStory('home')]);
    service.faults.set({ status5xx: 1 });
    expect((await rejection(makeClient(service).getStory('home'))).status).toBe(500);
    expect((await makeClient(service).getStory('home')).data.story).toBeDefined();
    service.faults.set({ status429: 5, status5xx: 5 });
    service.faults.clear();
    expect((await raw(service, `/v2/cdn/stories/home?token=${PUBLIC}`)).status).toBe(200);
  });

  test('adds latency to every request, enough to trip a client timeout', async () => {
    const service = makeService([makeStory('home')]);
    service.faults.set({ latencyMs: 60 });
    const started = performance.now();
    await makeClient(service).getStory('home');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    const err = await rejection(makeClient(service, PUBLIC, { timeout: 0.02 }).getStory('home'));
    expect(err.message).toMatch(/timeout/i);
  });
});

describe('transport', () => {
  test('serves the real client over a loopback HTTP socket', async () => {
    const service = makeService([makeStory('blogs/post', { title: 'Over HTTP' }), makeStory('blogs/other')]);
    const server = await serveOnLoopback((req) => service.handle(req));
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new StoryblokClient({
        accessToken: PUBLIC,
        endpoint: `${server.url}/v2`,
        cache: { type: 'none' },
      });
      const res = await client.getStories({ starts_with: 'blogs/', per_page: 1 });
      expect(res.total).toBe(2);
      expect(res.data.stories[0]?.content.title).toBe('Over HTTP');
      const missing = await rejection(client.getStory('nope'));
      expect(missing).toMatchObject({ status: 404, message: 'This record could not be found' });
      expect(service.requests[0]?.url).toContain(`${server.url}/v2/cdn/stories?`);
    } finally {
      await server.close();
    }
  });

  test('the in-process fetch refuses URLs outside /v2/', async () => {
    const fetcher = createContentServiceFetch(makeService([]));
    await expect(fetcher('http://content.local/other')).rejects.toThrow(TypeError);
  });
});
