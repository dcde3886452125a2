/**
 * A publish in the local stack POSTs Storyblok's publish webhook body to LOCAL_PUBLISH_WEBHOOK_URL;
 * a receiver that fails, errs or hangs is logged and never fails the publish.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { createContentService } from '../../../src/local/content-service';
import { serveOnLoopback, type LoopbackServer } from '../../../src/local/content-service/node-http';
import { createPublishWebhook } from '../../../src/local/editor/publish-webhook';
import { wireStory } from './wire-story';

let receiver: LoopbackServer | null = null;
afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

function publishing(onPublish: ReturnType<typeof createPublishWebhook>) {
  const story = wireStory('blogs/jab', { component: 'article', title: 'Jab' });
  const service = createContentService({ stories: [story], publicToken: 'p', previewToken: 'd', onPublish });
  return { service, story };
}

test('Publish POSTs Storyblok’s webhook body as JSON to the configured URL', async () => {
  const received: { method: string; type: string | null; body: unknown }[] = [];
  receiver = await serveOnLoopback(async (request) => {
    received.push({
      method: request.method,
      type: request.headers.get('content-type'),
      body: await request.json(),
    });
    return new Response(null, { status: 204 });
  });
  const log = vi.fn();
  const { service, story } = publishing(createPublishWebhook({ url: `${receiver.url}/hook`, log }));

  await service.publish(story.id);

  expect(received).toEqual([
    {
      method: 'POST',
      type: 'application/json',
      body: {
        text: expect.stringContaining('published') as unknown,
        action: 'published',
        space_id: 1,
        story_id: story.id,
        full_slug: 'blogs/jab',
      },
    },
  ]);
  expect(log).not.toHaveBeenCalled();
});

test('a receiver that answers an error or cannot be reached is logged; the story is published', async () => {
  receiver = await serveOnLoopback(async () => new Response('nope', { status: 500 }));
  const log = vi.fn();
  const failing = publishing(createPublishWebhook({ url: `${receiver.url}/hook`, log }));
  expect(await failing.service.publish(failing.story.id)).not.toBeNull();
  expect(log).toHaveBeenLastCalledWith(expect.stringContaining('answered 500 for blogs/jab'));

  const unreachable = createPublishWebhook({
    url: 'http://127.0.0.1:9/hook',
    log,
    fetch: () => Promise.reject(new TypeError('fetch failed')),
  });
  const down = publishing(unreachable);
  expect(await down.service.publish(down.story.id)).not.toBeNull();
  expect(log).toHaveBeenLastCalledWith(expect.stringContaining('failed for blogs/jab: fetch failed'));
  expect(down.service.publishes).toHaveLength(1);
});

test('a receiver that hangs is given up after the timeout', async () => {
  const log = vi.fn();
  const hanging = createPublishWebhook({
    url: 'http://127.0.0.1:9/hook',
    log,
    timeoutMs: 20,
    fetch: (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  });
  const { service, story } = publishing(hanging);
  expect(await service.publish(story.id)).not.toBeNull();
  expect(log).toHaveBeenCalledWith(expect.stringContaining('failed for blogs/jab'));
});
