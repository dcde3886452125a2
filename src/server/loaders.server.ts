/**
 * The server's route table: each route's loader and cache tags come from its folder
 * (`src/app/routes/<id>/loader.server.ts`); this module only maps route ids to them and hands each
 * loader the request's LoadContext. The browser never reaches these modules (it loads JSON payloads).
 */
import type { LoaderFunction } from 'react-router';
import type { RouteDataMap, RouteId } from '../app/route-data.ts';
import type { CollectionTag } from '../app/routes/define.ts';
import type { LoadContext, RouteLoader } from '../app/routes/loader-kit.server.ts';
import * as root from '../app/routes/root/loader.server.ts';
import * as home from '../app/routes/home/loader.server.ts';
import * as sitemap from '../app/routes/sitemap/loader.server.ts';
import * as authors from '../app/routes/authors/loader.server.ts';
import * as author from '../app/routes/author/loader.server.ts';
import * as categories from '../app/routes/categories/loader.server.ts';
import * as category from '../app/routes/category/loader.server.ts';
import * as topics from '../app/routes/topics/loader.server.ts';
import * as topic from '../app/routes/topic/loader.server.ts';
import * as listing from '../app/routes/listing/loader.server.ts';
import * as article from '../app/routes/article/loader.server.ts';

export type { LoadContext } from '../app/routes/loader-kit.server.ts';

/** A route's server half, from its folder's loader.server.ts: the loader and the cache tags. */
type ServerRoute<K extends RouteId> = {
  loader: RouteLoader<RouteDataMap[K]>;
  cacheTags: readonly CollectionTag[];
};

/** Every route id's server half: a route in the table without one here does not typecheck. */
export const serverRoutes: { [K in RouteId]: ServerRoute<K> } = {
  root,
  home,
  sitemap,
  authors,
  author,
  categories,
  category,
  topics,
  topic,
  listing,
  article,
};

function isLoadContext(value: unknown): value is LoadContext {
  return typeof value === 'object' && value !== null && 'content' in value && 'site' in value;
}

/** The loader for a route id, reading the content API from the request context. */
export function serverLoader(id: RouteId): LoaderFunction {
  return (args) => {
    if (!isLoadContext(args.context)) throw new Error('Server loaders need a LoadContext');
    return serverRoutes[id].loader(args, args.context);
  };
}
