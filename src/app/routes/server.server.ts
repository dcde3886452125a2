/**
 * The server half of the route table: each route's loader and cache tags, from its folder's
 * loader.server.ts. The browser half is src/app/routes.ts; RouteDataMap (route-data.ts) is derived
 * from the loaders here, so a route's data type is written once, in its folder.
 */
import type { CollectionTag } from './loader-kit.server.ts';
import type { RouteLoader } from './loader-kit.server.ts';
import * as root from './root/loader.server.ts';
import * as home from './home/loader.server.ts';
import * as sitemap from './sitemap/loader.server.ts';
import * as authors from './authors/loader.server.ts';
import * as author from './author/loader.server.ts';
import * as categories from './categories/loader.server.ts';
import * as category from './category/loader.server.ts';
import * as topics from './topics/loader.server.ts';
import * as topic from './topic/loader.server.ts';
import * as page from './page/loader.server.ts';
import * as listing from './listing/loader.server.ts';
import * as article from './article/loader.server.ts';

type ServerRoute = { loader: RouteLoader<unknown>; cacheTags: readonly CollectionTag[] };

export const serverRoutes = {
  root,
  home,
  sitemap,
  authors,
  author,
  categories,
  category,
  topics,
  topic,
  page,
  listing,
  article,
} satisfies Record<string, ServerRoute>;

export type ServerRoutes = typeof serverRoutes;
