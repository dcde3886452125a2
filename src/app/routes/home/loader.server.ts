/** The home loader: a page of the newest stories, and on page 1 the home story's checked blocks. */
import type { LoaderFunctionArgs } from 'react-router';
import { withCheckedBody } from '../../../blocks/validate.server.ts';
import {
  requireNonEmptyPage,
  requirePage,
  type LoadContext,
  type CollectionTag,
} from '../loader-kit.server.ts';
import { toCardPage } from '../../../content/cards.ts';
import type { HomeData } from './data.ts';

/** 404 for a malformed `?page=` or one past the last page. */
export async function loader({ request }: LoaderFunctionArgs, { content }: LoadContext): Promise<HomeData> {
  const page = requirePage(request);
  const [homePage, articles] = await Promise.all([
    page === 1 ? content.getPage('home') : null,
    content.getArticles({ page }),
  ]);
  // Blocks are validated here, on the server, so no validator ships to the browser.
  const checked = homePage ? withCheckedBody(homePage) : null;
  return { page: checked, articles: toCardPage(requireNonEmptyPage(articles, page)) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): the kinds of stories this page lists.
 */
export const cacheTags: readonly CollectionTag[] = ['articles'];
