/**
 * React's web-streams server renderer (react-dom/server's browser build, which both server bundles
 * use) with six of its stream-config functions taken from src/server/stream-writer.ts:
 * strings are encoded straight into 16 KB views, instead of each into an array of its own and then
 * copied into 2 KB ones. React's own are renamed away, and the one place its build reads a chunk's
 * `byteLength` itself (summing a finished segment's size) calls `byteLengthOfChunk`, as React's
 * source does. Anything not found exactly once fails the build, so a React upgrade that changes
 * them is looked at, not silently broken (tests/unit/server/stream-writer.test.ts patches the
 * installed builds).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const STREAM_WRITER = path.join(root, 'src/server/stream-writer.ts');
export const STREAM_CONFIG = [
  'writeChunk',
  'writeChunkAndReturn',
  'completeWriting',
  'stringToChunk',
  'byteLengthOfChunk',
  'stringToPrecomputedChunk',
];
/** The builds patched: react-dom-server.browser.production.js and its development twin. */
export const REACT_SERVER_BROWSER =
  /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.browser\.(production|development)\.js$/;

/** `source` (one of those builds, read from `file`) writing through the stream writer. */
export function patchReactServer(source, file) {
  const once = (text, find, replace) => {
    const found = text.split(find).length - 1;
    if (found !== 1)
      throw new Error(`server-react-dom: expected \`${find}\` once in ${file}, found ${found}`);
    return text.replace(find, replace);
  };
  let patched = once(
    source,
    'segmentByteSize += segment[i].byteLength;',
    'segmentByteSize += byteLengthOfChunk(segment[i]);',
  );
  for (const name of STREAM_CONFIG)
    patched = once(patched, `function ${name}(`, `function react_${name}_unused(`);
  const imports = STREAM_CONFIG.map((name) => `${name} = streamWriter.${name}`).join(', ');
  return once(
    patched,
    '"use strict";',
    `"use strict";\nvar streamWriter = require(${JSON.stringify(STREAM_WRITER)}), ${imports};`,
  );
}

/**
 * The esbuild plugin of both server bundles: `react-dom/server` is React's web-streams build (the
 * edge's conditions pick it; the local server, on Node, would get React's Node build), patched as
 * it loads. The local server renders what the edge renders, through the same writer.
 */
export const serverReactDom = {
  name: 'server-react-dom',
  setup(build) {
    const browserBuild = createRequire(import.meta.url).resolve('react-dom/server.browser');
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: browserBuild }));
    build.onLoad({ filter: REACT_SERVER_BROWSER }, async (args) => ({
      contents: patchReactServer(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};
