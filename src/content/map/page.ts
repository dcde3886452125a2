/** Page stories (`pages/…`) → Page. The body is a list of bloks, rendered by the block registry. */
import type { Page } from '../types.ts';
import { pageStorySchema } from '../wire.ts';
import { nonEmpty, parseStory, toMeta, type MapContext } from './common.ts';
import { toBlok } from './rich-text.ts';

/** A page story → Page (title falls back to the story name); null when invalid. */
export function toPage(raw: unknown, ctx: MapContext): Page | null {
  const story = parseStory(pageStorySchema, raw, ctx, 'page');
  if (!story) return null;
  return {
    uuid: story.uuid,
    slug: story.slug,
    title: nonEmpty(story.content.title) ?? story.name,
    body: story.content.body.flatMap((b) => toBlok(b, ctx) ?? []),
    meta: toMeta(story.content.meta_info),
  };
}
