/**
 * The content webhook through its composition (createContentWebhook from the environment) against
 * the Storyblok stand-in: the signature gate, the boundary's answers, and what each story event
 * records in the content state and purges.
 */
import { describe, expect, test } from 'vitest';
import { emptyContentState, type ContentState } from '../../../src/content/state';
import { createContentWebhook, WEBHOOK_BODY_LIMIT } from '../../../src/functions/content-webhook';
import { parseConfig } from '../../../src/config/env';
import { createPublishWebhook } from '../../../src/local/editor/publish-webhook';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import {
  fakeStateStore,
  NOW,
  SECRET,
  setup,
  signedRequest,
  storyEvent,
  WEBHOOK_URL,
} from './content-webhook-support';

const AT = NOW.toISOString();

describe('the signature gate', () => {
  test('a missing, malformed, wrong or tampered signature is a 401 with a reason; nothing is read, written or purged', async () => {
    const { webhook, stories, state, purged, service } = setup();
    const body = storyEvent('published', stories.jab);
    const requestsBefore = service.requests.length;
    const cases = [
      { request: await signedRequest(body, { signature: null }), reason: /no webhook-signature header/ },
      { request: await signedRequest(body, { signature: 'not-hex' }), reason: /not a hex HMAC-SHA1/ },
      { request: await signedRequest(body, { secret: 'another-secret' }), reason: /does not match/ },
      {
        // Signed for one body, sent with another (another story id).
        request: new Request(WEBHOOK_URL, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'webhook-signature': (await signedRequest(body)).headers.get('webhook-signature') ?? '',
          },
          body: JSON.stringify({ ...body, story_id: stories.dani.id }),
        }),
        reason: /does not match/,
      },
      {
        // The same JSON re-serialised (spaces): the signature is over the raw bytes.
        request: new Request(WEBHOOK_URL, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'webhook-signature': (await signedRequest(body)).headers.get('webhook-signature') ?? '',
          },
          body: JSON.stringify(body, null, 2),
        }),
        reason: /does not match/,
      },
    ];
    for (const { request, reason } of cases) {
      const response = await webhook(request);
      expect(response.status).toBe(401);
      const answer = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(answer.errors[0]?.field).toBe('webhook-signature');
      expect(answer.errors[0]?.message).toMatch(reason);
      expect(JSON.stringify(answer)).not.toContain(SECRET);
    }
    expect(state.state).toBeNull();
    expect(state.writes).toBe(0);
    expect(purged).toEqual([]);
    expect(service.requests.length).toBe(requestsBefore);
  });

  test('an upper-case hex signature is the same signature', async () => {
    const { webhook, stories } = setup();
    const signed = await signedRequest(storyEvent('published', stories.jab));
    const upper = (signed.headers.get('webhook-signature') ?? '').toUpperCase();
    const response = await webhook(
      await signedRequest(storyEvent('published', stories.jab), { signature: upper }),
    );
    expect(response.status).toBe(200);
  });

  test('without a secret (or a token) the webhook answers 503 "not configured" and logs what to set', async () => {
    const logs: string[] = [];
    const state = fakeStateStore();
    const webhook = createContentWebhook(parseConfig({ STORYBLOK_TOKEN: 'public-token' }), {
      state: state.store,
      purge: async () => {
        throw new Error('never');
      },
      log: (line) => logs.push(line),
    });
    const response = await webhook(await signedRequest({ action: 'published', space_id: 1, story_id: 1 }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: [{ field: 'webhook', message: 'the content webhook is not configured' }],
    });
    expect(logs).toEqual(['content-webhook: not configured (set STORYBLOK_WEBHOOK_SECRET)']);
    expect((await webhook(new Request(WEBHOOK_URL))).status).toBe(405);
    expect(state.writes).toBe(0);
  });
});

describe('the boundary', () => {
  test('other methods get 405 with Allow: POST', async () => {
    const { webhook } = setup();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await webhook(new Request(WEBHOOK_URL, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  test('a body past the limit is a 413, declared or streamed, signed or not', async () => {
    const { webhook, state } = setup();
    const big = JSON.stringify({ action: 'published', space_id: 1, text: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    expect((await webhook(await signedRequest(big))).status).toBe(413);
    const streamed = new Request(WEBHOOK_URL, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 70; i++) controller.enqueue(new Uint8Array(1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await webhook(streamed)).status).toBe(413);
    expect(state.writes).toBe(0);
  });

  test('signed bodies that are not JSON, or not a Storyblok payload, are 400s naming the field', async () => {
    const { webhook, state, purged } = setup();
    const notJson = await webhook(await signedRequest('{"action": "published",'));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ errors: [{ field: 'body', message: 'body must be valid JSON' }] });
    for (const [body, field] of [
      [{ space_id: 1, story_id: 2 }, 'action'],
      [{ action: 'published', story_id: 2 }, 'space_id'],
      [{ action: 'published', space_id: 1, story_id: 'two' }, 'story_id'],
      [{ action: 'published', space_id: 1, story_id: -2 }, 'story_id'],
      [['published'], 'body'],
      ['"published"', 'body'],
    ] as const) {
      const response = await webhook(await signedRequest(body));
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { errors: { field: string }[] };
      expect(answer.errors.map((e) => e.field)).toContain(field);
    }
    expect(state.writes).toBe(0);
    expect(purged).toEqual([]);
  });

  test('events that change no page are 202s and logged: unknown ones, datasources, assets, another space', async () => {
    const { webhook, state, purged, logs, stories } = setup();
    const cases = [
      [{ action: 'comment_created', space_id: 1, text: 'A comment' }, 'unknown event "comment_created"'],
      [
        { action: 'entries_updated', space_id: 1, datasource_slug: 'colors' },
        'the site reads no datasources',
      ],
      [{ action: 'deleted', space_id: 1, asset_id: 7 }, 'unknown event "deleted"'],
      [storyEvent('published', stories.jab, { space_id: 2 }), "space 2 is not this site's"],
    ] as const;
    for (const [body, ignored] of cases) {
      const response = await webhook(await signedRequest(body));
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ ignored });
    }
    expect(logs).toHaveLength(4);
    expect(logs[0]).toBe('content-webhook: ignored unknown event "comment_created"');
    expect(state.writes).toBe(0);
    expect(purged).toEqual([]);
  });
});

describe('story events', () => {
  test('a published article records the space version and the story, and purges its uuid and the article lists', async () => {
    const { webhook, stories, state, purged, service } = setup();
    const response = await webhook(await signedRequest(storyEvent('published', stories.jab)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ purged: ['articles', stories.jab.uuid], cv: service.cv });
    expect(purged).toEqual([['articles', stories.jab.uuid]]);
    expect(state.state).toEqual({
      ...emptyContentState(),
      cv: service.cv,
      updatedAt: AT,
      stories: { [stories.jab.id]: { uuid: stories.jab.uuid, kind: 'article', path: '/training/jab' } },
    });
  });

  test('an article placed by its topic gets the topic’s category in its path', async () => {
    const { webhook, stories, state } = setup();
    await webhook(await signedRequest(storyEvent('published', stories.hook)));
    expect(state.state?.stories[stories.hook.id]).toEqual({
      uuid: stories.hook.uuid,
      kind: 'article',
      path: '/training/hook',
    });
  });

  test.each([
    ['dani', 'author', '/author/dani', (uuid: string) => ['authors', 'articles', uuid]],
    ['training', 'category', '/c/training', (uuid: string) => ['categories', uuid]],
    ['technique', 'topic', '/t/technique', (uuid: string) => ['topics', uuid]],
    ['global', 'global', null, (uuid: string) => ['layout', uuid]],
    ['home', 'page', '/', (uuid: string) => ['pages', uuid]],
    ['about', 'page', '/p/about', (uuid: string) => ['pages', uuid]],
  ] as const)('publishing %s (%s) records path %s and purges its tags', async (name, kind, path, tags) => {
    const { webhook, stories, state, purged } = setup();
    const story = stories[name];
    const response = await webhook(await signedRequest(storyEvent('published', story)));
    expect(response.status).toBe(200);
    expect(purged).toEqual([tags(story.uuid)]);
    expect(state.state?.stories[story.id]).toEqual({ uuid: story.uuid, kind, path });
  });

  test('Storyblok down: 503 with the reason, nothing recorded, nothing purged', async () => {
    const { webhook, stories, state, purged, service } = setup();
    service.faults.set({ status5xx: 5 });
    const response = await webhook(await signedRequest(storyEvent('published', stories.jab)));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    const answer = (await response.json()) as { errors: { message: string }[] };
    expect(answer.errors[0]?.message).toMatch(/^Storyblok could not be read/);
    expect(state.writes).toBe(0);
    expect(purged).toEqual([]);
  });

  test('a story the published API does not have is a 503 on publish (nothing purged)', async () => {
    const { webhook, purged, state } = setup();
    const response = await webhook(
      await signedRequest(storyEvent('published', { id: 9999, full_slug: 'x' })),
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
      /story 9999 is not published/,
    );
    expect(state.writes).toBe(0);
    expect(purged).toEqual([]);
  });

  test('the state store down: 503, nothing purged', async () => {
    const { webhook, stories, state, purged } = setup();
    state.fail(true);
    const response = await webhook(await signedRequest(storyEvent('published', stories.jab)));
    expect(response.status).toBe(503);
    expect(purged).toEqual([]);
  });

  test('a failed purge is a 502 saying so; the state is saved', async () => {
    const { webhook, stories, state } = setup({ purgeFails: true });
    const response = await webhook(await signedRequest(storyEvent('published', stories.jab)));
    expect(response.status).toBe(502);
    expect(state.state?.stories[stories.jab.id]?.path).toBe('/training/jab');
  });

  test('a write that loses to another webhook’s is retried on the new state: both changes are kept', async () => {
    const { webhook, stories, state } = setup();
    await webhook(await signedRequest(storyEvent('published', stories.jab)));
    state.interleave((current) => ({
      ...(current ?? emptyContentState()),
      stories: {
        ...current?.stories,
        [stories.dani.id]: { uuid: stories.dani.uuid, kind: 'author', path: '/author/dani' },
      },
    }));
    const response = await webhook(await signedRequest(storyEvent('published', stories.training)));
    expect(response.status).toBe(200);
    expect(state.conflicts).toBe(1);
    expect(Object.keys(state.state?.stories ?? {}).sort()).toEqual(
      [stories.jab.id, stories.dani.id, stories.training.id].map(String).sort(),
    );
  });

  test('the space version only moves forward (an older one arriving late is kept out)', async () => {
    const newer: ContentState = { ...emptyContentState(), cv: 2_000_000_000 };
    const { webhook, stories, state } = setup({ state: newer });
    await webhook(await signedRequest(storyEvent('published', stories.jab)));
    expect(state.state?.cv).toBe(2_000_000_000);
    expect(state.state?.stories[stories.jab.id]?.path).toBe('/training/jab');
  });
});

describe('moves and removals', () => {
  const moved = <T extends { slug: string; full_slug: string }>(story: T, slug: string): T => ({
    ...story,
    slug,
    full_slug: story.full_slug.replace(/[^/]+$/, slug),
  });

  test('a move redirects the old path to the new one; chains collapse; moving back leaves no loop', async () => {
    const { webhook, stories, state, purged, republish } = setup();
    await webhook(await signedRequest(storyEvent('published', stories.jab)));

    republish(stories.jab.id, moved(stories.jab, 'the-jab'));
    const first = await webhook(await signedRequest(storyEvent('moved', moved(stories.jab, 'the-jab'))));
    expect(first.status).toBe(200);
    expect(state.state?.redirects).toEqual({ '/training/jab': '/training/the-jab' });
    expect(state.state?.stories[stories.jab.id]?.path).toBe('/training/the-jab');

    republish(stories.jab.id, moved(stories.jab, 'jab-basics'));
    await webhook(await signedRequest(storyEvent('moved', moved(stories.jab, 'jab-basics'))));
    expect(state.state?.redirects).toEqual({
      '/training/jab': '/training/jab-basics',
      '/training/the-jab': '/training/jab-basics',
    });

    republish(stories.jab.id, stories.jab);
    await webhook(await signedRequest(storyEvent('moved', stories.jab)));
    expect(state.state?.redirects).toEqual({
      '/training/the-jab': '/training/jab',
      '/training/jab-basics': '/training/jab',
    });
    expect(purged).toEqual(Array(4).fill(['articles', stories.jab.uuid]));
  });

  test('a slug changed and published (Storyblok sends `published`) is a move too', async () => {
    const { webhook, stories, state, republish } = setup();
    await webhook(await signedRequest(storyEvent('published', stories.dani)));
    republish(stories.dani.id, moved(stories.dani, 'dani-r'));
    await webhook(await signedRequest(storyEvent('published', moved(stories.dani, 'dani-r'))));
    expect(state.state?.redirects).toEqual({ '/author/dani': '/author/dani-r' });
  });

  test('an editorial page that moves redirects /p/<old> to /p/<new>; unpublished, its path is gone', async () => {
    const { webhook, stories, state, purged, republish } = setup();
    await webhook(await signedRequest(storyEvent('published', stories.about)));
    republish(stories.about.id, moved(stories.about, 'about-us'));
    await webhook(await signedRequest(storyEvent('moved', moved(stories.about, 'about-us'))));
    expect(state.state?.redirects).toEqual({ '/p/about': '/p/about-us' });
    republish(stories.about.id, null);
    await webhook(await signedRequest(storyEvent('unpublished', moved(stories.about, 'about-us'))));
    expect(state.state?.gone).toEqual({ '/p/about-us': AT, '/p/about': AT });
    expect(purged).toEqual(Array(3).fill(['pages', stories.about.uuid]));
  });

  test('a category that moves takes its recorded articles along, each redirected', async () => {
    const { webhook, stories, state, purged, republish } = setup();
    for (const story of [stories.training, stories.jab, stories.hook, stories.dani]) {
      await webhook(await signedRequest(storyEvent('published', story)));
    }
    republish(stories.training.id, moved(stories.training, 'workouts'));
    await webhook(await signedRequest(storyEvent('moved', moved(stories.training, 'workouts'))));
    expect(state.state?.redirects).toEqual({
      '/c/training': '/c/workouts',
      '/training/jab': '/workouts/jab',
      '/training/hook': '/workouts/hook',
    });
    expect(state.state?.stories[stories.jab.id]?.path).toBe('/workouts/jab');
    expect(state.state?.stories[stories.dani.id]?.path).toBe('/author/dani');
    expect(purged.at(-1)).toEqual(['categories', stories.training.uuid]);
  });

  test('a story moved while unpublished (never seen) purges nothing', async () => {
    const { webhook, state, purged } = setup();
    const response = await webhook(
      await signedRequest(storyEvent('moved', { id: 4242, full_slug: 'blogs/draft' })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ purged: [] });
    expect(purged).toEqual([]);
    expect(state.state?.redirects).toEqual({});
  });

  test.each(['unpublished', 'deleted'])(
    '%s: the page path is gone, with the old paths that led to it; the story is forgotten',
    async (action) => {
      const { webhook, stories, state, purged, republish } = setup();
      await webhook(await signedRequest(storyEvent('published', stories.jab)));
      republish(stories.jab.id, moved(stories.jab, 'the-jab'));
      await webhook(await signedRequest(storyEvent('moved', moved(stories.jab, 'the-jab'))));

      republish(stories.jab.id, null);
      const response = await webhook(await signedRequest(storyEvent(action, stories.jab)));
      expect(response.status).toBe(200);
      expect(state.state?.gone).toEqual({ '/training/the-jab': AT, '/training/jab': AT });
      expect(state.state?.redirects).toEqual({});
      expect(state.state?.stories[stories.jab.id]).toBeUndefined();
      expect(purged.at(-1)).toEqual(['articles', stories.jab.uuid]);

      // Published again: the path lives again.
      republish(stories.jab.id, moved(stories.jab, 'the-jab'));
      await webhook(await signedRequest(storyEvent('published', moved(stories.jab, 'the-jab'))));
      expect(state.state?.gone).toEqual({ '/training/jab': AT });
    },
  );

  test('removing a story the site never recorded purges every page (its uuid is unknown)', async () => {
    const { webhook, state, purged, logs } = setup();
    const response = await webhook(
      await signedRequest(storyEvent('unpublished', { id: 77, full_slug: 'blogs/old' })),
    );
    expect(response.status).toBe(200);
    expect(purged).toEqual([['layout']]);
    expect(state.state?.gone).toEqual({});
    expect(logs.at(-1)).toContain('story 77 unpublished (unknown');
  });

  test('a merged release moves the space version and purges every page', async () => {
    const { webhook, state, purged, service } = setup();
    for (const body of [
      { action: 'release_merged', space_id: 1, release_id: 3, text: 'The release Summer has been merged.' },
      { action: 'merged', space_id: 1, release_id: 3, text: 'Release merged' },
    ]) {
      const response = await webhook(await signedRequest(body));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ purged: ['layout'], cv: service.cv });
    }
    expect(purged).toEqual([['layout'], ['layout']]);
    expect(state.state?.cv).toBe(service.cv);
  });
});

test('a publish in the stand-in, delivered by the local sender, is verified and recorded', async () => {
  // The sender signs with the secret; the webhook reads the stand-in that published.
  const { stories } = setup();
  let deliver: (request: Request) => Promise<Response> = async () => new Response(null, { status: 500 });
  const service = createContentService({
    stories: Object.values(stories),
    publicToken: 'public-token',
    previewToken: 'preview-token',
    onPublish: createPublishWebhook({
      url: WEBHOOK_URL,
      secret: SECRET,
      log: (line) => {
        throw new Error(line);
      },
      fetch: (input, init) => deliver(new Request(input, init)),
    }),
  });
  const state = fakeStateStore();
  const purged: string[][] = [];
  deliver = createContentWebhook(
    parseConfig({
      STORYBLOK_TOKEN: 'public-token',
      STORYBLOK_ENDPOINT: 'http://content.local/v2',
      STORYBLOK_WEBHOOK_SECRET: SECRET,
    }),
    {
      state: state.store,
      purge: async (tags) => void purged.push(tags),
      fetch: createContentServiceFetch(service),
      log: () => {},
    },
  );
  const before = service.cv;
  await service.publish(stories.jab.id);
  expect(service.cv).toBeGreaterThan(before);
  expect(state.state?.cv).toBe(service.cv);
  expect(purged).toEqual([['articles', stories.jab.uuid]]);
});
