/** What the sitemap route's loader returns. Types only: the browser gets them for free. */
import type { PageSummary, SitemapArticle, SitemapCategory, SitemapLink } from '../../../content/types.ts';

/** Names and paths only: the page is a list of links. */
export type SitemapData = {
  categories: SitemapCategory[];
  topics: SitemapLink[];
  authors: SitemapLink[];
  articles: SitemapArticle[];
  /** Editorial pages (`/p/<slug>`): about, privacy, terms… */
  pages: PageSummary[];
};
