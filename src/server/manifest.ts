import type { RouteId } from '../app/route-data.ts';
import type { BlockModule } from '../blocks/registry.tsx';

type Chunk = { file: string; imports: string[] };

/** Written by scripts/build.mjs from esbuild's metafile; paths are absolute URLs on the site. */
export type ClientManifest = {
  entry: string;
  /** Chunks the entry imports statically. */
  entryImports: string[];
  css: string[];
  /** Per-route chunk and the shared chunks it imports statically. */
  routes: Partial<Record<RouteId, Chunk>>;
  /** Per block-renderer module, its chunk and the shared chunks it imports statically. */
  blocks?: Partial<Record<BlockModule, Chunk>>;
};

/**
 * The assets a page needs: the entry, its CSS, and preloads for the matched routes' chunks and
 * for the renderers of the blocks the page shows.
 */
export function assetsFor(manifest: ClientManifest, routeIds: string[], blockModules: BlockModule[] = []) {
  const preload = new Set(manifest.entryImports);
  const chunks = [
    ...routeIds.map((id) => manifest.routes[id as RouteId]),
    ...blockModules.map((key) => manifest.blocks?.[key]),
  ];
  for (const chunk of chunks) {
    if (!chunk) continue;
    preload.add(chunk.file);
    for (const file of chunk.imports) preload.add(file);
  }
  preload.delete(manifest.entry);
  return { entry: manifest.entry, css: manifest.css, preload: [...preload] };
}
