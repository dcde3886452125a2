/**
 * The verbs the content layer offers. `createContentApi` (src/content/service.server.ts) implements
 * them over storyblok-js-client; loaders in src/server call them. `get*` returns null when the
 * story does not exist (or fails its schema, or is scheduled in the future in published mode).
 */
import type {
  Article,
  ArticleSummary,
  Author,
  Category,
  ContentVersion,
  Layout,
  Page,
  PageSummary,
  Paginated,
  Topic,
} from './types.ts';

export type ArticleQuery = {
  /** 1-based page. */
  page?: number;
  /** Default 25 (the seed's default page size), at most 100. */
  perPage?: number;
  /** Category uuids (`filter_query[category][in]`). */
  categories?: string[];
  /** Topic uuids (`filter_query[topic][in]`). */
  topics?: string[];
  /** Author uuids (`filter_query[author][in]`). */
  authors?: string[];
  /** Articles written by OR contributed to by this author uuid (`__or` of author in / contributors any_in_array). */
  writtenOrContributedBy?: string;
  /** `with_tag` */
  tag?: string;
  /** Only articles with a cover image (`filter_query[cover_image.id][is]=not_null`). */
  withCoverImage?: boolean;
  /** Article uuids to leave out (`excluding_ids` is by id, so this filters after fetch). */
  excludeUuids?: string[];
};

export type ContentApi = {
  readonly version: ContentVersion;
  getLayout(): Promise<Layout>;
  /** All categories, sorted `position:desc`, topics resolved. */
  getCategories(): Promise<Category[]>;
  getCategory(slug: string): Promise<Category | null>;
  getTopics(): Promise<Topic[]>;
  getTopic(slug: string): Promise<Topic | null>;
  getAuthors(): Promise<Author[]>;
  getAuthor(slug: string): Promise<Author | null>;
  /** One article by slug; null when missing or (published mode) scheduled in the future. */
  getArticle(slug: string): Promise<Article | null>;
  /** Articles newest first (`first_published_at:desc`), published mode: schedule earlier than now. */
  getArticles(query?: ArticleQuery): Promise<Paginated<ArticleSummary>>;
  /**
   * A page of the HTML sitemap's articles (SITEMAP_PER_PAGE, newest first, visible only): the
   * category resolved, not the author or topic. Throws ContentInputError for a page below 1.
   */
  getSitemapArticles(page: number): Promise<Paginated<ArticleSummary>>;
  /** One `pages/<slug>` story (`home` is the home page's); null when missing. */
  getPage(slug: string): Promise<Page | null>;
  /** Every editorial page (`pages/<slug>` but `pages/home`, shown at `/p/<slug>`), by name, without bodies. */
  getPages(): Promise<PageSummary[]>;
  /**
   * When the next scheduled article becomes visible (published mode; null: none ahead, or drafts),
   * so pages that list articles are not cached past that moment.
   */
  nextScheduleAt(): Promise<Date | null>;
  /**
   * One page (`perPage` 1–100) of the visible articles as sitemap entries, oldest first (a stable
   * order: shards keep their articles as new ones join the end), and how many there are in all.
   */
  getArticleEntries(page: number, perPage: number): Promise<{ entries: SitemapEntry[]; total: number }>;
  /** Sitemap entries of every category (landing and listing), topic and author page. */
  getTaxonomyEntries(): Promise<SitemapEntry[]>;
};

/** A page as the sitemap lists it: its path and when its story was last published (ISO 8601). */
export type SitemapEntry = { path: string; lastModified: string | null };
