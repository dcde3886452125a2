/**
 * What each route's loader returns: the contract between `src/server` (which loads it) and the
 * pages in `src/app` (which render it). Everything is plain JSON and travels in the payload.
 */
import type {
  Article,
  ArticleSummary,
  Author,
  Category,
  Layout,
  Page,
  Paginated,
  Topic,
} from '../content/types.ts';

/** Site-wide values computed once on the server, so server and client render the same thing. */
export type SiteInfo = {
  name: string;
  /** Absolute origin of the public site, without a trailing slash. */
  baseUrl: string;
  defaultTitle: string;
  defaultDescription: string;
  /** Current year (UTC) at render time, for the copyright line. */
  year: number;
  /** True when content is the draft version (preview). */
  draft: boolean;
};

export type RootData = { site: SiteInfo; layout: Layout; categories: Category[] };
/** `page` is the `pages/home` story (its blocks head the first page), or null when there is none. */
export type HomeData = { page: Page | null; articles: Paginated<ArticleSummary> };
export type SitemapData = {
  categories: Category[];
  topics: Topic[];
  authors: Author[];
  articles: ArticleSummary[];
};
export type AuthorsData = { authors: Author[] };
export type AuthorData = { author: Author; articles: Paginated<ArticleSummary> };
export type CategoriesData = { categories: Category[] };
export type CategoryData = { category: Category; articles: ArticleSummary[] };
export type TopicsData = { topics: Topic[] };
export type TopicData = { topic: Topic; articles: Paginated<ArticleSummary> };
export type ListingData = { category: Category; articles: Paginated<ArticleSummary> };
export type ArticleData = { article: Article; related: ArticleSummary[] };

export type RouteDataMap = {
  root: RootData;
  home: HomeData;
  sitemap: SitemapData;
  authors: AuthorsData;
  author: AuthorData;
  categories: CategoriesData;
  category: CategoryData;
  topics: TopicsData;
  topic: TopicData;
  listing: ListingData;
  article: ArticleData;
};
export type RouteId = keyof RouteDataMap;
