/** Category and topic stories → domain types (they refer to each other, so they share a file). */
import type { z } from 'zod';
import type { Category, CategorySummary, Topic, TopicSummary } from '../types.ts';
import { categoryStorySchema, topicStorySchema } from '../wire.ts';
import { nonEmpty, parseRelation, parseStory, toMeta, type MapContext } from './common.ts';
import { toImage } from './image.ts';

type WireCategory = z.infer<typeof categoryStorySchema>;
type WireTopic = z.infer<typeof topicStorySchema>;

function categorySummary(story: WireCategory): CategorySummary {
  return {
    uuid: story.uuid,
    slug: story.slug,
    name: story.content.name,
    route: `/c/${story.slug}`,
    listingRoute: `/${story.slug}`,
  };
}

/** A (possibly resolved) category relation → CategorySummary, or null when unresolved/invalid. */
export function toCategorySummary(raw: unknown, ctx: MapContext): CategorySummary | null {
  const story = parseRelation(categoryStorySchema, raw, ctx, 'category');
  return story ? categorySummary(story) : null;
}

function topicSummary(
  story: WireTopic,
  ctx: MapContext,
  fallbackCategory: CategorySummary | null,
): TopicSummary {
  return {
    uuid: story.uuid,
    slug: story.slug,
    name: story.content.name,
    route: `/t/${story.slug}`,
    blockImage: toImage(story.content.block_image, ctx),
    category: toCategorySummary(story.content.category, ctx) ?? fallbackCategory,
  };
}

/**
 * A (possibly resolved) topic relation → TopicSummary. `fallbackCategory` fills in the category
 * when the topic's own relation is unresolved (a category's topics list does not resolve it).
 */
export function toTopicSummary(
  raw: unknown,
  ctx: MapContext,
  fallbackCategory: CategorySummary | null = null,
): TopicSummary | null {
  const story = parseRelation(topicStorySchema, raw, ctx, 'topic');
  return story ? topicSummary(story, ctx, fallbackCategory) : null;
}

/** A category story → Category (topics from the resolved `category.topics`); null when invalid. */
export function toCategory(raw: unknown, ctx: MapContext): Category | null {
  const story = parseStory(categoryStorySchema, raw, ctx, 'category');
  if (!story) return null;
  const summary = categorySummary(story);
  return {
    ...summary,
    description: nonEmpty(story.content.description) ?? '',
    coverImage: toImage(story.content.cover_image, ctx),
    blockImage: toImage(story.content.block_image, ctx),
    topics: story.content.topics.flatMap((t) => toTopicSummary(t, ctx, summary) ?? []),
    meta: toMeta(story.content.meta_info),
  };
}

/** A topic story → Topic (category from the resolved `topic.category`); null when invalid. */
export function toTopic(raw: unknown, ctx: MapContext): Topic | null {
  const story = parseStory(topicStorySchema, raw, ctx, 'topic');
  if (!story) return null;
  return {
    ...topicSummary(story, ctx, null),
    description: nonEmpty(story.content.description) ?? '',
    coverImage: toImage(story.content.cover_image, ctx),
    meta: toMeta(story.content.meta_info),
  };
}
