/** The sitemap route (/sitemap): every category, topic, author and article. */
import type { RouteDefinition } from '../define.ts';

export const route: RouteDefinition<'sitemap'> = {
  id: 'sitemap',
  lazy: () => import('./page.tsx'),
};
