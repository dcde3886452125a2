/**
 * Live editing: the Visual Editor sends its unsaved copy of a story on every keystroke. A draft
 * client wrapped here answers with that copy wherever the story appears (as the page's story or in
 * a list), keeping everything else the CDN sent (resolved relations, other stories). So the copy
 * goes through the same mapping and block validation as saved content.
 */
import { z } from 'zod';
import type { ContentClient } from './service.server.ts';
import { isRecord } from './map/common.ts';

/** The story in the bridge's `input` event: what we read of it (the rest is ignored). */
export const editedStorySchema = z.object({
  id: z.number().int().nonnegative(),
  uuid: z.string().min(1).max(64),
  name: z.string().max(500),
  content: z.looseObject({ component: z.string().min(1), _uid: z.string().min(1) }),
});

export type EditedStory = z.infer<typeof editedStorySchema>;

/**
 * The client resolves relations in place (a uuid becomes the related story). The editor's copy
 * names them by uuid (or, with the bridge's resolveRelations, as stories already): a uuid the saved
 * draft had resolved is swapped for that story, so the copy maps like the saved draft does.
 */
function relink(edited: Record<string, unknown>, saved: unknown): Record<string, unknown> {
  const resolved = new Map<string, unknown>();
  if (isRecord(saved)) {
    for (const value of Object.values(saved)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (isRecord(item) && typeof item.uuid === 'string') resolved.set(item.uuid, item);
      }
    }
  }
  const swap = (value: unknown): unknown =>
    typeof value === 'string'
      ? (resolved.get(value) ?? value)
      : Array.isArray(value)
        ? value.map(swap)
        : value;
  return Object.fromEntries(Object.entries(edited).map(([key, value]) => [key, swap(value)]));
}

/** Swaps in the edited copy for a story with its uuid; anything else is returned as it came. */
function merge(story: unknown, edited: EditedStory): unknown {
  if (!isRecord(story) || story.uuid !== edited.uuid) return story;
  return { ...story, name: edited.name, content: relink(edited.content, story.content) };
}

/** A client whose answers show `edited` in place of the saved draft of the same story. */
export function withEditedStory(client: ContentClient, edited: EditedStory): ContentClient {
  return {
    async getStory(slug, params, fetchOptions) {
      const result = await client.getStory(slug, params, fetchOptions);
      return {
        ...result,
        data: { ...result.data, story: merge(result.data.story, edited) as typeof result.data.story },
      };
    },
    async getStories(params, fetchOptions) {
      const result = await client.getStories(params, fetchOptions);
      const stories = result.data.stories.map((story) => merge(story, edited) as typeof story);
      return { ...result, data: { ...result.data, stories } };
    },
    async getAll(slug, params, entity, fetchOptions) {
      const items: unknown[] = await client.getAll(slug, params, entity, fetchOptions);
      return items.map((story) => merge(story, edited));
    },
  };
}
