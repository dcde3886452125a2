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

test('the limiter never lets more than 5 requests start in any 1 s window', async () => {
  const time = virtualTime();
  const acquire = createWindowLimiter({ limit: 5, windowMs: 1000, ...time });
  const starts: number[] = [];
  await Promise.all(Array.from({ length: 12 }, () => acquire().then(() => starts.push(time.now()))));
  expect(starts).toHaveLength(12);
  for (let i = 0; i + 5 < starts.length; i++)
    expect((starts[i + 5] ?? 0) - (starts[i] ?? 0)).toBeGreaterThanOrEqual(1000);
  expect(starts[11]! - starts[0]!).toBe(2000);
});

test('12 parallel requests through the content fetch never exceed 5 per rolling second', async () => {
  const time = virtualTime();
  const sent: number[] = [];
  const fetch = createContentFetch({ fetch: async () => (sent.push(time.now()), json({})), ...time });
  await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(`http://cms.test/v2/cdn/stories/${i}`)));
  expect(sent).toHaveLength(12);
  for (const t of sent) expect(sent.filter((s) => s > t - 1000 && s <= t).length).toBeLessThanOrEqual(5);
  // With room for arrivals up to 100 ms late: still 5 in any 1100 ms of starts.
  for (const t of sent) expect(sent.filter((s) => s > t - 1100 && s <= t).length).toBeLessThanOrEqual(5);
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
