/**
 * Projections of mapped content to what the browser renders: an article summary to a card, a
 * category to the nav's entry, stories to sitemap links. The loaders send these rather than the
 * full summaries (home's payload was mostly fields no card shows); server-only readers (feeds,
 * structured data, the sitemap files) keep asking the content layer for the full types.
 *
 * They live beside the domain types, not among the mappers (src/content/map): they read domain
 * values only, so route loaders may import them.
 *
 * Each projection is remembered per source object: the content layer hands back the same mapped
 * object while its story is cached, so a page of cards is projected once per content version, not
 * per render.
 */
import type {
  ArticleCard,
  ArticleSummary,
  Category,
  NavCategory,
  Paginated,
  SitemapArticle,
  SitemapCategory,
  SitemapLink,
} from './types.ts';
import { keep, settle } from './settled.ts';

function remembered<From extends object, To>(project: (from: From) => To): (from: From) => To {
  return (from) => keep('projection', [project, from], () => settle(project(from)));
}

/** An article summary → the card fields (title, path, lede, cover file, date, category and author names). */
export const toArticleCard = remembered((a: ArticleSummary): ArticleCard => ({
  uuid: a.uuid,
  path: a.path,
  title: a.title,
  description: a.description,
  coverImage: a.coverImage
    ? { src: a.coverImage.src, width: a.coverImage.width, height: a.coverImage.height }
    : null,
  date: a.firstPublishedAt ?? a.publishedAt,
  category: { uuid: a.category.uuid, name: a.category.name },
  author: a.author ? { uuid: a.author.uuid, name: a.author.name } : null,
}));

/** A page of summaries → the same page of cards. */
export function toCardPage(page: Paginated<ArticleSummary>): Paginated<ArticleCard> {
  return { ...page, stories: page.stories.map(toArticleCard) };
}

/** A category → its nav entry: names and routes of it and its topics. */
export const toNavCategory = remembered((c: Category): NavCategory => ({
  uuid: c.uuid,
  slug: c.slug,
  name: c.name,
  route: c.route,
  listingRoute: c.listingRoute,
  topics: c.topics.map((t) => ({ uuid: t.uuid, name: t.name, route: t.route })),
}));

/** An article summary → its sitemap link, with its category (the sitemap groups by it). */
export const toSitemapArticle = remembered((a: ArticleSummary): SitemapArticle => ({
  uuid: a.uuid,
  name: a.title,
  path: a.path,
  category: { uuid: a.category.uuid, name: a.category.name },
}));

/** A category → its sitemap entry (landing and listing routes). */
export const toSitemapCategory = remembered((c: Category): SitemapCategory => ({
  uuid: c.uuid,
  name: c.name,
  route: c.route,
  listingRoute: c.listingRoute,
}));

/** A topic or an author → its sitemap link. */
export const toSitemapLink = remembered((s: { uuid: string; name: string; route: string }): SitemapLink => ({
  uuid: s.uuid,
  name: s.name,
  path: s.route,
}));
