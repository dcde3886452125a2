/** The category listing route (/{category}): all its stories, paginated. */
import type { RouteDefinition } from '../define.ts';
import type { ListingData } from './data.ts';

export const route: RouteDefinition<'listing', ListingData> = {
  id: 'listing',
  lazy: () => import('./page.tsx'),
  cacheTags: ['articles'],
};
