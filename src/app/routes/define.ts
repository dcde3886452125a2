/** What a route folder declares for both sides: its id, its page, its cache tags and its data type. */
import type { ComponentType } from 'react';

/**
 * Collection tags: the kinds of stories a route lists. A publish purges the story's uuid and its
 * collection, so a newly published story reaches the pages that do not show it yet
 * (src/server/cache-headers.ts puts them on every response).
 */
export type CollectionTag = 'layout' | 'categories' | 'topics' | 'articles' | 'authors';

/** A page module: `Component` is its default view, loaded in its own chunk. */
export type PageModule = { Component: ComponentType };

declare const loaderData: unique symbol;

/** The browser-safe half of a route; its loader is the folder's `loader.server.ts`. */
export type RouteDefinition<Id extends string = string, Data = unknown> = {
  readonly id: Id;
  /** The page, split into its own chunk (the root route's layout is in the entry chunk instead). */
  readonly lazy?: () => Promise<PageModule>;
  readonly Component?: ComponentType;
  readonly ErrorBoundary?: ComponentType;
  readonly cacheTags: readonly CollectionTag[];
  /** Type only, never set: what the route's loader returns. */
  readonly [loaderData]?: Data;
};

/** The loader data type a definition declares. */
export type DataOf<D> = D extends { readonly [loaderData]?: infer Data } ? Exclude<Data, undefined> : never;
