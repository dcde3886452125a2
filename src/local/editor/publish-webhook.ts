/**
 * The local stand-in's publish webhook: after a publish, POSTs the body Storyblok sends for a story
 * event to a URL of our choosing (LOCAL_PUBLISH_WEBHOOK_URL), as Storyblok would to the site's
 * content webhook. A webhook that fails or hangs is logged; the publish it reports stands.
 */
import type { PublishEvent } from '../content-service/index.ts';
import { messageOf } from '../../shared/errors.ts';

export type PublishWebhookOptions = {
  url: string;
  fetch?: typeof fetch;
  log: (line: string) => void;
  /** How long a delivery may take before it is given up. */
  timeoutMs?: number;
};

/** Storyblok's story webhook body (`text` is for humans; the rest is what receivers read). */
export function webhookBody(event: PublishEvent): Record<string, unknown> {
  return {
    text: `The user local-editor published the Story ${event.full_slug} (${event.story_id})`,
    action: event.action,
    space_id: event.space_id,
    story_id: event.story_id,
    full_slug: event.full_slug,
  };
}

/** The onPublish hook that delivers the webhook; it never throws. */
export function createPublishWebhook({
  url,
  fetch: send = fetch,
  log,
  timeoutMs = 5000,
}: PublishWebhookOptions): (event: PublishEvent) => Promise<void> {
  return async (event) => {
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(webhookBody(event)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) log(`publish webhook: ${url} answered ${response.status} for ${event.full_slug}`);
    } catch (error) {
      log(`publish webhook: ${url} failed for ${event.full_slug}: ${messageOf(error)}`);
    }
  };
}
