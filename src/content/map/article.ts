/** Article stories (`blogs/…`) → Article / ArticleSummary. */
import type { z } from 'zod';
import type { Article, ArticleSummary, Faq } from '../types.ts';
import { articleStorySchema, faqBlokSchema } from '../wire.ts';
import { editableOf, nonEmpty, parseStory, toMeta, type MapContext } from './common.ts';
import { relatedSocialLinks, toAuthorSummary } from './author.ts';
import { toImage } from './image.ts';
import { toRichText } from './rich-text.ts';
import { toCategorySummary, toTopicSummary } from './taxonomy.ts';

type WireArticle = z.infer<typeof articleStorySchema>;

/** "YYYY-MM-DD HH:mm" (also accepts a `T` separator and trailing seconds/zone); null otherwise. */
export function normalizeSchedule(raw: unknown): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(nonEmpty(raw) ?? '');
  return match ? `${match[1]} ${match[2]}` : null;
}

/** `now` as "YYYY-MM-DD HH:mm" in UTC, the format of `schedule` and of `lt_date` filters. */
export function toScheduleString(now: Date): string {
  return now.toISOString().slice(0, 16).replace('T', ' ');
}

/** A normalised schedule ("YYYY-MM-DD HH:mm", UTC) as epoch milliseconds. */
export function scheduleTime(schedule: string): number {
  return Date.parse(`${schedule.replace(' ', 'T')}:00Z`);
}

/**
 * Published-mode visibility (spec §4): the schedule is set and earlier than now. A schedule names
 * a minute's start (`08:05` is 08:05:00), so at 08:05:30 it is earlier than now and visible.
 */
export function isScheduleVisible(schedule: string | null, now: Date): boolean {
  return schedule !== null && scheduleTime(schedule) < now.getTime();
}

function summary(story: WireArticle, ctx: MapContext): ArticleSummary | null {
  const topic = toTopicSummary(story.content.topic, ctx);
  const category = toCategorySummary(story.content.category, ctx) ?? topic?.category ?? null;
  if (!category) {
    ctx.warn(
      `Skipping article "${story.full_slug}": no resolvable category (content.category or topic.category)`,
    );
    return null;
  }
  return {
    uuid: story.uuid,
    slug: story.slug,
    path: `/${category.slug}/${story.slug}`,
    title: story.content.title,
    description: nonEmpty(story.content.description) ?? '',
    coverImage: toImage(story.content.cover_image, ctx),
    publishedAt: story.published_at ?? null,
    firstPublishedAt: story.first_published_at ?? null,
    category,
    topic,
    author: toAuthorSummary(story.content.author, ctx),
    tags: story.tag_list,
  };
}

/** An article story → ArticleSummary; null when invalid or without a resolvable category. */
export function toArticleSummary(raw: unknown, ctx: MapContext): ArticleSummary | null {
  const story = parseStory(articleStorySchema, raw, ctx, 'article');
  return story ? summary(story, ctx) : null;
}

/** An article story → Article; null when invalid or without a resolvable category. */
export function toArticle(raw: unknown, ctx: MapContext): Article | null {
  const story = parseStory(articleStorySchema, raw, ctx, 'article');
  const base = story ? summary(story, ctx) : null;
  if (!story || !base) return null;
  return {
    ...base,
    ...editableOf(story.content, ctx),
    body: toRichText(story.content.content, ctx),
    faqs: story.content.faqs.flatMap((f): Faq[] => {
      const faq = faqBlokSchema.safeParse(f);
      return faq.success ? [{ question: faq.data.question, answer: faq.data.answer }] : [];
    }),
    contributors: story.content.contributors.flatMap((c) => toAuthorSummary(c, ctx) ?? []),
    authorSocialLinks: base.author ? relatedSocialLinks(story.content.author) : [],
    meta: toMeta(story.content.meta_info),
    schedule: normalizeSchedule(story.content.schedule),
  };
}
