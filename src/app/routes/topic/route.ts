/** The topic route (/t/{slug}): its stories, paginated. */
import type { RouteDefinition } from '../define.ts';
import type { TopicData } from './data.ts';

export const route: RouteDefinition<'topic', TopicData> = {
  id: 'topic',
  lazy: () => import('./page.tsx'),
  cacheTags: ['articles'],
};
