/**
 * What each route's loader returns, by route id: the contract between `src/server` (which loads
 * it) and the pages in `src/app` (which render it). Each type lives in its route folder
 * (`routes/<id>/data.ts`); this map only names them, importing nothing else, so pages can read it
 * without reaching the route table (which imports the pages). Everything is plain JSON.
 */
import type { RootData } from './routes/root/data.ts';
import type { HomeData } from './routes/home/data.ts';
import type { SitemapData } from './routes/sitemap/data.ts';
import type { AuthorsData } from './routes/authors/data.ts';
import type { AuthorData } from './routes/author/data.ts';
import type { CategoriesData } from './routes/categories/data.ts';
import type { CategoryData } from './routes/category/data.ts';
import type { TopicsData } from './routes/topics/data.ts';
import type { TopicData } from './routes/topic/data.ts';
import type { ListingData } from './routes/listing/data.ts';
import type { ArticleData } from './routes/article/data.ts';

export type { RootData, SiteInfo } from './routes/root/data.ts';

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
