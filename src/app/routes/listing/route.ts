/** The category listing route (/{category}): all its stories, paginated. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'listing'> = {
  id: 'listing',
  lazy: () => import('./page.tsx'),
};
