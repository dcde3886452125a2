import { expect, test } from 'vitest';
import { articleStory } from './factories';
import { contentSet } from './fixture';
import { standIn } from './stand-in';

test('a cached story is validated and mapped once, not on every request', async () => {
  const set = contentSet();
  // An article without a category cannot be routed: it is reported and left out.
  const broken = articleStory('no-category', { author: set.sam.uuid });
  const { api, warnings, service } = standIn([...set.stories, broken], { cache: 'memory' });

  // Warm up: the client stores its first answer under a key without cv, so the second call
  // still reaches the CMS; from then on answers come from its memory cache.
  await api.getArticles();
  const warm = await api.getArticles();
  const warnedWhileWarming = warnings.filter((w) => w.includes('no-category')).length;
  const requestsWhileWarming = service.requests.length;

  const later = [await api.getArticles(), await api.getArticles(), await api.getArticles()];

  expect(warm.stories.map((a) => a.slug)).not.toContain('no-category');
  for (const result of later) expect(result.stories[0]).toBe(warm.stories[0]);
  expect(warnedWhileWarming).toBeGreaterThan(0);
  expect(warnings.filter((w) => w.includes('no-category'))).toHaveLength(warnedWhileWarming);
  expect(service.requests.length).toBe(requestsWhileWarming);
});

test('uncached (draft-style) responses are mapped afresh every time', async () => {
  const set = contentSet();
  const { api } = standIn(set.stories, { cache: 'none' });
  const first = await api.getArticles();
  const again = await api.getArticles();
  expect(again.stories[0]).toEqual(first.stories[0]);
  expect(again.stories[0]).not.toBe(first.stories[0]);
});
