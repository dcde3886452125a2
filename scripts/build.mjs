#!/usr/bin/env node
/**
 * Builds everything:
 *  - client JS with Rolldown: ESM, split per route and per block renderer, content-hashed, minified
 *    → dist/public/assets. Rolldown rather than esbuild here because its chunking knows that the
 *    entry is loaded before any lazy page: modules the entry already has stay in the entry instead
 *    of becoming one small shared chunk per combination of pages (esbuild made eighteen files of the
 *    article's JS; gzip per file cost ~5 KB over one stream). React and react-router form one
 *    `vendor` chunk, which stays cached across deploys that change only our code;
 *  - client CSS with esbuild (the @imports inlined, fonts hashed) → dist/public/assets, and its text
 *    into the manifest for the server to inline;
 *  - dist/manifest.json (entry, CSS, fonts, per-route and per-renderer chunks) that the server uses
 *    for <script>/<link>/<style>;
 *  - edge: the `render` edge function as one self-contained ESM file for Deno → dist/edge/render.js;
 *  - local: the local stack's Node server → dist/local/server.mjs.
 * `--watch` rebuilds on change.
 */
import * as esbuild from 'esbuild';
import { rolldown, watch as rolldownWatch } from 'rolldown';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serverReactDom } from './lib/react-server-patch.mjs';

const root = path.resolve(import.meta.dirname, '..');
const watch = process.argv.includes('--watch');
const dist = path.join(root, 'dist');
const publicDir = path.join(dist, 'public');
const assetsDir = path.join(publicDir, 'assets');
const production = !watch;
const browserTargets = ['es2022', 'chrome111', 'firefox115', 'safari16.4'];

/** The client build fails if a server-only module is reached from the browser entry. */
const SERVER_ONLY =
  /\.server(\.tsx?)?$|\/(server|local|config|http|functions)\/|^storyblok-js-client$|^@netlify\/blobs|^node:/;
const serverOnlyGuard = {
  name: 'server-only-guard',
  resolveId(source, importer) {
    if (SERVER_ONLY.test(source))
      this.error(
        `Server-only module "${source}" imported from ${path.relative(root, importer ?? '')} in the client bundle`,
      );
    return null;
  },
};

/** The parts of the manifest, written once both the JS and the CSS build have reported. */
const manifestParts = { js: undefined, css: undefined };
async function writeManifest() {
  if (!manifestParts.js || !manifestParts.css) return;
  const manifest = { ...manifestParts.js, ...manifestParts.css };
  await writeFile(path.join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

/** Entry, entry imports and the chunk (plus its static imports) of each route page and renderer. */
function toJsManifest(bundle) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const url = (fileName) => `/assets/${fileName}`;
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName, seen = new Set()) => {
    for (const dep of byName.get(fileName)?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      closure(dep, seen);
    }
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('client entry missing from the bundle');
  const lazy = (pattern) => {
    const found = {};
    for (const chunk of chunks) {
      const match = chunk.isDynamicEntry && path.relative(root, chunk.facadeModuleId ?? '').match(pattern);
      if (match)
        found[match[1]] = { file: url(chunk.fileName), imports: [...closure(chunk.fileName)].map(url) };
    }
    return found;
  };
  return {
    entry: url(entry.fileName),
    entryImports: [...closure(entry.fileName)].map(url),
    routes: lazy(/^src\/app\/routes\/([a-z-]+)\/page\.tsx$/),
    // Code-split block renderers (src/blocks/registry.tsx), preloaded by pages that show them.
    blocks: lazy(/^src\/blocks\/renderers\/([a-z-]+)\.tsx$/),
    // Deferred islands' code (src/blocks/deferred.tsx), loaded after hydration: listed for the bench.
    islands: lazy(/^src\/app\/layout\/(signup-form)\.tsx$/),
  };
}

const manifestFromBundle = {
  name: 'write-manifest',
  async generateBundle(_options, bundle) {
    manifestParts.js = toJsManifest(bundle);
    await writeManifest();
  },
};

/**
 * react-router's production build. Its package exports only `dist/development`, whose one difference
 * is `ENABLE_DEV_WARNINGS = true`: dev-only warnings (and their strings) in every bundle, and on the
 * server a "No routes matched location" warning string built on each render (remix-run/react-router
 * #14102). The production build resolves the package's two entry points to `dist/production`; the
 * watch build keeps `dist/development`, and the tests the package's own resolution.
 */
const reactRouterDist = path.join(
  root,
  'node_modules/react-router/dist',
  production ? 'production' : 'development',
);
const REACT_ROUTER_ENTRIES = {
  'react-router': path.join(reactRouterDist, 'index.mjs'),
  'react-router/dom': path.join(reactRouterDist, 'dom-export.mjs'),
};
const reactRouterProduction = {
  name: 'react-router-production',
  resolveId: (source) => REACT_ROUTER_ENTRIES[source] ?? null,
};

const clientInput = {
  cwd: root,
  input: { entry: 'src/client/entry.tsx' },
  platform: 'browser',
  transform: {
    target: browserTargets,
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  },
  plugins: [serverOnlyGuard, reactRouterProduction, manifestFromBundle],
  // react-router marks its modules "use client"; bundled for the browser that directive means nothing.
  onLog(level, log, handler) {
    if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
  },
};

const clientOutput = {
  dir: assetsDir,
  format: 'esm',
  minify: production,
  sourcemap: true,
  entryFileNames: '[name]-[hash].js',
  // A route's chunk is named after its route (`page-article-…`), so DevTools and the bench read plainly.
  chunkFileNames: (chunk) => {
    const route = path
      .relative(root, chunk.facadeModuleId ?? '')
      .match(/^src\/app\/routes\/([a-z-]+)\/page\.tsx$/);
    if (route) return `chunks/page-${route[1]}-[hash].js`;
    // The analytics runtime, loaded when the page is idle (src/client/analytics).
    if (/^src\/client\/analytics\/index\.ts$/.test(path.relative(root, chunk.facadeModuleId ?? '')))
      return 'chunks/analytics-[hash].js';
    // Storyblok's Visual Editor bridge, loaded by preview mode inside the editor only.
    if (/@storyblok[\\/]preview-bridge[\\/]/.test(chunk.facadeModuleId ?? ''))
      return 'chunks/preview-bridge-[hash].js';
    return 'chunks/[name]-[hash].js';
  },
  codeSplitting: {
    groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
  },
};

/**
 * The stylesheet: src/styles/index.css with its @imports inlined and its fonts content-hashed. The
 * server inlines its text in every page's <head> (no render-blocking request; README, Decisions),
 * so its URLs are absolute (`publicPath`) and the manifest carries the text (`inlineCss`) and the
 * woff2 files the document preloads (`fonts`). The file itself stays for its source map.
 */
const css = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: true,
  logLevel: 'warning',
  entryPoints: ['src/styles/index.css'],
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  publicPath: '/assets/',
  minify: true,
  metafile: true,
  target: browserTargets,
  loader: { '.woff2': 'file', '.svg': 'file', '.png': 'file', '.jpg': 'file' },
  plugins: [
    {
      name: 'css-manifest',
      setup(build) {
        build.onEnd(async (result) => {
          if (result.errors.length > 0 || !result.metafile) return;
          const outputs = Object.keys(result.metafile.outputs);
          const url = (file) =>
            `/${path.relative(publicDir, path.join(root, file)).split(path.sep).join('/')}`;
          const sheet = outputs.find((file) => file.endsWith('.css'));
          if (!sheet) throw new Error('stylesheet missing from the CSS build');
          // With `publicPath`, its source-map comment is absolute too: it holds inlined in any page.
          const inlineCss = await readFile(path.join(root, sheet), 'utf8');
          manifestParts.css = {
            css: [],
            inlineCss,
            fonts: outputs.filter((file) => file.endsWith('.woff2')).map(url),
          };
          await writeManifest();
        });
      },
    },
  ],
};

const common = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
};

/**
 * The server bundles' `react-router`: the package with its Link swapped for one that renders the
 * same `<a>` without resolving clean paths on every render (src/server/router/server-link.tsx).
 * The shim's and ServerLink's own imports reach the package's production build (REACT_ROUTER_ENTRIES).
 */
const serverRouterDir = path.join(root, 'src/server/router');
const serverRouter = {
  name: 'server-router',
  setup(build) {
    build.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) =>
      args.path === 'react-router' && path.dirname(args.importer) !== serverRouterDir
        ? { path: path.join(serverRouterDir, 'react-router.ts') }
        : { path: REACT_ROUTER_ENTRIES[args.path] },
    );
  },
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
  plugins: [serverRouter, serverReactDom],
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
  plugins: [serverRouter, serverReactDom],
};

async function copyPublic() {
  await cp(path.join(root, 'public'), path.join(dist, 'public'), { recursive: true });
}

if (!watch) await rm(dist, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });
await copyPublic();

if (watch) {
  const contexts = await Promise.all([css, edge, local].map((options) => esbuild.context(options)));
  // The edge and local builds import dist/manifest.json: build the client first.
  await contexts[0].rebuild();
  const clientWatcher = rolldownWatch({ ...clientInput, output: clientOutput });
  await new Promise((resolve, reject) => {
    clientWatcher.on('event', (event) => {
      if (event.code === 'BUNDLE_END') void event.result.close().then(resolve);
      if (event.code === 'ERROR') {
        console.error(event.error);
        void event.result.close();
        reject(event.error);
      }
    });
  });
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
  const bundle = await rolldown(clientInput);
  await Promise.all([bundle.write(clientOutput), esbuild.build(css)]);
  await bundle.close();
  await Promise.all([esbuild.build(edge), esbuild.build(local)]);
  console.log(`built client, edge and local server in ${Math.round(performance.now() - started)} ms`);
}
