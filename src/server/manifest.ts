/** The build's client manifest and the assets (entry, CSS, preloads) each page needs. */
import { z } from 'zod';
import type { RouteId } from '../app/route-data.ts';
import type { BlockModule } from '../blocks/registry.tsx';

type Chunk = { file: string; imports: string[] };

const chunkSchema = z.object({ file: z.string(), imports: z.array(z.string()) });
const manifestSchema = z.object({
  entry: z.string(),
  entryImports: z.array(z.string()),
  css: z.array(z.string()),
  inlineCss: z.string().optional(),
  fonts: z.array(z.string()).optional(),
  routes: z.record(z.string(), chunkSchema),
  blocks: z.record(z.string(), chunkSchema).optional(),
});

/** The manifest read from disk (the local server), checked rather than cast: a stale build says so. */
export function parseClientManifest(text: string): ClientManifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`dist/manifest.json is not a client manifest: ${parsed.error.message}`);
  return parsed.data;
}

/** Written by scripts/build.mjs from esbuild's metafile; paths are absolute URLs on the site. */
export type ClientManifest = {
  entry: string;
  /** Chunks the entry imports statically. */
  entryImports: string[];
  /** Stylesheets linked from <head> (none when the sheet is inlined). */
  css: string[];
  /** The stylesheet's text, which the server inlines in every page's <head>. */
  inlineCss?: string;
  /** The web fonts the first screen uses, preloaded by every page. */
  fonts?: string[];
  /** Per-route chunk and the shared chunks it imports statically. */
  routes: Partial<Record<RouteId, Chunk>>;
  /** Per block-renderer module, its chunk and the shared chunks it imports statically. */
  blocks?: Partial<Record<BlockModule, Chunk>>;
};

/**
 * The assets a page needs: the entry, its CSS, its fonts, and preloads for the matched routes' chunks and
 * for the renderers of the blocks the page shows.
 */
export function assetsFor(manifest: ClientManifest, routeIds: string[], blockModules: BlockModule[] = []) {
  // The entry first: the page loads it itself after its first paint (render.server.tsx), so it is
  // preloaded like the modules it imports.
  const preload = new Set([manifest.entry, ...manifest.entryImports]);
  const chunks = [
    ...routeIds.map((id) => manifest.routes[id as RouteId]),
    ...blockModules.map((key) => manifest.blocks?.[key]),
  ];
  for (const chunk of chunks) {
    if (!chunk) continue;
    preload.add(chunk.file);
    for (const file of chunk.imports) preload.add(file);
  }
  return {
    entry: manifest.entry,
    entryImports: manifest.entryImports,
    css: manifest.css,
    fonts: manifest.fonts ?? [],
    preload: [...preload],
  };
}
