/**
 * What each route's loader returns, by route id: the contract between the loaders (server) and the
 * pages (browser). It is derived from the server half of the route table (a type-only import: no
 * server code reaches the browser), so a route's data type is written once, in its folder's
 * `data.ts`, and named by its loader. Everything is plain JSON.
 */
import type { ServerRoutes } from './routes/server.server.ts';

export type { RootData, SiteInfo } from './routes/root/data.ts';

export type RouteDataMap = { [Id in keyof ServerRoutes]: Awaited<ReturnType<ServerRoutes[Id]['loader']>> };
export type RouteId = keyof RouteDataMap;
