#!/usr/bin/env node
/**
 * Two builds of the edge render side by side (`npm run bench:compare -- --against DIR`): this
 * checkout's dist/edge/render.js and another's (a worktree of an earlier commit, built), both
 * loaded in one Deno process, Netlify's edge runtime, against this checkout's local stand-ins. Home
 * and the bench's article are rendered by each build in turn, in batches, round after round; each
 * round's times are paired, so a slow spell of a shared machine falls on both. Separate processes
 * measured minutes apart differed by up to 40% on a 2-core host; compared with itself, this reads
 * 0.95-1.03.
 * Prints per page the median time of a render (wall clock, the whole response read) of each build
 * and the median of the rounds' ratios (this build / the other). `--against` this checkout itself
 * measures the noise: its ratios should read 1.00.
 * Options: --against DIR (required: a checkout whose `npm run build` has run, or a bundle file),
 * --rounds N (default 20), --batch N (renders per build, page and round; default 40).
 */
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchEdgeEnv,
  denoJson,
  firstTrainingArticle,
  numberArg,
  root,
  startLocalServer,
  stringArg,
} from './lib/local-server.mjs';

const ROUNDS = numberArg('rounds', 20);
const BATCH = numberArg('batch', 40);
const against = stringArg('against');
if (!against) throw new Error('--against DIR: a built checkout (or an edge bundle) to compare with');
const other = (await stat(against)).isDirectory() ? path.join(against, 'dist/edge/render.js') : against;
const bundles = [path.join(root, 'dist/edge/render.js'), path.resolve(other)];

/** Runs in Deno: each bundle its own module instance, the pages rendered by each in turn. */
const SCRIPT = `
globalThis.Netlify = { env: { toObject: () => Deno.env.toObject(), get: (name) => Deno.env.get(name) } };
const [article, rounds, batch, ...bundles] = Deno.args;
console.log = () => {};
const renders = [];
for (const [i, bundle] of bundles.entries()) renders.push((await import(bundle + '?build=' + i)).default);
const pages = { home: '/', article };
async function once(render, page) {
  const res = await render(new Request(Deno.env.get('URL') + page), {});
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(page + ' answered ' + res.status);
}
for (const render of renders) for (const page of Object.values(pages)) for (let i = 0; i < 500; i++) await once(render, page);
const times = renders.map(() => ({ home: [], article: [] }));
for (let round = 0; round < Number(rounds); round++)
  for (const [name, page] of Object.entries(pages))
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const started = performance.now();
      for (let j = 0; j < Number(batch); j++) await once(renders[i], page);
      times[i][name].push((performance.now() - started) / Number(batch));
    }
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(times) + '\\n'));
Deno.exit(0);
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startLocalServer({ LOCAL_CDN: 'off' });
const script = path.join(tmpdir(), `bench-compare-${process.pid}.mjs`);
try {
  await writeFile(script, SCRIPT);
  const article = await firstTrainingArticle(server.url);
  console.log(
    `Edge render, this build against ${other} (Deno, one process): ${ROUNDS} rounds of ${BATCH} renders per build and page`,
  );
  const [mine, theirs] = await denoJson(
    script,
    [article, String(ROUNDS), String(BATCH), ...bundles.map((b) => pathToFileURL(b).href)],
    benchEdgeEnv(server.url),
  );
  console.log(
    'page    | this build ms/render | other build ms/render | this / other (median of paired rounds)',
  );
  for (const page of ['home', 'article']) {
    const ratio = median(mine[page].map((t, i) => t / theirs[page][i]));
    console.log(
      `${page.padEnd(7)} | ${median(mine[page]).toFixed(3).padStart(19)} | ${median(theirs[page]).toFixed(3).padStart(21)} | ${ratio.toFixed(3).padStart(38)}`,
    );
  }
} finally {
  await rm(script, { force: true });
  await server.stop();
}
