/**
 * The local publish webhook signs its body as Storyblok does: `webhook-signature` is the hex
 * HMAC-SHA1 of the exact bytes sent, with the webhook's secret.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { createContentService } from '../../../src/local/content-service';
import { createPublishWebhook } from '../../../src/local/editor/publish-webhook';
import { wireStory } from './wire-story';

async function publishWith(secret: string | undefined) {
  const sent: { signature: string | null; body: string }[] = [];
  const story = wireStory('blogs/jab', { component: 'article', title: 'Jab' });
  const service = createContentService({
    stories: [story],
    publicToken: 'p',
    previewToken: 'd',
    onPublish: createPublishWebhook({
      url: 'http://site.local/.netlify/functions/content-webhook',
      ...(secret ? { secret } : {}),
      log: (line) => {
        throw new Error(line);
      },
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push({ signature: request.headers.get('webhook-signature'), body: await request.text() });
        return new Response('{}', { status: 200 });
      },
    }),
  });
  await service.publish(story.id);
  return sent;
}

test('with a secret, the body goes out with its HMAC-SHA1 in webhook-signature', async () => {
  const [sent] = await publishWith('local-secret');
  expect(sent?.signature).toBe(
    createHmac('sha1', 'local-secret')
      .update(sent?.body ?? '')
      .digest('hex'),
  );
  expect(JSON.parse(sent?.body ?? '')).toMatchObject({ action: 'published', full_slug: 'blogs/jab' });
});

test('without one, it goes out unsigned', async () => {
  const [sent] = await publishWith(undefined);
  expect(sent?.signature).toBeNull();
});
