/** The sitemap loader: every category, topic, author and article. */
import type { LoadContext } from '../loader-kit.server.ts';
import type { SitemapData } from './data.ts';
import type { CollectionTag } from '../loader-kit.server.ts';

/** All four lists in parallel; the articles unpaginated. */
export async function loader(_args: unknown, { content }: LoadContext): Promise<SitemapData> {
  const [categories, topics, authors, articles] = await Promise.all([
    content.getCategories(),
    content.getTopics(),
    content.getAuthors(),
    content.getAllArticles(),
  ]);
  return { categories, topics, authors, articles };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles', 'authors'];
