/**
 * RSS 2.0 feeds (https://www.rssboard.org/rss-specification) with the Atom `self` link, Dublin
 * Core's `dc:creator` for the author (RSS's own `<author>` wants an email address) and Media RSS's
 * `media:content` for the cover image. Pure: domain types in, a document out.
 */
import type { ArticleSummary, Image } from '../../content/types.ts';
import { RSS_TYPE } from '../../shared/feeds.ts';
import { imageUrl, isTransformable, IMAGE_PRESETS } from '../../widgets/image/image-url.ts';
import { escapeXml, XML_DECLARATION } from './xml.ts';

/** The latest articles a feed carries. */
export const FEED_ITEMS = 25;

export type FeedChannel = {
  title: string;
  /** Path of the page the feed follows (`/`, `/c/training`, …). */
  path: string;
  /** Path of the feed itself (its `atom:link rel="self"`). */
  feedPath: string;
  description: string;
};

/** RFC 822 date-time as RSS wants it (`Wed, 25 Nov 2026 14:38:40 GMT`); null when unreadable. */
export function rfc822(iso: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toUTCString();
}

/** Absolute on `baseUrl` unless it already is (Storyblok's assets are; the local stand-in's are not). */
function absolute(url: string, baseUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The cover as `media:content`: the image service's cover crop (1250×625, the size the site's
 * pages and social previews use), or the original when the service cannot resize it.
 */
function mediaContent(image: Image, baseUrl: string): string {
  const resized = isTransformable(image.src);
  const box = resized ? IMAGE_PRESETS.cover : image;
  const url = resized ? imageUrl(image.src, { preset: 'cover', focus: image.focus }) : image.src;
  const size = box.width > 0 && box.height > 0 ? ` width="${box.width}" height="${box.height}"` : '';
  return (
    `<media:content url="${escapeXml(absolute(url, baseUrl))}" medium="image"${size}>` +
    `<media:description type="plain">${escapeXml(image.alt)}</media:description></media:content>`
  );
}

/** One `<item>`: an article's title, link, guid, date, author, categories, summary and cover. */
export function feedItem(article: ArticleSummary, baseUrl: string): string {
  const link = escapeXml(`${baseUrl}${article.path}`);
  const date = rfc822(article.firstPublishedAt ?? article.publishedAt);
  const parts = [
    `<title>${escapeXml(article.title)}</title>`,
    `<link>${link}</link>`,
    `<guid isPermaLink="true">${link}</guid>`,
    date ? `<pubDate>${date}</pubDate>` : '',
    article.author ? `<dc:creator>${escapeXml(article.author.name)}</dc:creator>` : '',
    `<category domain="${escapeXml(`${baseUrl}${article.category.route}`)}">${escapeXml(article.category.name)}</category>`,
    article.topic
      ? `<category domain="${escapeXml(`${baseUrl}${article.topic.route}`)}">${escapeXml(article.topic.name)}</category>`
      : '',
    article.description ? `<description>${escapeXml(article.description)}</description>` : '',
    article.coverImage ? mediaContent(article.coverImage, baseUrl) : '',
  ];
  return `<item>${parts.join('')}</item>\n`;
}

/** The whole feed: the channel, then its items as given (newest first), at most FEED_ITEMS. */
export function rssFeed(channel: FeedChannel, articles: ArticleSummary[], baseUrl: string): string {
  const items = articles.slice(0, FEED_ITEMS);
  const built = rfc822(items[0]?.firstPublishedAt ?? items[0]?.publishedAt ?? null);
  const head = [
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(`${baseUrl}${channel.path}`)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    '<language>en</language>',
    built ? `<lastBuildDate>${built}</lastBuildDate>` : '',
    `<atom:link href="${escapeXml(`${baseUrl}${channel.feedPath}`)}" rel="self" type="${RSS_TYPE}"/>`,
  ];
  return (
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">\n` +
    `<channel>\n${head.filter(Boolean).join('\n')}\n${items.map((a) => feedItem(a, baseUrl)).join('')}` +
    `</channel>\n</rss>\n`
  );
}
