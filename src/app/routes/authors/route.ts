/** The authors index route (/author). */
import type { RouteDefinition } from '../define.ts';
import type { AuthorsData } from './data.ts';

export const route: RouteDefinition<'authors', AuthorsData> = {
  id: 'authors',
  lazy: () => import('./page.tsx'),
  cacheTags: ['authors'],
};
