/** What the sitemap route's loader returns. Types only: the browser gets them for free. */
import type {
  PageSummary,
  Paginated,
  SitemapArticle,
  SitemapCategory,
  SitemapLink,
} from '../../../content/types.ts';

/** The short lists: the whole site's categories, topics, authors and editorial pages. */
export type SitemapIndex = {
  categories: SitemapCategory[];
  topics: SitemapLink[];
  authors: SitemapLink[];
  /** Editorial pages (`/p/<slug>`): about, privacy, terms… */
  pages: PageSummary[];
};

/**
 * Names and paths only: the page is a list of links. The articles come a page at a time, so the
 * page costs the same whatever the size of the catalogue; the short lists are on page 1 only
 * (null after it).
 */
export type SitemapData = {
  index: SitemapIndex | null;
  articles: Paginated<SitemapArticle>;
};
