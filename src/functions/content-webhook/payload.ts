/**
 * Storyblok's webhook bodies (https://www.storyblok.com/docs/concepts/webhooks): every payload has
 * `text`, `action` and `space_id`; story events add `story_id` (and `full_slug` on published and
 * moved). Actions are bare words shared across entities (`deleted` is a story's or an asset's), so
 * a story event is a story action with a `story_id`. Releases: `release_merged` (legacy webhooks)
 * or `merged` with a `release_id`. Datasource events (`entries_updated`, legacy
 * `datasource_entry_saved`) are recognised and ignored: the site reads no datasources.
 */
import { z } from 'zod';
import { STORY_ACTIONS, type StoryAction } from './tags.ts';

const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

export const webhookPayloadSchema = z.object({
  action: z.string().trim().min(1).max(100),
  text: z.string().max(10_000).optional(),
  space_id: id,
  story_id: id.optional(),
  full_slug: z.string().max(2_000).optional(),
  release_id: id.optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export type WebhookEvent =
  | { kind: 'story'; action: StoryAction; storyId: number; fullSlug?: string }
  | { kind: 'release'; releaseId?: number }
  | { kind: 'ignored'; reason: string }
  | { kind: 'unknown'; action: string };

const DATASOURCE_ACTIONS = new Set(['entries_updated', 'datasource_entry_saved']);
const isStoryAction = (action: string): action is StoryAction =>
  (STORY_ACTIONS as readonly string[]).includes(action);

/** What a (valid) payload asks of the site. */
export function classify(payload: WebhookPayload): WebhookEvent {
  const { action } = payload;
  if (isStoryAction(action) && payload.story_id !== undefined) {
    return {
      kind: 'story',
      action,
      storyId: payload.story_id,
      ...(payload.full_slug !== undefined ? { fullSlug: payload.full_slug } : {}),
    };
  }
  if (action === 'release_merged' || (action === 'merged' && payload.release_id !== undefined)) {
    return {
      kind: 'release',
      ...(payload.release_id !== undefined ? { releaseId: payload.release_id } : {}),
    };
  }
  if (DATASOURCE_ACTIONS.has(action)) return { kind: 'ignored', reason: 'the site reads no datasources' };
  return { kind: 'unknown', action };
}
