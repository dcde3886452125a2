/**
 * The server's loader registry: each route's loader comes from its folder
 * (`src/app/routes/<id>/loader.server.ts`); this module only maps route ids to them and hands each
 * the request's LoadContext. The browser never reaches these modules (it loads JSON payloads).
 */
import type { LoaderFunction } from 'react-router';
import type { RouteDataMap, RouteId } from '../app/route-data.ts';
import type { LoadContext, RouteLoader } from '../app/routes/loader-kit.server.ts';
import { loader as root } from '../app/routes/root/loader.server.ts';
import { loader as home } from '../app/routes/home/loader.server.ts';
import { loader as sitemap } from '../app/routes/sitemap/loader.server.ts';
import { loader as authors } from '../app/routes/authors/loader.server.ts';
import { loader as author } from '../app/routes/author/loader.server.ts';
import { loader as categories } from '../app/routes/categories/loader.server.ts';
import { loader as category } from '../app/routes/category/loader.server.ts';
import { loader as topics } from '../app/routes/topics/loader.server.ts';
import { loader as topic } from '../app/routes/topic/loader.server.ts';
import { loader as listing } from '../app/routes/listing/loader.server.ts';
import { loader as article } from '../app/routes/article/loader.server.ts';

export type { LoadContext } from '../app/routes/loader-kit.server.ts';

/** Every route id's loader: a route in the table without one here does not typecheck. */
export const loaders: { [K in RouteId]: RouteLoader<RouteDataMap[K]> } = {
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
    return loaders[id](args, args.context);
  };
}
