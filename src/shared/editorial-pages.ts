/**
 * Where editorial pages live: every `pages/<slug>` story but `pages/home` (which is the home page)
 * renders at `/p/<slug>`, under its own prefix like `/c/` and `/t/`, so no page can ever take a
 * category's `/<category>`. The content mappers, the route table, the purge paths and the links
 * the layout names (footer, the email consent line) all read it here. Imports nothing.
 */

/** The `pages/` story that is the home page (`/`), not an editorial page. */
export const HOME_PAGE_SLUG = 'home';

/** The path prefix of editorial pages. */
export const EDITORIAL_PAGE_PREFIX = '/p/';

/** The site path of a `pages/<slug>` story: `/` for the home page, else `/p/<slug>`. */
export function editorialPagePath(slug: string): string {
  return slug === HOME_PAGE_SLUG ? '/' : `${EDITORIAL_PAGE_PREFIX}${encodeURIComponent(slug)}`;
}

/** The pages the layout links to (footer, the email consent line); the demo content has each. */
export const ABOUT_PATH = editorialPagePath('about');
export const PRIVACY_PATH = editorialPagePath('privacy');
export const TERMS_PATH = editorialPagePath('terms');
