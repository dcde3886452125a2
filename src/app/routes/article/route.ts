/** The article route (/{category}/{slug}). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'article'> = {
  id: 'article',
  lazy: () => import('./page.tsx'),
  // No `articles` on purpose: the related list may lag by the fresh window rather than every
  // publish purging every article.
  cacheTags: [],
};
