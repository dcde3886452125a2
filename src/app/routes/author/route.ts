/** The author route (/author/{slug}): bio and the stories they wrote or contributed to. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'author'> = {
  id: 'author',
  lazy: () => import('./page.tsx'),
};
