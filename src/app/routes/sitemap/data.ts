/** What the sitemap route's loader returns. Types only: the browser gets them for free. */
import type { ArticleSummary, Author, Category, PageSummary, Topic } from '../../../content/types.ts';

export type SitemapData = {
  categories: Category[];
  topics: Topic[];
  authors: Author[];
  articles: ArticleSummary[];
  /** Editorial pages (`/p/<slug>`): about, privacy, terms… */
  pages: PageSummary[];
};
