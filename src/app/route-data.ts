/**
 * What each route's loader returns: the contract between `src/server` (which loads it) and the
 * pages in `src/app` (which render it). Each type lives in its route folder (`routes/<id>/data.ts`);
 * the map by id is derived from the route table. Everything is plain JSON and travels in the payload.
 */
export type { RouteDataMap, RouteId } from './routes.ts';
export type { RootData, SiteInfo } from './routes/root/data.ts';
