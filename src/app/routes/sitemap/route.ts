/** The sitemap route (/sitemap): every category, topic, author and article. */
import type { RouteDefinition } from '../define.ts';
import type { SitemapData } from './data.ts';

export const route: RouteDefinition<'sitemap', SitemapData> = {
  id: 'sitemap',
  lazy: () => import('./page.tsx'),
  cacheTags: ['articles', 'authors'],
};
