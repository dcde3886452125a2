/** The category landing route (/c/{slug}): its topics and newest stories. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'category'> = {
  id: 'category',
  lazy: () => import('./page.tsx'),
};
