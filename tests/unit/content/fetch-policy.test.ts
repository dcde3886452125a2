import { expect, test } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import {
  ContentRateLimitError,
  ContentUpstreamError,
  ContentNotFoundError,
  toContentError,
} from '../../../src/content/errors';
import { createContentFetch, createWindowLimiter, type FetchLike } from '../../../src/content/fetch-policy';
import { createContentApi } from '../../../src/content/service.server';
import { globalStory } from './factories';

/** Virtual time: `sleep` advances the clock instead of waiting, and records each wait. */
function virtualTime() {
  let t = 1_700_000_000_000;
  const sleeps: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)), sleeps };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const rateLimited = () =>
  json({ error: 'Rate limit of 6 request per second has been reached. Retry later.' }, 429);

/** A tiny scripted fetch: answers from `script` in order (the last entry repeats) and counts calls. */
function scripted(script: (() => Response)[]) {
  const calls: string[] = [];
  const fetch: FetchLike = async (input) => {
    calls.push(String(input));
    const step = script[Math.min(calls.length - 1, script.length - 1)];
    if (!step) throw new Error('empty script');
    return step();
  };
  return { fetch, calls };
}

let tokenSeq = 0;
function clientWith(fetch: FetchLike, time = virtualTime()) {
  // A distinct token per client and no cache: the client's cache and cv map are module-global.
  return createStoryblokClient({
    accessToken: `policy-${++tokenSeq}`,
    endpoint: 'http://cms.test/v2',
    fetch,
    cache: 'none',
    ...time,
  });
}

/**
 * Virtual time with real concurrency: `sleep` queues a timer, and `run` lets every promise settle,
 * then moves the clock to the soonest timer and fires it, until the work is done.
 */
function timers() {
  let t = 0;
  const queued: { at: number; fire: () => void }[] = [];
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    now: () => t,
    sleep: (ms: number) => new Promise<void>((fire) => queued.push({ at: t + Math.max(0, ms), fire })),
    async run<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const finished = work.finally(() => (done = true));
      for (;;) {
        await settle();
        if (done) return finished;
        queued.sort((a, b) => a.at - b.at);
        const next = queued.shift();
        if (!next) throw new Error('stuck: nothing left to wait for');
        t = next.at;
        next.fire();
      }
    },
  };
}

test('the limiter: at most 5 slots out, and a slot is taken again a window after its release', async () => {
  const time = timers();
  const acquire = createWindowLimiter({ limit: 5, windowMs: 1000, now: time.now, sleep: time.sleep });
  const starts: number[] = [];
  // Each request takes 300 ms to come back.
  const request = async () => {
    const release = await acquire();
    starts.push(time.now());
    await time.sleep(300);
    release();
  };
  await time.run(Promise.all(Array.from({ length: 12 }, request)));
  expect(starts).toEqual([0, 0, 0, 0, 0, 1300, 1300, 1300, 1300, 1300, 2600, 2600]);
});

test('the CMS never counts more than 5 requests in a second, however late they arrive', async () => {
  const time = timers();
  const arrivals: number[] = [];
  // Each request reaches the CMS up to 400 ms after it left, and is answered 30 ms later.
  const lateness = [0, 400, 10, 350, 120, 0, 390, 5, 260, 80, 400, 0];
  let n = 0;
  const fetch = createContentFetch({
    fetch: async () => {
      await time.sleep(lateness[n++ % lateness.length]!);
      arrivals.push(time.now());
      await time.sleep(30);
      return json({});
    },
    now: time.now,
    sleep: time.sleep,
  });
  await time.run(
    Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`http://cms.test/v2/cdn/stories/${i}`))),
  );
  expect(arrivals).toHaveLength(40);
  arrivals.sort((a, b) => a - b);
  for (const t of arrivals)
    expect(arrivals.filter((a) => a > t - 1000 && a <= t).length).toBeLessThanOrEqual(5);
  // And no slower than it must be: 40 requests, 5 at a time, each slot a window plus its request.
  expect(arrivals.at(-1)!).toBeLessThanOrEqual(7 * (1000 + 430) + 400);
});

test('identical published reads in flight share one request; drafts and later reads go out again', async () => {
  const time = timers();
  const calls: string[] = [];
  const fetch = createContentFetch({
    fetch: async (input) => {
      calls.push(String(input));
      await time.sleep(50);
      return json({ story: { name: 'global' } }, 200);
    },
    now: time.now,
    sleep: time.sleep,
  });
  const published = 'http://cms.test/v2/cdn/stories/global?version=published&cv=1';
  const draft = 'http://cms.test/v2/cdn/stories/global?version=draft&cv=1';
  const read = async (url: string) => {
    const res = await fetch(url, { method: 'get' });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  };
  const answers = await time.run(
    Promise.all([read(published), read(published), read(published), read(draft), read(draft)]),
  );
  expect(calls).toEqual([published, draft, draft]);
  for (const answer of answers)
    expect(answer).toEqual({ status: 200, type: 'application/json', body: { story: { name: 'global' } } });
  // Once answered, the next read asks again (the client's cache, not this, keeps answers).
  await time.run(read(published));
  expect(calls).toHaveLength(4);
});

test('a caller whose own timeout fires stops waiting for a shared read; the others get it', async () => {
  const time = timers();
  const fetch = createContentFetch({
    fetch: async () => {
      await time.sleep(500);
      return json({ ok: true });
    },
    now: time.now,
    sleep: time.sleep,
  });
  const url = 'http://cms.test/v2/cdn/stories/global?version=published';
  const impatient = new AbortController();
  const first = fetch(url, { method: 'get' }).then((r) => r.json());
  const second = fetch(url, { method: 'get', signal: impatient.signal }).catch((e: unknown) => e);
  void time.sleep(100).then(() => impatient.abort(new DOMException('timeout', 'AbortError')));
  const [a, b] = await time.run(Promise.all([first, second]));
  expect(a).toEqual({ ok: true });
  expect(b).toMatchObject({ name: 'AbortError' });
});

test('2×429 then 200 succeeds after 3 requests, waiting 1 s then 2 s', async () => {
  const time = virtualTime();
  const cms = scripted([rateLimited, rateLimited, () => json({ story: globalStory(), cv: 1 })]);
  const res = await clientWith(cms.fetch, time).getStory('global');
  expect(res.data.story.full_slug).toBe('global');
  expect(cms.calls).toHaveLength(3);
  expect(time.sleeps).toEqual([1000, 2000]);
});

test('5×429 gives ContentRateLimitError after exactly 5 requests (no client-side retries on top)', async () => {
  const time = virtualTime();
  const cms = scripted([rateLimited]);
  const api = createContentApi({
    client: clientWith(cms.fetch, time),
    version: 'published',
    now: () => new Date(),
  });
  const error = await api.getLayout().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentRateLimitError);
  expect(error).toMatchObject({ status: 429 });
  expect(cms.calls).toHaveLength(5);
  expect(time.sleeps).toEqual([1000, 2000, 3000, 4000]);
});

test('a 500 becomes ContentUpstreamError with status 500, without retries', async () => {
  const cms = scripted([() => json({ error: 'Internal Server Error' }, 500)]);
  const api = createContentApi({
    client: clientWith(cms.fetch),
    version: 'published',
    now: () => new Date(),
  });
  await expect(api.getCategories()).rejects.toSatisfy(
    (e) => e instanceof ContentUpstreamError && e.status === 500,
  );
  expect(cms.calls).toHaveLength(1);
});

test('a network failure becomes ContentUpstreamError with status 0', async () => {
  const fetch: FetchLike = async () => {
    throw new TypeError('fetch failed');
  };
  const api = createContentApi({ client: clientWith(fetch), version: 'published', now: () => new Date() });
  const error = await api.getArticle('jab').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentUpstreamError);
  expect(error).toMatchObject({ status: 0, message: expect.stringContaining('fetch failed') });
});

test('the client timeout also ends a 429 back-off wait', async () => {
  const cms = scripted([rateLimited]);
  const client = createStoryblokClient({
    accessToken: `policy-${++tokenSeq}`,
    endpoint: 'http://cms.test/v2',
    fetch: cms.fetch,
    cache: 'none',
    timeoutSeconds: 0.05,
    sleep: () => new Promise(() => {}),
  });
  const error = await client.getStory('global').catch((e: unknown) => toContentError(e));
  expect(error).toBeInstanceOf(ContentUpstreamError);
  expect(error).toMatchObject({ status: 0, message: expect.stringContaining('timeout') });
  expect(cms.calls).toHaveLength(1);
});

test('toContentError maps the client rejection shapes', () => {
  expect(
    toContentError({ message: 'This record could not be found', status: 404, response: {} }),
  ).toBeInstanceOf(ContentNotFoundError);
  expect(toContentError({ message: 'Unauthorized', status: 401 })).toMatchObject({
    name: 'ContentUpstreamError',
    status: 401,
  });
  expect(toContentError('weird')).toMatchObject({ status: 0, message: 'Content service failed: weird' });
  const mapped = toContentError({ message: 'x', status: 429 });
  expect(mapped).toBeInstanceOf(Error);
  expect(toContentError(mapped)).toBe(mapped);
});

test('createStoryblokClient rejects an endpoint without /v2', () => {
  expect(() => createStoryblokClient({ accessToken: 't', endpoint: 'http://cms.test' })).toThrow(/\/v2/);
  expect(() => createStoryblokClient({ accessToken: 't', endpoint: 'not a url' })).toThrow(/endpoint/);
  expect(() => createStoryblokClient({ accessToken: '', endpoint: 'http://cms.test/v2' })).toThrow(
    /accessToken/,
  );
});
