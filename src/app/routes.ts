/**
 * The route table's browser half (§2), shared by the server (createStaticHandler) and the browser
 * (createBrowserRouter): where each route sits in the URL space and its lazy page. Each route lives
 * in its folder under ./routes/; the server half (loaders, cache tags) is ./routes/server.server.ts.
 * Loaders are attached by each side: the server's call the content layer, the browser's fetch the
 * route's JSON payload.
 */
import type { RouteObject } from 'react-router';
import type { RouteId } from './route-data.ts';
import type { RouteDefinition } from './routes/define.ts';
import { route as root } from './routes/root/route.ts';
import { route as home } from './routes/home/route.ts';
import { route as sitemap } from './routes/sitemap/route.ts';
import { route as authors } from './routes/authors/route.ts';
import { route as author } from './routes/author/route.ts';
import { route as categories } from './routes/categories/route.ts';
import { route as category } from './routes/category/route.ts';
import { route as topics } from './routes/topics/route.ts';
import { route as topic } from './routes/topic/route.ts';
import { route as listing } from './routes/listing/route.ts';
import { route as article } from './routes/article/route.ts';

/** The root's children: each page route and where it sits under `/`. */
const pages = [
  { route: home, index: true },
  { route: sitemap, path: 'sitemap' },
  { route: authors, path: 'author' },
  { route: author, path: 'author/:author' },
  { route: categories, path: 'c' },
  { route: category, path: 'c/:category' },
  { route: topics, path: 't' },
  { route: topic, path: 't/:topic' },
  { route: listing, path: ':category' },
  { route: article, path: ':category/:slug' },
] as const;

/** Every route's definition, root first (the completeness test reads them). */
export const routeDefinitions: readonly RouteDefinition[] = [root, ...pages.map((p) => p.route)];

type AppRoute = Omit<RouteObject, 'id' | 'children'> & { id: RouteId; children?: AppRoute[] };

/** The react-router fields of a definition. */
function toRoute({ id, lazy, Component, ErrorBoundary }: RouteDefinition): AppRoute {
  return { id, lazy, Component, ErrorBoundary };
}

export const routes: AppRoute[] = [
  {
    ...toRoute(root),
    path: '/',
    children: pages.map(({ route, ...where }) => ({ ...toRoute(route), ...where })),
  },
];

/** Attach a loader to every route by id (server and client each bring their own). */
export function withLoaders(
  table: AppRoute[],
  loaderFor: (id: RouteId) => RouteObject['loader'],
  extra?: (id: RouteId) => Partial<RouteObject>,
): RouteObject[] {
  return table.map((route) => {
    const { children, ...rest } = route;
    const base = { ...rest, loader: loaderFor(route.id), ...extra?.(route.id) };
    return children
      ? ({ ...base, children: withLoaders(children, loaderFor, extra) } as RouteObject)
      : (base as RouteObject);
  });
}
