/** The `global` story → Layout (announcement banner, social links, tagline). */
import { z } from 'zod';
import type { Announcement, Layout } from '../types.ts';
import { announcementBlokSchema, globalStorySchema, socialLinkBlokSchema } from '../wire.ts';
import { nonEmpty, parseStory, type MapContext } from './common.ts';
import { toSocialLink } from './author.ts';
import { multilinkHref } from './link.ts';

const themeSchema = z.enum(['red', 'blue', 'black', 'white']);

/** The layout used when the global story is missing or invalid: nothing shown, nothing broken. */
export const EMPTY_LAYOUT: Layout = { uuid: '', announcement: null, socialLinks: [], tagline: '' };

/** The first item of the announcement list → Announcement (defaults: inactive, red); null when absent/invalid. */
export function toAnnouncement(items: unknown[]): Announcement | null {
  const first = announcementBlokSchema.safeParse(items[0]);
  if (!first.success) return null;
  const a = first.data;
  const theme = themeSchema.safeParse(a.theme);
  const ctaText = nonEmpty(a.cta_text);
  const ctaUrl = multilinkHref(a.cta_link);
  return {
    active: a.active ?? false,
    theme: theme.success ? theme.data : 'red',
    headline: a.headline ?? '',
    text: a.text ?? '',
    cta: ctaText && ctaUrl ? { url: ctaUrl, text: ctaText } : null,
  };
}

/** The global story → Layout; null when invalid (logged). */
export function toLayout(raw: unknown, ctx: MapContext): Layout | null {
  const story = parseStory(globalStorySchema, raw, ctx, 'global');
  if (!story) return null;
  return {
    uuid: story.uuid,
    announcement: toAnnouncement(story.content.announcement),
    socialLinks: story.content.social_links.flatMap((item) => {
      const blok = socialLinkBlokSchema.safeParse(item);
      return (blok.success ? toSocialLink(blok.data.name, blok.data.url) : null) ?? [];
    }),
    tagline: nonEmpty(story.content.tagline) ?? '',
  };
}
