/** The moment the next scheduled article becomes visible: what bounds the caching of listings. */
import { expect, test } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import { createContentApi } from '../../../src/content/service.server';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { makeSite } from '../../support/stories';

const NOW = new Date('2026-06-01T12:10:30Z');

function contentWith(schedules: (string | undefined)[], token: string) {
  const site = makeSite({ articleTitles: schedules.map((_, i) => `Article ${i}`) });
  site.articles.forEach((article, i) => {
    if (schedules[i] === undefined) delete article.content.schedule;
    else article.content.schedule = schedules[i];
  });
  const service = createContentService({ stories: site.stories, publicToken: token, previewToken: 'p' });
  const client = createStoryblokClient({
    accessToken: token,
    endpoint: 'http://content.test/v2',
    fetch: createContentServiceFetch(service),
  });
  return { service, api: createContentApi({ client, version: 'published', now: () => NOW }) };
}

test('the soonest schedule not yet visible: the moment it becomes visible', async () => {
  const { api } = contentWith(
    ['2026-06-01 12:05', '2026-06-01 14:00', '2026-06-01 12:11', '2026-06-01 12:10', undefined],
    'sched-1',
  );
  // At 12:10:30, 12:10 (12:10:00) has passed; 12:11 is the soonest still ahead.
  expect((await api.nextScheduleAt())?.toISOString()).toBe('2026-06-01T12:11:00.000Z');
});

test('nothing scheduled ahead: null; and the request stays the same within the hour (cached)', async () => {
  const { api, service } = contentWith(['2026-06-01 09:00', '2026-05-01 10:00'], 'sched-2');
  expect(await api.nextScheduleAt()).toBeNull();
  // The client's first request has no cv yet; from the second on, the same request is a cache hit.
  await api.nextScheduleAt();
  const before = service.requests.length;
  await api.nextScheduleAt();
  expect(service.requests.length).toBe(before);
});

test('listings hold every article whose schedule has passed and none still ahead', async () => {
  const { api } = contentWith(['2026-06-01 12:05', '2026-06-01 12:40', '2026-06-01 12:10'], 'sched-3');
  const listed = await api.getArticles();
  // At 12:10:30: 12:05 and 12:10 (12:10:00) have passed; 12:40 is ahead.
  expect(listed.stories.map((a) => a.title).sort()).toEqual(['Article 0', 'Article 2']);
});
