/**
 * Where the RSS feeds live: the render handler answers these paths (src/server/feeds) and pages
 * name their feed in `<link rel="alternate">` (src/app/components/seo.tsx). One table for both.
 */

/** The kinds of feed: the whole site, and one per category, topic and author. */
export type FeedKind = 'site' | 'category' | 'topic' | 'author';

/** The feed's file name under its page's path. */
export const FEED_FILE = 'feed.xml';

/** The path prefix of each taxonomy's pages (`/c/<slug>`, `/t/<slug>`, `/author/<slug>`). */
export const FEED_PREFIXES = { category: '/c/', topic: '/t/', author: '/author/' } as const;

/** The path of a feed: `/feed.xml`, `/c/<slug>/feed.xml`, `/t/<slug>/feed.xml`, `/author/<slug>/feed.xml`. */
export function feedPath(kind: FeedKind, slug?: string): string {
  if (kind === 'site' || slug === undefined) return `/${FEED_FILE}`;
  return `${FEED_PREFIXES[kind]}${encodeURIComponent(slug)}/${FEED_FILE}`;
}

/** The MIME type of an RSS 2.0 document, as feed autodiscovery names it. */
export const RSS_TYPE = 'application/rss+xml';
