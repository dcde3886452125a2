/** The editorial page loader: a `pages/<slug>` story (about, privacy, terms…) with its checked blocks. */
import type { LoaderFunctionArgs } from 'react-router';
import { withCheckedBody } from '../../../blocks/validate.server.ts';
import { HOME_PAGE_SLUG } from '../../../shared/editorial-pages.ts';
import {
  notFound,
  requireFound,
  requireSlug,
  type CollectionTag,
  type LoadContext,
} from '../loader-kit.server.ts';
import type { PageData } from './data.ts';

/**
 * 404 for an unknown or malformed slug. `pages/home` is the home page: `/p/home` is redirected to
 * `/` before any loader runs (src/server/canonical-url.ts), and never rendered here.
 */
export async function loader({ params }: LoaderFunctionArgs, { content }: LoadContext): Promise<PageData> {
  const slug = requireSlug(params.page);
  if (slug === HOME_PAGE_SLUG) notFound();
  const page = requireFound(await content.getPage(slug));
  // Blocks are validated here, on the server, so no validator ships to the browser.
  return { page: withCheckedBody(page) };
}

/**
 * Collection tags for purges (src/server/cache-headers.ts): none, the page lists nothing. Its own
 * uuid (in the data) is what a publish of it purges.
 */
export const cacheTags: readonly CollectionTag[] = [];
