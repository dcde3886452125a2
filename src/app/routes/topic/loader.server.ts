/** The topic loader: the topic by slug and a page of its stories. */
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
import type { TopicData } from './data.ts';

/** 404 for an unknown or malformed slug, a malformed `?page=` or one past the last page. */
export async function loader(
  { params, request }: LoaderFunctionArgs,
  { content }: LoadContext,
): Promise<TopicData> {
  const page = requirePage(request);
  const topic = requireFound(await content.getTopic(requireSlug(params.topic)));
  const articles = await content.getArticles({ page, topics: [topic.uuid] });
  return { topic, articles: toCardPage(requireNonEmptyPage(articles, page)) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles'];
