/** Page stories (`pages/…`) → Page. The body is a list of bloks, rendered by the block registry. */
import type { z } from 'zod';
import type { Page, PageSummary } from '../types.ts';
import { editorialPagePath } from '../../shared/editorial-pages.ts';
import { pageStorySchema } from '../wire.ts';
import { nonEmpty, parseStory, toMeta, type MapContext } from './common.ts';
import { toBlok } from './rich-text.ts';

type PageStory = z.infer<typeof pageStorySchema>;

const parsePage = (raw: unknown, ctx: MapContext) => parseStory(pageStorySchema, raw, ctx, 'page');

function summaryOf(story: PageStory): PageSummary {
  return {
    uuid: story.uuid,
    slug: story.slug,
    title: nonEmpty(story.content.title) ?? story.name,
    path: editorialPagePath(story.slug),
    publishedAt: story.published_at ?? null,
  };
}

/** A page story → Page (title falls back to the story name); null when invalid. */
export function toPage(raw: unknown, ctx: MapContext): Page | null {
  const story = parsePage(raw, ctx);
  if (!story) return null;
  return {
    ...summaryOf(story),
    body: story.content.body.flatMap((b) => toBlok(b, ctx) ?? []),
    meta: toMeta(story.content.meta_info),
  };
}

/** A page story (its body may be left out of the answer) → PageSummary; null when invalid. */
export function toPageSummary(raw: unknown, ctx: MapContext): PageSummary | null {
  const story = parsePage(raw, ctx);
  return story ? summaryOf(story) : null;
}
