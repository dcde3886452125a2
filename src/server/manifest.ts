import type { RouteId } from '../app/route-data.ts';

/** Written by scripts/build.mjs from esbuild's metafile; paths are absolute URLs on the site. */
export type ClientManifest = {
  entry: string;
  /** Chunks the entry imports statically. */
  entryImports: string[];
  css: string[];
  /** Per-route chunk and the shared chunks it imports statically. */
  routes: Partial<Record<RouteId, { file: string; imports: string[] }>>;
};

/** The assets a page needs: the entry, its CSS, and preloads for the matched routes' chunks. */
export function assetsFor(manifest: ClientManifest, routeIds: string[]) {
  const preload = new Set(manifest.entryImports);
  for (const id of routeIds) {
    const route = manifest.routes[id as RouteId];
    if (!route) continue;
    preload.add(route.file);
    for (const file of route.imports) preload.add(file);
  }
  preload.delete(manifest.entry);
  return { entry: manifest.entry, css: manifest.css, preload: [...preload] };
}
