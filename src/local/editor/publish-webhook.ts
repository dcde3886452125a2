/**
 * The local stand-in's publish webhook: after a publish, POSTs the body Storyblok sends for a story
 * event, signed as Storyblok signs it (`webhook-signature`: hex HMAC-SHA1 of the body with the
 * webhook's secret), to the site's own content webhook or LOCAL_PUBLISH_WEBHOOK_URL. A webhook
 * that fails or hangs is logged; the publish it reports stands.
 */
import type { PublishEvent } from '../content-service/index.ts';
import { SIGNATURE_HEADER, signBody } from '../../functions/content-webhook/signature.ts';
import { messageOf } from '../../shared/errors.ts';

export type PublishWebhookOptions = {
  url: string;
  /** The webhook's secret: the body is signed with it (unset: sent unsigned). */
  secret?: string;
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
  secret,
  fetch: send = fetch,
  log,
  timeoutMs = 5000,
}: PublishWebhookOptions): (event: PublishEvent) => Promise<void> {
  return async (event) => {
    try {
      const body = JSON.stringify(webhookBody(event));
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (secret) headers[SIGNATURE_HEADER] = await signBody(secret, body);
      const response = await send(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) log(`publish webhook: ${url} answered ${response.status} for ${event.full_slug}`);
    } catch (error) {
      log(`publish webhook: ${url} failed for ${event.full_slug}: ${messageOf(error)}`);
    }
  };
}
