/** The topics index route (/t). */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'topics'> = {
  id: 'topics',
  lazy: () => import('./page.tsx'),
};
