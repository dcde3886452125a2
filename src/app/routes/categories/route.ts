/** The categories index route (/c). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'categories'> = {
  id: 'categories',
  lazy: () => import('./page.tsx'),
};
