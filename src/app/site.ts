/**
 * Typed access to route data, and the site values the error pages fall back on when the root
 * loader itself failed (the error layout must still render a name and a title).
 */
import { useRouteLoaderData } from 'react-router';
import type { RootData, SiteInfo } from './route-data.ts';

/** Used only when root data is missing (the root loader threw). Never shown on a healthy page. */
export const FALLBACK_SITE = {
  name: 'Roundhouse',
  baseUrl: '',
  defaultTitle: 'Roundhouse',
  defaultDescription: 'Home boxing and kickboxing workouts, technique, equipment and wellness.',
  year: 2017,
  draft: false,
} satisfies SiteInfo;

/** Root loader data, or undefined when the root loader failed (error pages). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** Site info from root data, or the fallback on error pages. */
export function useSite(): SiteInfo {
  return useRootData()?.site ?? FALLBACK_SITE;
}
