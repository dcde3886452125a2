/**
 * Which cache tags a story change purges. Pages carry (src/server/cache-headers.ts) `layout` and
 * the nav's `categories` and `topics` (every page), the collection tags of what they list
 * (`articles` on home, listing, category, topic and author pages and the sitemap; `authors` on
 * the authors page and the sitemap; `pages` on the sitemap), then the uuids of the stories they show, leaf first.
 *
 * - Any change purges the story's own uuid: its page and every page that shows it (an author's
 *   uuid is on each of their articles, a category's on each article under it).
 * - An article also purges `articles`: every list that may now include, drop or re-link it.
 *   Article pages carry no `articles` tag, so other articles' pages stay cached.
 * - An author also purges `authors` (the authors page, the sitemap) and `articles`: article cards
 *   in lists show the author's name, and a list page's uuid tags are capped (60), so a list may
 *   show an author without carrying their uuid.
 * - A category or topic purges `categories` / `topics`: the nav on every page names them.
 * - A page story purges `pages`: the lists of editorial pages (the sitemap) may gain, drop or
 *   rename it; its own page (`/p/<slug>`, or home for `pages/home`) carries its uuid.
 * - The global story purges `layout` (header, footer, announcement: every page).
 * - A story the webhook has never seen (no uuid, no kind: published before the webhook was set
 *   up) purges `layout`, which every page carries: the one way to reach its page.
 */
import type { StoryKind } from '../../content/state.ts';

/** The story events Storyblok's webhook sends (`action`). */
export const STORY_ACTIONS = ['published', 'unpublished', 'deleted', 'moved'] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/** What every page carries: purging it purges the whole site. */
export const EVERY_PAGE_TAG = 'layout';

const COLLECTIONS: Record<StoryKind, readonly string[]> = {
  article: ['articles'],
  author: ['authors', 'articles'],
  category: ['categories'],
  topic: ['topics'],
  global: ['layout'],
  page: ['pages'],
  other: [],
};

/**
 * The tags to purge when a story of `kind` with `uuid` is published, unpublished, deleted or
 * moved. Every action purges the same pages: a publish may add or change it anywhere it shows, a
 * removal or a move takes it (or its old link) away from the same places. `kind`/`uuid` null: a
 * story the site has no record of.
 */
export function tagsFor(_action: StoryAction, kind: StoryKind | null, uuid: string | null): string[] {
  if (kind === null || uuid === null) return [EVERY_PAGE_TAG];
  return [...COLLECTIONS[kind], uuid];
}
