/**
 * Query parameters of every CMS call (spec §7), as pure functions so tests can check them and the
 * service stays small. Each call gets a fresh object: the client mutates the params it is given.
 */
import { z } from 'zod';
import type { ArticleQuery } from './api.ts';
import { ContentInputError } from './errors.ts';
import { toScheduleString } from './map/article.ts';
import type { ContentVersion } from './types.ts';

export const DEFAULT_PER_PAGE = 25;
/** Page size for "fetch everything" lists (the CDN maximum). */
export const ALL_PER_PAGE = 100;

export const ARTICLE_RELATIONS =
  'article.author,article.contributors,article.topic,article.category,topic.category';
/**
 * The sitemap needs only each article's category (for its path). Categories are few, so 100
 * articles a page stay far under the CDN's 50-relation cap.
 */
export const SITEMAP_RELATIONS = 'article.category';
/** Articles a page of the HTML sitemap lists: the CDN's largest page. */
export const SITEMAP_PER_PAGE = 100;
export const CATEGORY_RELATIONS = 'category.topics';
export const TOPIC_RELATIONS = 'topic.category';

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);
/** Story uuids go into comma-separated filter values, so no commas or other surprises. */
const uuidSchema = z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a story uuid');

export const articleQuerySchema = z.object({
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(100).default(DEFAULT_PER_PAGE),
  categories: z.array(uuidSchema).optional(),
  topics: z.array(uuidSchema).optional(),
  authors: z.array(uuidSchema).optional(),
  writtenOrContributedBy: uuidSchema.optional(),
  tag: z.string().trim().min(1).optional(),
  withCoverImage: z.boolean().optional(),
  excludeUuids: z.array(z.string()).optional(),
});
export type ParsedArticleQuery = z.infer<typeof articleQuerySchema>;

/** True when `slug` is a valid story slug (lower-case letters, digits, dashes). */
export function isValidSlug(slug: unknown): slug is string {
  return slugSchema.safeParse(slug).success;
}

/** Validates an ArticleQuery (defaults applied); throws ContentInputError with the zod issues. */
export function parseArticleQuery(query: ArticleQuery | undefined): ParsedArticleQuery {
  const parsed = articleQuerySchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new ContentInputError(`Invalid article query: ${issues}`, { cause: parsed.error });
}

type Filter = Record<string, unknown>;

/**
 * `filter_query` for an article listing; the schedule filter only in published mode: articles
 * scheduled before `visibleBefore` (now, or a later time with no schedule in between).
 */
export function articleFilter(
  q: ParsedArticleQuery,
  version: ContentVersion,
  visibleBefore: Date,
): Filter | undefined {
  const filter: Filter = {};
  if (version === 'published') filter.schedule = { lt_date: toScheduleString(visibleBefore) };
  if (q.categories?.length) filter.category = { in: q.categories.join(',') };
  if (q.authors?.length) filter.author = { in: q.authors.join(',') };
  if (q.topics?.length) filter.topic = { in: q.topics.join(',') };
  if (q.writtenOrContributedBy) {
    const uuid = q.writtenOrContributedBy;
    filter.__or = [{ author: { in: uuid } }, { contributors: { any_in_array: uuid } }];
  }
  if (q.withCoverImage) filter['cover_image.id'] = { is: 'not_null' };
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** Params for one page of articles (`cdn/stories`). */
export function articleListParams(q: ParsedArticleQuery, version: ContentVersion, now: Date) {
  const filter = articleFilter(q, version, now);
  return {
    starts_with: 'blogs/',
    version,
    resolve_relations: ARTICLE_RELATIONS,
    sort_by: 'first_published_at:desc',
    page: q.page,
    per_page: q.perPage,
    ...(filter ? { filter_query: filter } : {}),
    ...(q.tag ? { with_tag: q.tag } : {}),
  };
}

/**
 * Params for the soonest scheduled articles (published mode): schedules after the start of the
 * current UTC hour, soonest first. The hour keeps the request the same for an hour, so the client's
 * cache answers it; the caller drops the ones already past.
 */
export function upcomingScheduleParams(now: Date) {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return {
    starts_with: 'blogs/',
    version: 'published' as const,
    sort_by: 'content.schedule:asc',
    per_page: UPCOMING_PER_PAGE,
    filter_query: { schedule: { gt_date: toScheduleString(hour) } },
  };
}

/** How many upcoming schedules one request reads (more than an hour's worth in practice). */
export const UPCOMING_PER_PAGE = 25;

/** Params for a page of the HTML sitemap's articles: a listing's, with only the category resolved. */
export function sitemapArticleParams(q: ParsedArticleQuery, version: ContentVersion, now: Date) {
  return { ...articleListParams(q, version, now), resolve_relations: SITEMAP_RELATIONS };
}

/** Params for one article (`cdn/stories/blogs/{slug}`). */
export function articleParams(version: ContentVersion) {
  return { version, resolve_links: 'url' as const, resolve_relations: ARTICLE_RELATIONS };
}

/** Params for all categories: CMS order (`position:desc`), topics resolved. */
export function categoryListParams(version: ContentVersion) {
  return {
    starts_with: 'categories/',
    version,
    sort_by: 'position:desc',
    resolve_relations: CATEGORY_RELATIONS,
    per_page: ALL_PER_PAGE,
  };
}

/** Params for all topics, by name, categories resolved. */
export function topicListParams(version: ContentVersion) {
  return {
    starts_with: 'topics/',
    version,
    sort_by: 'name:asc',
    resolve_relations: TOPIC_RELATIONS,
    per_page: ALL_PER_PAGE,
  };
}

/** Params for all authors, by name. */
export function authorListParams(version: ContentVersion) {
  return { starts_with: 'authors/', version, sort_by: 'name:asc', per_page: ALL_PER_PAGE };
}

/**
 * Params for every page story, by name, bodies left out (lists need the title and path only). The
 * home page and pages in sub-folders are among them; `getPages` keeps the editorial ones.
 */
export function pageListParams(version: ContentVersion) {
  return {
    starts_with: 'pages/',
    version,
    sort_by: 'name:asc',
    excluding_fields: 'body',
    per_page: ALL_PER_PAGE,
  };
}

/**
 * What a sitemap entry of an article needs: its slug, dates, and the uuids of its category and
 * topic (their slugs come from the category and topic lists). No body, FAQs, people, images or
 * resolved relations: a page of 100 stays small to fetch, parse and map.
 */
const ENTRY_EXCLUDED_FIELDS = 'content,faqs,author,contributors,cover_image,meta_info,description,schedule';
/**
 * The story envelope's fields an entry does not read, of those the API lets a list leave out
 * (storyblok-js-client's `ExcludableStoryField`): about half of what is left of a story.
 */
const ENTRY_EXCLUDED_STORY_FIELDS = [
  'alternates',
  'created_at',
  'default_full_slug',
  'group_id',
  'is_startpage',
  'lang',
  'meta_data',
  'parent_id',
  'path',
  'position',
  'release_id',
  'sort_by_date',
  'tag_list',
  'translated_slugs',
  'updated_at',
] as const;

/**
 * Params for one page of visible articles for the sitemap: oldest first, then by id, so the order
 * is total (equal publish times cannot swap between pages) and a new article joins the end rather
 * than shifting every shard. Storyblok documents `sort_by` on any story property; `id` as a second
 * key is what the stand-in does, unconfirmed against the live API (ties are rare there anyway).
 */
export function articleEntryParams(version: ContentVersion, now: Date, page: number, perPage: number) {
  const filter = articleFilter({ page: 1, perPage: DEFAULT_PER_PAGE }, version, now);
  return {
    starts_with: 'blogs/',
    version,
    excluding_fields: ENTRY_EXCLUDED_FIELDS,
    excluding_story_fields: [...ENTRY_EXCLUDED_STORY_FIELDS],
    sort_by: 'first_published_at:asc,id:asc',
    page,
    per_page: perPage,
    ...(filter ? { filter_query: filter } : {}),
  };
}
