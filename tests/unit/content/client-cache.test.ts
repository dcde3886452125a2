/**
 * The content client's memory cache: a story read before the client knew the space's cache version
 * (`cv`) is a hit once it does, and an answer with a new cv empties the cache.
 */
import { expect, test } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import type { FetchLike } from '../../../src/content/fetch-policy';
import { globalStory } from './factories';

let tokenSeq = 0;

/** A CMS whose answers carry the space version `cv` (changeable), recording each URL asked for. */
function cms() {
  const state = { cv: 100, calls: [] as URL[] };
  const fetch: FetchLike = async (input) => {
    state.calls.push(new URL(String(input)));
    return new Response(JSON.stringify({ story: globalStory(), cv: state.cv }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  // A token of its own: the client's cv map is module-global, keyed by token.
  const client = createStoryblokClient({
    accessToken: `cache-${++tokenSeq}`,
    endpoint: 'http://cms.test/v2',
    fetch,
  });
  return { state, client };
}

test('a story read before the client knew the cv is not fetched again once it does', async () => {
  const { state, client } = cms();
  await client.getStory('global', { version: 'published' });
  expect(state.calls[0]?.searchParams.has('cv')).toBe(false);
  // The client now sends the cv it learnt, but answers the same read from its cache.
  await client.getStory('global', { version: 'published' });
  await client.getStory('pages/home', { version: 'published' });
  expect(state.calls.map((url) => url.pathname)).toEqual([
    '/v2/cdn/stories/global',
    '/v2/cdn/stories/pages/home',
  ]);
  expect(state.calls[1]?.searchParams.get('cv')).toBe('100');
});

test('an answer with a new cv empties the cache: the next read goes out with it', async () => {
  const { state, client } = cms();
  await client.getStory('global', { version: 'published' });
  state.cv = 200;
  await client.getStory('pages/home', { version: 'published' });
  await client.getStory('global', { version: 'published' });
  expect(state.calls.map((url) => url.pathname)).toEqual([
    '/v2/cdn/stories/global',
    '/v2/cdn/stories/pages/home',
    '/v2/cdn/stories/global',
  ]);
  expect(state.calls[2]?.searchParams.get('cv')).toBe('200');
});

test('drafts are never cached', async () => {
  const { state, client } = cms();
  await client.getStory('global', { version: 'draft' });
  await client.getStory('global', { version: 'draft' });
  expect(state.calls).toHaveLength(2);
});

test('a read at another cv than the cached answer’s goes out (the webhook reads a story at the new version)', async () => {
  const { state, client } = cms();
  await client.getStory('global', { version: 'published' });
  state.cv = 101;
  await client.getStory('global', { version: 'published', cv: 101 });
  expect(state.calls).toHaveLength(2);
  expect(state.calls[1]?.searchParams.get('cv')).toBe('101');
});
