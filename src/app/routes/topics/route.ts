/** The topics index route (/t). */
import type { RouteDefinition } from '../define.ts';
import type { TopicsData } from './data.ts';

export const route: RouteDefinition<'topics', TopicsData> = {
  id: 'topics',
  lazy: () => import('./page.tsx'),
  // The topics are the nav's, tagged by the root route.
  cacheTags: [],
};
