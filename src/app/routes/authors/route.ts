/** The authors index route (/author). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'authors'> = {
  id: 'authors',
  lazy: () => import('./page.tsx'),
};
