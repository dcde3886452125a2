/** The article loader: the article by slug under its own category, checked blocks, related stories. */
import type { LoaderFunctionArgs } from 'react-router';
import { withCheckedBody } from '../../../blocks/validate.server.ts';
import {
  notFound,
  requireFound,
  requireSlug,
  type LoadContext,
  type CollectionTag,
} from '../loader-kit.server.ts';
import { toArticleCard } from '../../../content/cards.ts';
import type { ArticleData } from './data.ts';

const RELATED_COUNT = 4;

/** 404 for an unknown or malformed slug, or a category path that is not the article's own. */
export async function loader({ params }: LoaderFunctionArgs, { content }: LoadContext): Promise<ArticleData> {
  const categorySlug = requireSlug(params.category);
  const article = requireFound(await content.getArticle(requireSlug(params.slug)));
  // An article asked for under another category's path does not exist there.
  if (article.category.slug !== categorySlug) notFound();
  const filter = article.topic ? { topics: [article.topic.uuid] } : { categories: [article.category.uuid] };
  const candidates = await content.getArticles({ ...filter, perPage: RELATED_COUNT + 1 });
  const related = candidates.stories
    .filter((a) => a.uuid !== article.uuid)
    .slice(0, RELATED_COUNT)
    .map(toArticleCard);
  return { article: withCheckedBody(article), related };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts). No `articles` on purpose: the related
 * list may lag by the fresh window rather than every publish purging every article.
 */
export const cacheTags: readonly CollectionTag[] = [];
