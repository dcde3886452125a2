/** The sitemap loader: every category, topic, author, article and editorial page. */
import type { LoadContext } from '../loader-kit.server.ts';
import { toSitemapArticle, toSitemapCategory, toSitemapLink } from '../../../content/cards.ts';
import type { SitemapData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** All five lists in parallel; the articles unpaginated. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<SitemapData> {
  const [categories, topics, authors, articles, pages] = await Promise.all([
    content.getCategories(),
    content.getTopics(),
    content.getAuthors(),
    content.getAllArticles(),
    content.getPages(),
  ]);
  return {
    categories: categories.map(toSitemapCategory),
    topics: topics.map(toSitemapLink),
    authors: authors.map(toSitemapLink),
    articles: articles.map(toSitemapArticle),
    pages,
  };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles', 'authors', 'pages'];
