/** The category landing loader: the category by slug and its newest stories. */
import type { LoaderFunctionArgs } from 'react-router';
import { requireFound, requireSlug, type LoadContext, type CollectionTag } from '../loader-kit.server.ts';
import { toArticleCard } from '../../../content/cards.ts';
import type { CategoryData } from './data.ts';

const LANDING_ARTICLES = 6;

/** 404 for an unknown or malformed slug. */
export async function loader(
  { params }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<CategoryData> {
  const category = requireFound(await content.getCategory(requireSlug(params.category)));
  const articles = await content.getArticles({ categories: [category.uuid], perPage: LANDING_ARTICLES });
  return { category, articles: articles.stories.map(toArticleCard) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles'];
