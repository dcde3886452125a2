/** The categories index route (/c). */
import type { RouteDefinition } from '../define.ts';
import type { CategoriesData } from './data.ts';

export const route: RouteDefinition<'categories', CategoriesData> = {
  id: 'categories',
  lazy: () => import('./page.tsx'),
  // The categories themselves are the nav's, tagged by the root route.
  cacheTags: [],
};
