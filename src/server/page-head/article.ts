/** An article's BlogPosting: Google's Article rich result, from the article route's data. */
import type { Article } from '../../content/types.ts';
import { socialImage } from './social-card.ts';
import { imageObject, person, publisher, websiteId, type LdNode, type Scope } from './nodes.ts';

/** Google shows at most 110 characters of a headline. */
export const HEADLINE_MAX = 110;

/**
 * The title cut to `HEADLINE_MAX` characters (code points: an emoji is never split) at a word
 * boundary when there is one in the last third, with an ellipsis.
 */
export function headline(title: string, max = HEADLINE_MAX): string {
  const chars = Array.from(title.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > (cut.length * 2) / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * BlogPosting: headline, the 1200×630 image the social card uses (the site's card without a
 * cover), dates, the author as a Person with their page and profiles (the organization when the
 * story names none), contributors, the publisher with its logo, and the page it is the main
 * entity of.
 */
export function blogPosting(scope: Scope, article: Article): LdNode {
  const { site, base, url } = scope;
  const published = article.firstPublishedAt ?? article.publishedAt;
  const modified = article.publishedAt ?? published;
  const image = socialImage(article.coverImage, base, { page: article.title, site: site.name });
  const keywords = [...new Set([...(article.topic ? [article.topic.name] : []), ...article.tags])];
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: headline(article.title),
    ...(article.description ? { description: article.description } : {}),
    ...(image ? { image: [imageObject(image.url, image.width, image.height, image.alt)] } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    author: article.author
      ? person(article.author, base, { links: article.authorSocialLinks })
      : publisher(scope),
    ...(article.contributors.length > 0
      ? { contributor: article.contributors.map((c) => person(c, base)) }
      : {}),
    publisher: publisher(scope),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    articleSection: article.category.name,
    ...(keywords.length > 0 ? { keywords } : {}),
    inLanguage: 'en',
    isPartOf: { '@id': websiteId(base) },
  };
}
