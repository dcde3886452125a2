/** The topic route (/t/{slug}): its stories, paginated. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'topic'> = {
  id: 'topic',
  lazy: () => import('./page.tsx'),
};
