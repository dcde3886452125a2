/**
 * A route lives in one folder (src/app/routes/<id>/): every route in the table has its page, its
 * server loader, its data type and its cache tags there, so a new route cannot forget one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectTypeOf, test } from 'vitest';
import { routes } from '../../../../src/app/routes';
import type { RouteDataMap, RouteId } from '../../../../src/app/route-data';
import type { CollectionTag } from '../../../../src/app/routes/loader-kit.server';
import { serverRoutes } from '../../../../src/server/loaders.server';

const folder = (id: string) => path.resolve(import.meta.dirname, '../../../../src/app/routes', id);
const COLLECTION_TAGS: CollectionTag[] = ['layout', 'categories', 'topics', 'articles', 'authors', 'pages'];

type TableRoute = (typeof routes)[number];

function flatten(table: TableRoute[]): TableRoute[] {
  return table.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}
const table = flatten(routes);

test('both halves of the route table name the same routes', () => {
  const ids = table.map((route) => route.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys(serverRoutes).sort()).toEqual([...ids].sort());
});

test.each(table.map((route) => [route.id, route] as const))(
  'route %s has its folder: page, loader.server.ts, data.ts and cache tags',
  async (id, definition) => {
    const page = id === 'root' ? 'layout.tsx' : 'page.tsx';
    for (const file of [page, 'data.ts', 'loader.server.ts']) {
      expect(existsSync(path.join(folder(id), file)), `${id}/${file}`).toBe(true);
    }
    // The page: the root layout sits in the entry chunk, every other page is its own lazy chunk.
    const lazy = typeof definition.lazy === 'function' ? definition.lazy : undefined;
    const component =
      id === 'root' ? definition.Component : ((await lazy?.()) as { Component?: unknown })?.Component;
    expect(typeof component).toBe('function');
    expect(typeof serverRoutes[id].loader).toBe('function');
    expect(Array.isArray(serverRoutes[id].cacheTags)).toBe(true);
    for (const tag of serverRoutes[id].cacheTags) expect(COLLECTION_TAGS).toContain(tag);
  },
);

test('data.ts files hold types only, so the browser gets them for free', () => {
  for (const { id } of table) {
    const source = readFileSync(path.join(folder(id), 'data.ts'), 'utf8');
    const statements = source.match(/^(import|export)\b.*$/gm) ?? [];
    expect(statements.length, `${id}/data.ts`).toBeGreaterThan(0);
    for (const line of statements) expect(line, `${id}/data.ts`).toMatch(/^(import|export) type\b/);
  }
});

test('every route id has a data type', () => {
  // RouteDataMap names each route's data.ts type; none may be `never` or `unknown`.
  type Untyped = {
    [K in RouteId]: [RouteDataMap[K]] extends [never] ? K : unknown extends RouteDataMap[K] ? K : never;
  }[RouteId];
  expectTypeOf<Untyped>().toEqualTypeOf<never>();
  expectTypeOf<RouteId>().toEqualTypeOf<
    | 'root'
    | 'home'
    | 'sitemap'
    | 'authors'
    | 'author'
    | 'categories'
    | 'category'
    | 'topics'
    | 'topic'
    | 'page'
    | 'listing'
    | 'article'
  >();
});
