/**
 * POST /.netlify/functions/content-webhook: Storyblok's webhook. Platform-neutral
 * (`Request → Response`), with the Netlify adapter in netlify/functions and the local server
 * calling it directly.
 *
 * A signed story event (published, unpublished, deleted, moved) reads the new space version and,
 * for a live story, the story itself; records both in the content state (space version, the story's
 * uuid, kind and page path, redirects for moved pages, gone pages); then purges the cache tags of
 * the pages that show the story (tags.ts). A merged release purges every page.
 *
 * 200 `{ purged, cv }` once done; 202 `{ ignored }` for events that change no page (unknown ones
 * are logged); 400 for a body that is not a Storyblok payload; 401 for a missing or wrong
 * signature (checked first: nothing is read or changed); 405 other methods; 413 past the body
 * limit; 502 when the purge failed (the state is saved; pages refresh as their cache time ends);
 * 503 when the webhook is not configured, or Storyblok or the state store cannot be reached
 * (nothing purged: Storyblok reports a failed webhook to the space owner).
 */
import { z } from 'zod';
import { json, problem, readBytesLimited, type FieldError } from '../../http/boundary.ts';
import { pagePath } from '../../content/page-path.ts';
import {
  CONTENT_STATE_KEY,
  emptyContentState,
  parseContentState,
  storyKindSchema,
  type ContentState,
  type ContentStateWriter,
  type StoryKind,
} from '../../content/state.ts';
import type { WireStory } from '../../content/wire.ts';
import { messageOf } from '../../shared/errors.ts';
import { applyLive, applyRemoved, withVersion, type LiveStory } from './changes.ts';
import { classify, webhookPayloadSchema, type WebhookEvent } from './payload.ts';
import { checkSignature, SIGNATURE_HEADER } from './signature.ts';
import type { ContentSource } from './source.ts';
import { EVERY_PAGE_TAG, tagsFor, type StoryAction } from './tags.ts';

/** Purges the CDN's cached responses carrying any of these tags (`purgeCache({ tags })`). */
export type PurgeTags = (tags: string[]) => Promise<void>;

export type ContentWebhookOptions = {
  secret: string;
  content: ContentSource;
  state: ContentStateWriter;
  purge: PurgeTags;
  /** STORYBLOK_SPACE_ID: a payload from another space is ignored (202). */
  spaceId?: string;
  /** Largest body accepted, in bytes. */
  bodyLimit?: number;
  now?: () => Date;
  log?: (line: string) => void;
};

/** Storyblok's bodies are a few hundred bytes. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** Conditional writes that lose to a concurrent webhook are retried this many times. */
const STATE_WRITE_ATTEMPTS = 5;

class TooLarge extends Error {}
class Unavailable extends Error {}

/** The raw body, stopping as soon as it passes the limit (the signature is over these bytes). */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw new TooLarge();
  if (!request.body) return new Uint8Array(0);
  const bytes = await readBytesLimited(request.body, limit);
  if (!bytes) throw new TooLarge();
  return bytes;
}

function payloadErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
}

function kindOf(story: WireStory): StoryKind {
  const parsed = storyKindSchema.safeParse(story.content.component);
  return parsed.success ? parsed.data : 'other';
}

// Long by design: one closure over the options, in the order a request is checked.
export function createContentWebhookHandler({
  secret,
  content,
  state,
  purge,
  spaceId,
  bodyLimit = WEBHOOK_BODY_LIMIT,
  now = () => new Date(),
  log = (line) => console.log(line),
}: ContentWebhookOptions) {
  /** Reads, changes and conditionally writes the state; retried when another write came first. */
  async function updateState(change: (current: ContentState) => ContentState): Promise<ContentState> {
    for (let attempt = 0; attempt < STATE_WRITE_ATTEMPTS; attempt++) {
      const found = await state.getWithMetadata(CONTENT_STATE_KEY, { type: 'json' });
      const current = found ? parseContentState(found.data) : emptyContentState();
      const next = change(current);
      const written = !found
        ? await state.setJSON(CONTENT_STATE_KEY, next, { onlyIfNew: true })
        : found.etag
          ? await state.setJSON(CONTENT_STATE_KEY, next, { onlyIfMatch: found.etag })
          : await state.setJSON(CONTENT_STATE_KEY, next);
      if (written.modified) return current;
    }
    throw new Error(`another write came first ${STATE_WRITE_ATTEMPTS} times in a row`);
  }

  /** Space version, then the story if it is live; throws Unavailable when Storyblok cannot answer. */
  async function readStoryblok(action: StoryAction, storyId: number) {
    try {
      const cv = await content.spaceVersion();
      const wire =
        action === 'published' || action === 'moved' ? await content.publishedStory(storyId, cv) : null;
      if (!wire && action === 'published')
        throw new Error(`story ${storyId} is not published at version ${cv}`);
      const live: LiveStory | null = wire && { uuid: wire.uuid, kind: kindOf(wire), path: pagePath(wire) };
      return { cv, live };
    } catch (error) {
      throw new Unavailable(`Storyblok could not be read: ${messageOf(error)}`, { cause: error });
    }
  }

  async function storyEvent(action: StoryAction, storyId: number) {
    const { cv, live } = await readStoryblok(action, storyId);
    const at = now().toISOString();
    let before: ContentState;
    try {
      before = await updateState((current) => {
        const changed = live ? applyLive(current, storyId, live, at) : applyRemoved(current, storyId, at);
        return withVersion(changed, cv, at);
      });
    } catch (error) {
      throw new Unavailable(`the content state could not be saved: ${messageOf(error)}`, { cause: error });
    }
    const known = live ?? before.stories[String(storyId)] ?? null;
    // A story moved while unpublished has no page anywhere: nothing to purge.
    const tags =
      !known && action === 'moved' ? [] : tagsFor(action, known?.kind ?? null, known?.uuid ?? null);
    const where = live?.path ?? known?.path ?? 'no page';
    log(
      `content-webhook: story ${storyId} ${action} (${known?.kind ?? 'unknown'}, ${where}), cv ${cv}, purge ${tags.join(',') || 'nothing'}`,
    );
    return { tags, cv };
  }

  async function releaseEvent() {
    let cv: number;
    try {
      cv = await content.spaceVersion();
    } catch (error) {
      throw new Unavailable(`Storyblok could not be read: ${messageOf(error)}`, { cause: error });
    }
    const at = now().toISOString();
    try {
      await updateState((current) => withVersion(current, cv, at));
    } catch (error) {
      throw new Unavailable(`the content state could not be saved: ${messageOf(error)}`, { cause: error });
    }
    log(`content-webhook: release merged, cv ${cv}, purge ${EVERY_PAGE_TAG}`);
    return { tags: [EVERY_PAGE_TAG], cv };
  }

  async function act(event: Extract<WebhookEvent, { kind: 'story' | 'release' }>): Promise<Response> {
    let result: { tags: string[]; cv: number };
    try {
      result = event.kind === 'story' ? await storyEvent(event.action, event.storyId) : await releaseEvent();
    } catch (error) {
      const message = error instanceof Unavailable ? error.message : `failed: ${messageOf(error)}`;
      log(`content-webhook: ${message}`);
      return problem(503, [{ field: 'content', message }], { 'Retry-After': '30' });
    }
    if (result.tags.length > 0) {
      try {
        await purge(result.tags);
      } catch (error) {
        log(`content-webhook: purge of ${result.tags.join(',')} failed: ${messageOf(error)}`);
        return problem(502, [
          { field: 'purge', message: 'the CDN purge failed; pages refresh when their cache time ends' },
        ]);
      }
    }
    return json(200, { purged: result.tags, cv: result.cv });
  }

  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') {
      return problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' });
    }
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readBody(request, bodyLimit);
    } catch (error) {
      if (error instanceof TooLarge) {
        return problem(413, [{ field: 'body', message: `body larger than ${bodyLimit} bytes` }]);
      }
      return problem(400, [{ field: 'body', message: 'the body could not be read' }]);
    }
    const signature = await checkSignature(secret, body, request.headers.get(SIGNATURE_HEADER));
    if (signature !== 'valid') {
      const message =
        signature === 'missing'
          ? `no ${SIGNATURE_HEADER} header (set the webhook secret in Storyblok)`
          : signature === 'malformed'
            ? `${SIGNATURE_HEADER} is not a hex HMAC-SHA1`
            : `${SIGNATURE_HEADER} does not match the body (is STORYBLOK_WEBHOOK_SECRET the webhook's secret?)`;
      log(`content-webhook: refused: ${message}`);
      return problem(401, [{ field: SIGNATURE_HEADER, message }]);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return problem(400, [{ field: 'body', message: 'body must be valid JSON' }]);
    }
    const parsed = webhookPayloadSchema.safeParse(raw);
    if (!parsed.success) return problem(400, payloadErrors(parsed.error));
    const payload = parsed.data;
    if (spaceId !== undefined && String(payload.space_id) !== spaceId) {
      log(`content-webhook: ignored an event of space ${payload.space_id} (this site reads ${spaceId})`);
      return json(202, { ignored: `space ${payload.space_id} is not this site's` });
    }
    const event = classify(payload);
    if (event.kind === 'unknown') {
      log(`content-webhook: ignored unknown event "${event.action}"`);
      return json(202, { ignored: `unknown event "${event.action}"` });
    }
    if (event.kind === 'ignored') {
      log(`content-webhook: ignored "${payload.action}": ${event.reason}`);
      return json(202, { ignored: event.reason });
    }
    return act(event);
  };
}
