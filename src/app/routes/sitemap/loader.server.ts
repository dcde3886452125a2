/** The sitemap loader: a page of articles and, on page 1, every category, topic, author and editorial page. */
import type { LoaderFunctionArgs } from 'react-router';
import { requireNonEmptyPage, requirePage, type LoadContext } from '../loader-kit.server.ts';
import { toSitemapArticle, toSitemapCategory, toSitemapLink } from '../../../content/cards.ts';
import type { SitemapData, SitemapIndex } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/**
 * 404 for a malformed `?page=` or one past the last page; the lists in parallel. A page's articles
 * are one content request (SITEMAP_PER_PAGE, the CDN's largest page), at 10,000 articles as at 50:
 * listing them all at once took a request per hundred and held every article in memory.
 */
export async function loader(
  { request }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<SitemapData> {
  const page = requirePage(request);
  const [index, articles] = await Promise.all([
    page === 1 ? sitemapIndex(content) : null,
    content.getSitemapArticles(page),
  ]);
  const { stories, ...paging } = requireNonEmptyPage(articles, page);
  return { index, articles: { ...paging, stories: stories.map(toSitemapArticle) } };
}

async function sitemapIndex(content: LoadContext['content']): Promise<SitemapIndex> {
  const [categories, topics, authors, pages] = await Promise.all([
    content.getCategories(),
    content.getTopics(),
    content.getAuthors(),
    content.getPages(),
  ]);
  return {
    categories: categories.map(toSitemapCategory),
    topics: topics.map(toSitemapLink),
    authors: authors.map(toSitemapLink),
    pages,
  };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles', 'authors', 'pages'];
