/** The author loader: the author by slug and a page of the stories they wrote or contributed to. */
import type { LoaderFunctionArgs } from 'react-router';
import {
  requireFound,
  requireNonEmptyPage,
  requirePage,
  requireSlug,
  type LoadContext,
  type CollectionTag,
} from '../loader-kit.server.ts';
import { toCardPage } from '../../../content/cards.ts';
import type { AuthorData } from './data.ts';

/** 404 for an unknown or malformed slug, a malformed `?page=` or one past the last page. */
export async function loader(
  { params, request }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<AuthorData> {
  const page = requirePage(request);
  const author = requireFound(await content.getAuthor(requireSlug(params.author)));
  const articles = await content.getArticles({ page, writtenOrContributedBy: author.uuid });
  return { author, articles: toCardPage(requireNonEmptyPage(articles, page)) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles'];
