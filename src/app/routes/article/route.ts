/** The article route (/{category}/{slug}). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'article'> = {
  id: 'article',
  lazy: () => import('./page.tsx'),
};
