/** The author route (/author/{slug}): bio and the stories they wrote or contributed to. */
import type { RouteDefinition } from '../define.ts';
import type { AuthorData } from './data.ts';

export const route: RouteDefinition<'author', AuthorData> = {
  id: 'author',
  lazy: () => import('./page.tsx'),
  cacheTags: ['articles'],
};
