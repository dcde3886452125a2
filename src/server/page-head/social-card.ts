/**
 * The page's social card: Open Graph's og:type, og:image (1200×630, absolute, from the image
 * service) and article:* properties, and X's summary_large_image card. Social networks read the
 * HTML the server sends and run no script, so these tags are the server's alone (see index.tsx);
 * the title, description and og:url, which the browser keeps current, are components/seo.tsx's.
 */
import type { StaticHandlerContext } from 'react-router';
import type { RouteDataMap, RouteId, SiteInfo } from '../../app/route-data.ts';
import { absoluteUrl } from '../../app/page-url.ts';
import type { Article, Image } from '../../content/types.ts';
import { imageDimensions, imageProvider, imageUrl, isTransformable } from '../../widgets/image/image-url.ts';
import { SITE_ICONS } from './site-files.ts';

/** The size social networks show a large card at (Facebook, LinkedIn, X's summary_large_image). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type SocialImage = { url: string; width: number; height: number; alt: string; type: string };

/** An image the image service can crop to 1200×630 without enlarging it. */
function fitsSocialCard(image: Image): boolean {
  if (typeof image.src !== 'string' || image.src === '') return false;
  if (imageProvider(image.src) !== 'storyblok' || !isTransformable(image.src)) return false;
  const size = image.width > 0 && image.height > 0 ? image : imageDimensions(image.src);
  return size.width >= SOCIAL_IMAGE_SIZE.width && size.height >= SOCIAL_IMAGE_SIZE.height;
}

/**
 * The page's social image at 1200×630 as an absolute JPEG URL from the image service (cropped
 * around the image's focus, else smart-cropped), or the site's share card when the page has no
 * image that large (an SVG, a portrait smaller than the card): networks want a raster of the size
 * the tags declare. Alt text: the image's own, else `alts.page`; the card's is "<site> logo". Null
 * only without a configured origin.
 */
export function socialImage(
  image: Image | null | undefined,
  baseUrl: string,
  alts: { page: string; site: string },
): SocialImage | null {
  if (image && fitsSocialCard(image)) {
    const src = imageUrl(image.src, {
      ...SOCIAL_IMAGE_SIZE,
      smart: !image.focus,
      focus: image.focus,
      format: 'jpeg',
    });
    const url = absoluteUrl(src, baseUrl);
    if (url) return { url, ...SOCIAL_IMAGE_SIZE, alt: image.alt.trim() || alts.page, type: 'image/jpeg' };
  }
  const card = absoluteUrl(SITE_ICONS.share, baseUrl);
  return card ? { url: card, ...SOCIAL_IMAGE_SIZE, alt: `${alts.site} logo`, type: 'image/png' } : null;
}

/** What a page's card shows: its kind, its image and what it is called (the image's fallback alt). */
type Card = { type: 'website' | 'article' | 'profile'; image: Image | null; name: string; article?: Article };

/** Cards by route id; every other page (home, indexes, the sitemap, errors) is the site's card. */
const CARDS: { [Id in RouteId]?: (data: RouteDataMap[Id]) => Card } = {
  article: ({ article }) => ({ type: 'article', image: article.coverImage, name: article.title, article }),
  author: ({ author }) => ({ type: 'profile', image: author.photo, name: author.name }),
  category: ({ category }) => ({ type: 'website', image: category.coverImage, name: category.name }),
  listing: ({ category }) => ({ type: 'website', image: category.coverImage, name: category.name }),
  topic: ({ topic }) => ({ type: 'website', image: topic.coverImage, name: topic.name }),
};

function cardOf<Id extends RouteId>(id: Id, data: RouteDataMap[Id] | undefined): Card | null {
  const card = CARDS[id] as ((data: RouteDataMap[Id]) => Card) | undefined;
  return card && data !== undefined ? card(data) : null;
}

/** A meta element: the attribute that names it (`property` or `name`), its name and its content. */
export type MetaTag = readonly ['property' | 'name', string, string];

/** Open Graph's article properties: dates, the author's page, the category, the topic and tags. */
function articleTags(article: Article, baseUrl: string): MetaTag[] {
  const published = article.firstPublishedAt ?? article.publishedAt;
  const modified = article.publishedAt ?? published;
  const author = article.author && absoluteUrl(article.author.route, baseUrl);
  const tags = new Set([...(article.topic ? [article.topic.name] : []), ...article.tags]);
  return [
    ...(published ? [['property', 'article:published_time', published] as const] : []),
    ...(modified ? [['property', 'article:modified_time', modified] as const] : []),
    ...(author ? [['property', 'article:author', author] as const] : []),
    ['property', 'article:section', article.category.name],
    ...[...tags].map((tag) => ['property', 'article:tag', tag] as const),
  ];
}

/** The card's meta tags for a rendered page (the site's card on error pages); none without an origin. */
export function socialCardTags(context: StaticHandlerContext, site: SiteInfo): MetaTag[] {
  const leaf = context.matches.at(-1)?.route.id as RouteId | undefined;
  const ok = context.statusCode === 200 && !context.errors && leaf !== undefined;
  const card = ok ? cardOf(leaf, context.loaderData[leaf] as RouteDataMap[typeof leaf] | undefined) : null;
  const image = socialImage(card?.image, site.baseUrl, { page: card?.name ?? site.name, site: site.name });
  if (!image) return [];
  return [
    ['property', 'og:type', card?.type ?? 'website'],
    ['property', 'og:image', image.url],
    ['property', 'og:image:type', image.type],
    ['property', 'og:image:width', String(image.width)],
    ['property', 'og:image:height', String(image.height)],
    ['property', 'og:image:alt', image.alt],
    ...(card?.article ? articleTags(card.article, site.baseUrl) : []),
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:image', image.url],
    ['name', 'twitter:image:alt', image.alt],
  ];
}
