/** The category listing loader: the category (one of the nav's) and a page of its stories. */
import type { LoaderFunctionArgs } from 'react-router';
import type { Category } from '../../../content/types.ts';
import {
  requireFound,
  requireNonEmptyPage,
  requirePage,
  requireSlug,
  type LoadContext,
  type CollectionTag,
} from '../loader-kit.server.ts';
import { toCardPage } from '../../../content/cards.ts';
import type { ListingData } from './data.ts';

async function requireCategory(content: LoadContext['content'], slug: string | undefined): Promise<Category> {
  const wanted = requireSlug(slug);
  const categories = await content.getCategories();
  return requireFound(categories.find((c) => c.slug === wanted));
}

/** 404 for a slug that is no category, a malformed `?page=` or one past the last page. */
export async function loader(
  { params, request }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<ListingData> {
  const page = requirePage(request);
  const category = await requireCategory(content, params.category);
  const articles = await content.getArticles({ page, categories: [category.uuid] });
  return { category, articles: toCardPage(requireNonEmptyPage(articles, page)) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles'];
