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
 * --http: over HTTP instead, as `npm run bench` serves pages: each build's bundle
 * behind `Deno.serve` in a process of its own, the pages loaded from each in turn (--requests N per
 * build, page and round, default 400; concurrency 10; --rounds default 12). It prints each build's
 * median server CPU per request (Linux, from /proc) and requests per second, and the median ratios
 * of the paired rounds: what the HTTP server and the response stream cost too.
 * --processes: each build in a fresh Deno process of its own per round, the builds in turn (the
 * order alternating), each process warming up (500 renders a page) and then rendering home and
 * the article --renders times each (default 3000; --rounds default 6). Prints each build's median
 * wall time and CPU time (all of the process's threads, its garbage collector's included; Linux)
 * per render, and the medians of the paired ratios. Two builds in one process share a heap and
 * read each other's garbage: this one read 0.98-1.02 with itself where the default read 1.04-1.13.
 */
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchEdgeEnv,
  denoJson,
  firstTrainingArticle,
  load,
  median,
  NETLIFY_ENV_SHIM,
  numberArg,
  root,
  startDenoEdge,
  startLocalServer,
  stringArg,
} from './lib/local-server.mjs';

const HTTP = process.argv.includes('--http');
const PROCESSES = process.argv.includes('--processes');
const ROUNDS = numberArg('rounds', HTTP ? 12 : PROCESSES ? 6 : 20);
const RENDERS = numberArg('renders', 3000);
const REQUESTS = numberArg('requests', 400);
const BATCH = numberArg('batch', 40);
const against = stringArg('against');
if (!against) throw new Error('--against DIR: a built checkout (or an edge bundle) to compare with');
const other = (await stat(against)).isDirectory() ? path.join(against, 'dist/edge/render.js') : against;
const bundles = [path.join(root, 'dist/edge/render.js'), path.resolve(other)];

/** Runs in Deno: each bundle its own module instance, the pages rendered by each in turn. */
const SCRIPT = `
${NETLIFY_ENV_SHIM}
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

/** Runs in Deno, one build alone: warm, then each page rendered in turn; wall and CPU ms a render. */
const ALONE = `
${NETLIFY_ENV_SHIM}
const [article, renders, bundle] = Deno.args;
console.log = () => {};
const { default: render } = await import(bundle);
const cpu = () => {
  const stat = Deno.readTextFileSync('/proc/self/stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const pages = { home: '/', article };
async function once(page) {
  const res = await render(new Request(Deno.env.get('URL') + page), {});
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(page + ' answered ' + res.status);
}
for (const page of Object.values(pages)) for (let i = 0; i < 500; i++) await once(page);
const out = {};
for (const [name, page] of Object.entries(pages)) {
  const [started, cpuBefore] = [performance.now(), cpu()];
  for (let i = 0; i < Number(renders); i++) await once(page);
  out[name] = { wall: (performance.now() - started) / Number(renders), cpu: (cpu() - cpuBefore) / Number(renders) };
}
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(out) + '\\n'));
Deno.exit(0);
`;

/** A fresh Deno process per build and round, the builds in turn: paired wall and CPU ratios. */
async function inProcesses(server, article) {
  const script = path.join(tmpdir(), `bench-compare-alone-${process.pid}.mjs`);
  await writeFile(script, ALONE);
  console.log(
    `Edge render, this build against ${other} (Deno, a fresh process per build and round): ${ROUNDS} rounds of ${RENDERS} renders per build and page`,
  );
  const runs = [[], []];
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const i of round % 2 ? [1, 0] : [0, 1])
        runs[i].push(
          await denoJson(
            script,
            [article, String(RENDERS), pathToFileURL(bundles[i]).href],
            benchEdgeEnv(server.url),
          ),
        );
  } finally {
    await rm(script, { force: true });
  }
  console.log(
    'page    | this build wall, CPU ms/render | other build wall, CPU ms/render | this / other: wall, CPU',
  );
  for (const page of ['home', 'article']) {
    const of = (i, key) => median(runs[i].map((run) => run[page][key])).toFixed(3);
    const ratio = (key) => median(runs[0].map((run, j) => run[page][key] / runs[1][j][page][key])).toFixed(3);
    console.log(
      `${page.padEnd(7)} | ${`${of(0, 'wall')}, ${of(0, 'cpu')}`.padStart(30)} | ${`${of(1, 'wall')}, ${of(1, 'cpu')}`.padStart(31)} | ${ratio('wall')}, ${ratio('cpu')}`,
    );
  }
}

/** Over HTTP: each bundle behind Deno.serve, loaded in turn; paired CPU and rate ratios per page. */
async function overHttp(server, article) {
  console.log(
    `Edge over HTTP, this build against ${other} (Deno.serve, a process each): ${ROUNDS} rounds of ${REQUESTS} requests per build and page, concurrency 10`,
  );
  const edges = await Promise.all(bundles.map((bundle) => startDenoEdge(server.url, bundle)));
  try {
    const pages = { home: '/', article };
    for (const edge of edges)
      for (const page of Object.values(pages)) await load(edge.url + page, 300, 10, edge.pid);
    console.log(
      'page    | this build CPU ms/req, req/s | other build CPU ms/req, req/s | this / other: CPU, req/s',
    );
    for (const [name, page] of Object.entries(pages)) {
      const runs = edges.map(() => []);
      for (let round = 0; round < ROUNDS; round++)
        for (const i of round % 2 ? [1, 0] : [0, 1])
          runs[i].push(await load(edges[i].url + page, REQUESTS, 10, edges[i].pid));
      if (runs.flat().some((run) => run.failures > 0)) throw new Error(`${name}: some requests failed`);
      const of = (i, key) => median(runs[i].map((run) => run[key]));
      const ratio = (key) => median(runs[0].map((run, j) => run[key] / runs[1][j][key]));
      const cpu = runs.flat().every((run) => run.cpu !== null);
      const cell = (i) => `${cpu ? of(i, 'cpu').toFixed(2) : '-'}, ${of(i, 'rps').toFixed(0)}`;
      console.log(
        `${name.padEnd(7)} | ${cell(0).padStart(28)} | ${cell(1).padStart(29)} | ${cpu ? ratio('cpu').toFixed(3) : '-'}, ${ratio('rps').toFixed(3)}`,
      );
    }
  } finally {
    await Promise.all(edges.map((edge) => edge.stop()));
  }
}

/** In one Deno process: both bundles' renders, in batches, in turn. */
async function inProcess(server, article) {
  const script = path.join(tmpdir(), `bench-compare-${process.pid}.mjs`);
  await writeFile(script, SCRIPT);
  console.log(
    `Edge render, this build against ${other} (Deno, one process): ${ROUNDS} rounds of ${BATCH} renders per build and page`,
  );
  const [mine, theirs] = await denoJson(
    script,
    [article, String(ROUNDS), String(BATCH), ...bundles.map((b) => pathToFileURL(b).href)],
    benchEdgeEnv(server.url),
  ).finally(() => rm(script, { force: true }));
  console.log(
    'page    | this build ms/render | other build ms/render | this / other (median of paired rounds)',
  );
  for (const page of ['home', 'article']) {
    const ratio = median(mine[page].map((t, i) => t / theirs[page][i]));
    console.log(
      `${page.padEnd(7)} | ${median(mine[page]).toFixed(3).padStart(19)} | ${median(theirs[page]).toFixed(3).padStart(21)} | ${ratio.toFixed(3).padStart(38)}`,
    );
  }
}

const server = await startLocalServer({ LOCAL_CDN: 'off' });
try {
  const article = await firstTrainingArticle(server.url);
  await (HTTP
    ? overHttp(server, article)
    : PROCESSES
      ? inProcesses(server, article)
      : inProcess(server, article));
} finally {
  await server.stop();
}
