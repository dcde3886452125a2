/** The category landing route (/c/{slug}): its topics and newest stories. */
import type { RouteDefinition } from '../define.ts';
import type { CategoryData } from './data.ts';

export const route: RouteDefinition<'category', CategoryData> = {
  id: 'category',
  lazy: () => import('./page.tsx'),
  cacheTags: ['articles'],
};
