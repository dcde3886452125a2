/** What a route folder declares for the browser and the server: its id and its page (tags and loader are server-only, in loader.server.ts). */
import type { ComponentType } from 'react';
import type { RouteId } from '../route-data.ts';

/**
 * Collection tags: the kinds of stories a route lists. A publish purges the story's uuid and its
 * collection, so a newly published story reaches the pages that do not show it yet
 * (each route's loader.server.ts exports its own; src/server/cache-headers.ts puts them on every response).
 */
export type CollectionTag = 'layout' | 'categories' | 'topics' | 'articles' | 'authors';

/** A page module: `Component` is its default view, loaded in its own chunk. */
export type PageModule = { Component: ComponentType };

/**
 * The browser-safe half of a route; its loader is the folder's `loader.server.ts`, its data type
 * (`data.ts`) is named in RouteDataMap (route-data.ts).
 */
export type RouteDefinition<Id extends RouteId = RouteId> = {
  readonly id: Id;
  /** The page, split into its own chunk (the root route's layout is in the entry chunk instead). */
  readonly lazy?: () => Promise<PageModule>;
  readonly Component?: ComponentType;
  readonly ErrorBoundary?: ComponentType;
};
