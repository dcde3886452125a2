/**
 * Typed access to route data, and the site values the error pages fall back on when the root
 * loader itself failed (the error layout must still render a name and a title).
 */
import { createContext, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { BrowserData } from './kept-cards.ts';
import type { RootData, RouteDataMap, RouteId, SiteInfo } from './route-data.ts';

/** The configured site name (SITE_NAME), from the payload: what a page without root data still knows. */
export const SiteNameContext = createContext('');

/** Used only when root data is missing (the root loader threw). Never shown on a healthy page. */
export function fallbackSite(name: string): SiteInfo {
  return {
    name,
    baseUrl: '',
    defaultTitle: name,
    defaultDescription: 'Home boxing and kickboxing workouts, technique, equipment and wellness.',
    year: 2017,
    draft: false,
  };
}

/** react-router's view of loader data `T`: `T` itself for plain JSON types such as ours. */
type LoaderData<T> = NonNullable<ReturnType<typeof useRouteLoaderData<T>>>;

/**
 * The loader data of route `id`, typed by its folder's data type as the browser may hold it (its
 * grids' cards may be kept: kept-cards.ts). For the route's own page (and its descendants), where
 * the data is always there: a missing one is a bug, not a 404.
 */
export function useRouteData<Id extends RouteId>(id: Id): LoaderData<BrowserData<Id>> {
  const data = useRouteLoaderData<BrowserData<Id>>(id);
  if (data === undefined) throw new Error(`No loader data for route ${id} here`);
  return data;
}

/** Root loader data, or undefined when the root loader failed (error pages). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RouteDataMap['root']>('root');
}

/** Site info from root data, or the fallback on error pages. */
export function useSite(): SiteInfo {
  const name = useContext(SiteNameContext);
  return useRootData()?.site ?? fallbackSite(name);
}
