/** Author stories → Author / AuthorSummary, and the social-link rules shared with the layout. */
import { z } from 'zod';
import { SOCIAL_NAMES, type Author, type AuthorSummary, type SocialLink } from '../types.ts';
import { authorStorySchema, multilinkSchema } from '../wire.ts';
import { nonEmpty, parseRelation, parseStory, toMeta, type MapContext } from './common.ts';
import { toImage } from './image.ts';
import { isSafeHref, multilinkHref } from './link.ts';

const socialNameSchema = z.enum(SOCIAL_NAMES);

const SOCIAL_PREFIX = 'social_link_';

/** A social link from a name and url; null when either is empty or the name is unsupported (spec §3, §5). */
export function toSocialLink(name: unknown, url: unknown): SocialLink | null {
  const parsedName = socialNameSchema.safeParse(nonEmpty(name)?.toLowerCase());
  const href = nonEmpty(url);
  return parsedName.success && href && isSafeHref(href) ? { name: parsedName.data, url: href } : null;
}

/** Content keys `social_link_<name>` with a non-empty value (a string or a multilink) → social links. */
export function authorSocialLinks(content: Record<string, unknown>): SocialLink[] {
  return Object.entries(content).flatMap(([key, value]) => {
    if (!key.startsWith(SOCIAL_PREFIX)) return [];
    const link = multilinkSchema.safeParse(value);
    const url = typeof value === 'string' ? value : link.success ? multilinkHref(link.data) : null;
    return toSocialLink(key.slice(SOCIAL_PREFIX.length), url) ?? [];
  });
}

type WireAuthor = z.infer<typeof authorStorySchema>;

function authorSummary(story: WireAuthor, ctx: MapContext): AuthorSummary {
  return {
    uuid: story.uuid,
    slug: story.slug,
    name: story.content.name,
    route: `/author/${story.slug}`,
    photo: toImage(story.content.photo, ctx),
  };
}

/** A (possibly resolved) author relation → AuthorSummary, or null when unresolved/invalid. */
export function toAuthorSummary(raw: unknown, ctx: MapContext): AuthorSummary | null {
  const story = parseRelation(authorStorySchema, raw, ctx, 'author');
  return story ? authorSummary(story, ctx) : null;
}

/** The social links of a resolved author relation (an article's author); none when unresolved. */
export function relatedSocialLinks(raw: unknown): SocialLink[] {
  const story = authorStorySchema.safeParse(raw);
  return story.success ? authorSocialLinks(story.data.content) : [];
}

/** An author story → Author; null when invalid. */
export function toAuthor(raw: unknown, ctx: MapContext): Author | null {
  const story = parseStory(authorStorySchema, raw, ctx, 'author');
  if (!story) return null;
  return {
    ...authorSummary(story, ctx),
    bio: nonEmpty(story.content.bio) ?? '',
    socialLinks: authorSocialLinks(story.content),
    meta: toMeta(story.content.meta_info),
  };
}
