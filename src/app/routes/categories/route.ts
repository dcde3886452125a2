/** The categories index route (/c). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'categories'> = {
  id: 'categories',
  lazy: () => import('./page.tsx'),
  // The categories themselves are the nav's, tagged by the root route.
  cacheTags: [],
};
