/**
 * What a route folder declares for the browser: its id and its page (its loader and cache tags are
 * server-only, in its loader.server.ts).
 */
import type { ComponentType } from 'react';
import type { RouteId } from '../route-data.ts';

/** A page module: `Component` is its default view, loaded in its own chunk. */
export type PageModule = { Component: ComponentType };

/**
 * The browser half of a route; its server half (loader, cache tags) is the folder's
 * `loader.server.ts`, and its data type (`data.ts`) reaches RouteDataMap through that loader.
 */
export type RouteDefinition<Id extends RouteId = RouteId> = {
  readonly id: Id;
  /** The page, split into its own chunk (the root route's layout is in the entry chunk instead). */
  readonly lazy?: () => Promise<PageModule>;
  readonly Component?: ComponentType;
  readonly ErrorBoundary?: ComponentType;
};
