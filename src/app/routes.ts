/**
 * The route table's browser half (§2), shared by the server (createStaticHandler) and the browser
 * (createBrowserRouter): where each route sits in the URL space and its page. Each route lives in
 * its folder under ./routes/; the server half (loaders, cache tags) is ./routes/server.server.ts.
 * Loaders are attached by each side: the server's call the content layer, the browser's fetch the
 * route's JSON payload.
 */
import type { RouteObject } from 'react-router';
import type { RouteId } from './route-data.ts';
import { RootErrorBoundary, RootLayout } from './routes/root/layout.tsx';

type AppRoute = Omit<RouteObject, 'id' | 'children'> & { id: RouteId; children?: AppRoute[] };

/**
 * The root layout sits in the entry chunk; every page is its folder's `page.tsx` (which exports
 * `Component`), loaded in its own chunk.
 */
export const routes: AppRoute[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { id: 'home', index: true, lazy: () => import('./routes/home/page.tsx') },
      { id: 'sitemap', path: 'sitemap', lazy: () => import('./routes/sitemap/page.tsx') },
      { id: 'authors', path: 'author', lazy: () => import('./routes/authors/page.tsx') },
      { id: 'author', path: 'author/:author', lazy: () => import('./routes/author/page.tsx') },
      { id: 'categories', path: 'c', lazy: () => import('./routes/categories/page.tsx') },
      { id: 'category', path: 'c/:category', lazy: () => import('./routes/category/page.tsx') },
      { id: 'topics', path: 't', lazy: () => import('./routes/topics/page.tsx') },
      { id: 'topic', path: 't/:topic', lazy: () => import('./routes/topic/page.tsx') },
      // Before `:category`: `/p/<slug>` is an editorial page, never a category's article.
      { id: 'page', path: 'p/:page', lazy: () => import('./routes/page/page.tsx') },
      { id: 'listing', path: ':category', lazy: () => import('./routes/listing/page.tsx') },
      { id: 'article', path: ':category/:slug', lazy: () => import('./routes/article/page.tsx') },
    ],
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
