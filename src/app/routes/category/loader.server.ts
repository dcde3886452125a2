/** The category landing loader: the category by slug and its newest stories. */
import type { LoaderFunctionArgs } from 'react-router';
/* eslint-disable no-restricted-imports -- a server-only module: eslint.config.js has no layer
   for the app's *.server.ts files yet, so its browser rules apply here (to be replaced by one). */
import { requireFound, requireSlug, type LoadContext } from '../loader-kit.server.ts';
/* eslint-enable no-restricted-imports */
import type { CategoryData } from './data.ts';

const LANDING_ARTICLES = 6;

/** 404 for an unknown or malformed slug. */
export async function loader(
  { params }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<CategoryData> {
  const category = requireFound(await content.getCategory(requireSlug(params.category)));
  const articles = await content.getArticles({ categories: [category.uuid], perPage: LANDING_ARTICLES });
  return { category, articles: articles.stories };
}
