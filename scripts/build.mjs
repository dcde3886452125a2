#!/usr/bin/env node
/**
 * Builds everything with esbuild:
 *  - client: ESM, split per route, content-hashed, minified, CSS bundled → dist/public/assets,
 *    plus dist/manifest.json (entry, CSS, per-route chunks) that the server uses for <script>/<link>;
 *  - edge: the `render` edge function as one self-contained ESM file for Deno → dist/edge/render.js;
 *  - local: the local stack's Node server → dist/local/server.mjs.
 * `--watch` rebuilds on change.
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const watch = process.argv.includes('--watch');
const dist = path.join(root, 'dist');
const assetsDir = path.join(dist, 'public', 'assets');
const production = !watch;

/** The client build fails if a server-only module is reached from the browser entry. */
const serverOnlyGuard = {
  name: 'server-only-guard',
  setup(build) {
    build.onResolve(
      {
        filter:
          /\.server(\.tsx?)?$|\/(server|local|config|functions)\/|^storyblok-js-client$|^@netlify\/blobs|^node:/,
      },
      (args) => ({
        errors: [
          {
            text: `Server-only module "${args.path}" imported from ${path.relative(root, args.importer)} in the client bundle`,
          },
        ],
      }),
    );
  },
};

function toManifest(metafile) {
  const url = (file) =>
    `/${path.relative(path.join(dist, 'public'), path.join(root, file)).split(path.sep).join('/')}`;
  const outputs = Object.entries(metafile.outputs);
  const staticImports = (file) =>
    (metafile.outputs[file]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const closure = (file, seen = new Set()) => {
    for (const dep of staticImports(file)) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      closure(dep, seen);
    }
    return seen;
  };
  const entry = outputs.find(([, o]) => o.entryPoint === 'src/client/entry.tsx');
  if (!entry) throw new Error('client entry missing from metafile');
  const [entryFile, entryOut] = entry;
  const routes = {};
  for (const [file, out] of outputs) {
    const match = out.entryPoint?.match(/^src\/app\/routes\/([a-z-]+)\/page\.tsx$/);
    if (match) routes[match[1]] = { file: url(file), imports: [...closure(file)].map(url) };
  }
  // Code-split block renderers (src/blocks/registry.tsx), preloaded by pages that show them.
  const blocks = {};
  for (const [file, out] of outputs) {
    const match = out.entryPoint?.match(/^src\/blocks\/renderers\/([a-z-]+)\.tsx$/);
    if (match) blocks[match[1]] = { file: url(file), imports: [...closure(file)].map(url) };
  }
  return {
    entry: url(entryFile),
    entryImports: [...closure(entryFile)].map(url),
    css: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    routes,
    blocks,
  };
}

const writeManifest = {
  name: 'write-manifest',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      await writeFile(path.join(dist, 'manifest.json'), JSON.stringify(toManifest(result.metafile), null, 2));
    });
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
};

const client = {
  ...common,
  entryPoints: ['src/client/entry.tsx'],
  outdir: assetsDir,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
  splitting: true,
  minify: true,
  metafile: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.woff': 'file', '.woff2': 'file', '.svg': 'file', '.png': 'file', '.jpg': 'file' },
  plugins: [serverOnlyGuard, writeManifest],
};

/** The edge bundle: web-standard APIs only, so the platform is neutral with browser-like conditions. */
const edge = {
  ...common,
  entryPoints: { render: 'netlify/edge-functions/render.ts' },
  outdir: path.join(dist, 'edge'),
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['edge-light', 'worker', 'browser', 'import', 'default'],
  target: 'es2022',
  minify: production,
  loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty' },
  external: ['node:*'],
};

const local = {
  ...common,
  entryPoints: { server: 'src/local/server.ts' },
  outdir: path.join(dist, 'local'),
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies are bundled (not external) so NODE_ENV=production reaches React: the local server
  // runs the same production builds as the edge. `createRequire` lets bundled CJS use require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  external: ['sharp'],
  loader: { '.css': 'empty' },
};

async function copyPublic() {
  await cp(path.join(root, 'public'), path.join(dist, 'public'), { recursive: true });
}

if (!watch) await rm(dist, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });
await copyPublic();

if (watch) {
  const contexts = await Promise.all([client, edge, local].map((options) => esbuild.context(options)));
  // The edge and local builds import dist/manifest.json: build the client first.
  await contexts[0].rebuild();
  await Promise.all(contexts.slice(1).map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.watch()));
  console.log('watching for changes…');
  // Serve the watched build; node --watch restarts the server when its bundle changes.
  const { spawn } = await import('node:child_process');
  spawn(
    process.execPath,
    [
      '--watch-path=dist/local',
      '--watch-path=dist/manifest.json',
      '--enable-source-maps',
      'dist/local/server.mjs',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
} else {
  const started = performance.now();
  await esbuild.build(client);
  await Promise.all([esbuild.build(edge), esbuild.build(local)]);
  console.log(`built client, edge and local server in ${Math.round(performance.now() - started)} ms`);
}
