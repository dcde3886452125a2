/**
 * Article stories → what a sitemap entry needs (uuid, slug, the uuids of its category and topic,
 * its publish times), from a list fetched without bodies and without resolved relations: at 10,000
 * articles the full mapping and the client's relation copies were most of the sitemap's CPU time.
 */
import { z } from 'zod';
import { relationSchema } from '../wire.ts';
import { parseStory, type MapContext } from './common.ts';

/** The fields the entry list asks for (`excluding_story_fields` drops the rest of the envelope). */
const articleEntryStorySchema = z.object({
  uuid: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  published_at: z.string().nullable().optional(),
  first_published_at: z.string().nullable().optional(),
  content: z.object({
    component: z.literal('article'),
    title: z.string(),
    category: relationSchema.nullable().optional(),
    topic: relationSchema.nullable().optional(),
  }),
});

export type ArticleRef = {
  uuid: string;
  slug: string;
  categoryUuid: string | null;
  topicUuid: string | null;
  publishedAt: string | null;
  firstPublishedAt: string | null;
};

const uuidOf = (relation: z.infer<typeof relationSchema> | null | undefined): string | null =>
  typeof relation === 'string' ? relation || null : (relation?.uuid ?? null);

/** An article story (relations as uuids or resolved) → ArticleRef; null when it is not a valid article. */
export function toArticleRef(raw: unknown, ctx: MapContext): ArticleRef | null {
  const story = parseStory(articleEntryStorySchema, raw, ctx, 'article');
  if (!story) return null;
  return {
    uuid: story.uuid,
    slug: story.slug,
    categoryUuid: uuidOf(story.content.category),
    topicUuid: uuidOf(story.content.topic),
    publishedAt: story.published_at ?? null,
    firstPublishedAt: story.first_published_at ?? null,
  };
}
