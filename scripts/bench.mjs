#!/usr/bin/env node
/**
 * Benchmark against the built site with a warm content cache (run `npm run bench`).
 * - requests/s and p50/p99 latency for the home page and an article page, each beside a static file
 *   of its own size served by the same server in the same run, in alternating rounds (the ratio is
 *   what to compare), and on Linux the server's CPU per request (read from /proc), whose ratio the
 *   load generator on the same machine does not disturb;
 * - HTML bytes and client JS bytes (gzip) per route: the JS a page loads before it is interactive
 *   (its entry and every module it preloads) against each template's budget (issue 15: article 115
 *   KB, the every-block article 125 KB, every other template 118 KB; exit code 1 when one is over),
 *   and, apart, the JS it loads later: its below-the-fold blocks (lazy hydration) and analytics.
 * Options: --requests N (per target and round, default 1000), --rounds R (default 3; the median
 * round is reported), --concurrency C (default 10), --articles N (scale the demo content; default:
 * the demo content as shipped); --bytes-only (skip throughput); --throughput-only (skip the bytes);
 * --runtime deno (pages and static files from the edge bundle under Deno, Netlify's edge runtime,
 * instead of the local server); --analyze (per-module breakdown of each page's JS from the source maps, also written to
 * dist/bundle-analysis.json; `npm run analyze` is `--bytes-only --analyze`).
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstMatch, numberArg, root, startLocalServer } from './lib/local-server.mjs';
import { gzipSync } from 'node:zlib';
import { analyzePage, formatPage } from './lib/bundle-analysis.mjs';

const arg = numberArg;
const REQUESTS = arg('requests', 1000);
const ROUNDS = arg('rounds', 3);
const CONCURRENCY = arg('concurrency', 10);
const ARTICLES = arg('articles', 0);
const BYTES_ONLY = process.argv.includes('--bytes-only');
const THROUGHPUT_ONLY = process.argv.includes('--throughput-only');
const RUNTIME = process.argv.includes('--runtime')
  ? process.argv[process.argv.indexOf('--runtime') + 1]
  : 'node';
if (RUNTIME !== 'node' && RUNTIME !== 'deno') throw new Error('--runtime: node or deno');
const ANALYZE = process.argv.includes('--analyze');
/** Issue 15's JS budgets (gzip, entry + preloads), by bench route; other templates 118 KB. */
const JS_BUDGETS = { home: 118, article: 115, blocks: 125 };
const budgetOf = (id) => (JS_BUDGETS[id] ?? 118) * 1024;

/**
 * Which renderer module draws each block, read from src/blocks/registry.tsx (`moduleOf`): with the
 * page's payload it tells which block chunks a page may load after hydrating.
 */
async function blockModuleMap() {
  const source = await readFile(path.join(root, 'src/blocks/registry.tsx'), 'utf8');
  const body = source.match(/const moduleOf[^=]*=\s*\{([^}]*)\}/)?.[1];
  if (!body) throw new Error('bench: moduleOf not found in src/blocks/registry.tsx');
  return new Map([...body.matchAll(/([a-z_]+):\s*'([a-z-]+)'/g)].map((m) => [m[1], m[2]]));
}

/** Component names of every block in some data (the same test as src/blocks/walk.ts). */
function blockNamesIn(value, names = new Set()) {
  if (Array.isArray(value)) for (const item of value) blockNamesIn(item, names);
  else if (typeof value === 'object' && value !== null) {
    if (
      typeof value.component === 'string' &&
      typeof value.uid === 'string' &&
      typeof value.props === 'object'
    )
      names.add(value.component);
    for (const child of Object.values(value)) blockNamesIn(child, names);
  }
  return names;
}

/** A built chunk's static imports (rolldown writes `from"./x.js"` / `import"./x.js"`), as /assets URLs. */
async function staticImports(url) {
  const code = await readFile(path.join(root, 'dist/public', url), 'utf8');
  const dir = path.posix.dirname(url);
  return [...code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((m) =>
    path.posix.join(dir, m[1]),
  );
}

/**
 * The CPU time (ms) a process has used so far, from /proc (Linux; null elsewhere). Clock ticks are
 * 1/100 s on Linux (USER_HZ). Fields 14 and 15 of /proc/<pid>/stat, counted after the command
 * name, which sits in parentheses and may hold spaces.
 */
async function cpuMs(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function load(url, requests, concurrency, pid) {
  const cpuBefore = await cpuMs(pid);
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpuMs(pid);
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const cpu = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / requests;
  return { rps: requests / seconds, p50: pct(50), p99: pct(99), failures, cpu };
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * `--runtime deno`: the built edge bundle (dist/edge/render.js, what Netlify runs) in Deno behind
 * `Deno.serve`, which also serves the static files the pages are compared with; the local server
 * only stands in for Storyblok and Shopify. Resolves to its origin and a stop function.
 */
const DENO_SERVER = `
globalThis.Netlify = { env: { toObject: () => Deno.env.toObject(), get: (name) => Deno.env.get(name) } };
const [bundle, publicDir] = Deno.args;
const { default: render } = await import(bundle);
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, async (request) => {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/bench-static-')) return render(request, {});
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' };
  return new Response(await Deno.readFile(publicDir + pathname), { headers });
});
`;

async function startDenoEdge(standIns) {
  const script = path.join(tmpdir(), `bench-edge-${process.pid}.mjs`);
  await writeFile(script, DENO_SERVER);
  const child = spawn(
    path.join(root, 'node_modules/.bin/deno'),
    [
      'run',
      '--quiet',
      '--no-prompt',
      '--allow-all',
      script,
      path.join(root, 'dist/edge/render.js'),
      path.join(root, 'dist/public'),
    ],
    {
      env: {
        ...process.env,
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        URL: 'https://bench.example',
        STORYBLOK_TOKEN: 'local-public-token',
        STORYBLOK_ENDPOINT: `${standIns}/v2`,
        SHOPIFY_STORE_DOMAIN: `${standIns}/_local/shopify`,
        SHOPIFY_STOREFRONT_TOKEN: 'local-storefront-token',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [, port] = await firstMatch(child, /listening (\d+)/, 'deno');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await rm(script, { force: true });
    },
  };
}

async function main() {
  const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8'));
  // The render itself is measured: the local CDN (which would answer every repeat from memory) is off.
  const server = await startLocalServer({
    LOCAL_CDN: 'off',
    ...(ARTICLES ? { DEMO_ARTICLES: String(ARTICLES) } : {}),
  });
  // Pages and the static files they are compared with come from `site`: the local server, or
  // with --runtime deno the edge bundle under Deno (bytes per route are read from the local server).
  const edge = RUNTIME === 'deno' ? await startDenoEdge(server.url) : null;
  const site = edge ?? server;
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap`)).text();
    const articlePath = sitemap.match(/href="(\/training\/[a-z0-9-]+)"/)?.[1];
    if (!articlePath) throw new Error('no article link on /sitemap');
    const targets = { home: '/', article: articlePath };

    const results = {};
    if (!BYTES_ONLY) {
      // Each page beside a static file of its own size (a copy of its HTML), from the same server.
      const statics = {};
      for (const [name, p] of Object.entries(targets)) {
        const file = `bench-static-${name}.html`;
        const html = Buffer.from(await (await fetch(site.url + p)).arrayBuffer());
        await writeFile(path.join(root, 'dist/public', file), html);
        statics[name] = `/${file}`;
      }
      console.log(
        `\nThroughput (${RUNTIME === 'deno' ? 'the edge bundle under Deno' : 'the local server, Node'}): ${ROUNDS} rounds of ${REQUESTS} requests per target, concurrency ${CONCURRENCY}${ARTICLES ? `, ${ARTICLES} articles` : ''}; median round`,
      );
      // Rounds alternate each page with its static file, so a slow spell of a shared machine
      // falls on both sides of a ratio; the median round of each is reported.
      // A first load at full concurrency runs slower whatever it is (new connections, the load
      // generator's own first compiles): each URL gets one, discarded, before the rounds.
      for (const [name, p] of Object.entries(targets))
        for (const url of [statics[name], p]) await load(site.url + url, 300, CONCURRENCY, site.pid);
      const rounds = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, p] of Object.entries(targets)) {
          for (const [key, url] of [
            [`static (${name})`, statics[name]],
            [name, p],
          ]) {
            (rounds[key] ??= []).push(await load(site.url + url, REQUESTS, CONCURRENCY, site.pid));
          }
        }
      }
      const median = (list, of) => [...list].sort((a, b) => of(a) - of(b))[Math.floor(list.length / 2)];
      for (const [key, list] of Object.entries(rounds)) {
        const cpu = list.some((x) => x.cpu === null) ? null : median(list, (x) => x.cpu).cpu;
        results[key] = { ...median(list, (x) => x.rps), cpu };
      }
      // The server's CPU per request (its median round) beside the rate: the rate also carries the
      // load generator, which shares this machine; the CPU is the server's alone (Linux only).
      console.log(
        'target            | req/s  | p50 ms | p99 ms | vs static of its size (req/s) | server CPU ms/req | vs static (CPU) | failures',
      );
      for (const [name, r] of Object.entries(results)) {
        const own = results[`static (${name})`];
        const failures = rounds[name].reduce((sum, x) => sum + x.failures, 0);
        const cpu = r.cpu === null ? '' : r.cpu.toFixed(2);
        const cpuRatio = own && own.cpu !== null && r.cpu ? (own.cpu / r.cpu).toFixed(2) : '';
        console.log(
          `${name.padEnd(17)} | ${r.rps.toFixed(0).padStart(6)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${(own ? (r.rps / own.rps).toFixed(2) : '').padStart(29)} | ${cpu.padStart(17)} | ${cpuRatio.padStart(15)} | ${failures}`,
        );
      }
    }

    if (THROUGHPUT_ONLY) return;
    console.log('\nBytes per route (gzip level 9)');
    console.log(
      'route     | HTML raw | HTML gzip | JS before interaction | budget |         | JS later: blocks, islands | analytics | HTML raw without the CSS',
    );
    const sizes = {};
    const analyses = {};
    const analysisCache = new Map();
    const fileGz = async (url) => gz(await readFile(path.join(root, 'dist/public', url)));
    // The stylesheet is inlined in every page's <head> (its raw size is part of each HTML raw).
    const inlineCss = Buffer.from(manifest.inlineCss ?? '', 'utf8');
    const cssGz = gz(inlineCss) + (await Promise.all(manifest.css.map(fileGz))).reduce((a, b) => a + b, 0);
    console.log(
      `(the inlined stylesheet: ${kb(inlineCss.length)} raw, ${kb(gz(inlineCss))} gzip on its own)`,
    );
    const moduleOf = await blockModuleMap();
    const analyticsFile = (await readdir(path.join(root, 'dist/public/assets/chunks'))).find((f) =>
      /^analytics-[\w-]+\.js$/.test(f),
    );
    const routePaths = {
      home: '/',
      article: articlePath,
      // An equipment article (a product block in its body).
      equipment: '/boxing-equipment/boxing-glove-size-guide',
      listing: '/training',
      category: '/c/training',
      topic: '/t/technique',
      author: '/author/marcus-bell',
      sitemap: '/sitemap',
      // The demo article that shows every content block (every widget's code).
      blocks: '/for-members/your-first-week-at-roundhouse',
    };
    const over = [];
    for (const [id, p] of Object.entries(routePaths)) {
      const html = Buffer.from(await (await fetch(server.url + p)).arrayBuffer());
      // What the page loads before it is interactive: its entry script and every module it
      // preloads (the route's chunks and the renderers of the blocks on its first screen).
      const text = html.toString('utf8');
      // (Fetched after the first paint: the bootstrap script lists them, as tests/support/page-modules.ts reads.)
      const listed = /document\.currentScript\.nonce,(\[[^\]]*\]),/.exec(text)?.[1];
      if (!listed) throw new Error(`no module list in the bootstrap script of ${p}`);
      const files = new Set([manifest.entry, ...JSON.parse(listed)]);
      let js = 0;
      for (const f of files) js += await fileGz(f);
      // What it loads later: the renderers of its other blocks (lazy hydration), then analytics.
      const payload = await (await fetch(`${server.url}/_payload${p === '/' ? '' : p}`)).json();
      const later = new Set();
      for (const name of blockNamesIn(payload.loaderData)) {
        const chunk = manifest.blocks?.[moduleOf.get(name)];
        if (!chunk) continue;
        for (const f of [chunk.file, ...chunk.imports]) if (!files.has(f)) later.add(f);
      }
      // The deferred islands every page has (the footer's sign-up form).
      for (const chunk of Object.values(manifest.islands ?? {}))
        for (const f of [chunk.file, ...chunk.imports]) if (!files.has(f)) later.add(f);
      let lazyJs = 0;
      for (const f of later) lazyJs += await fileGz(f);
      const analytics = new Set();
      if (analyticsFile) {
        const url = `/assets/chunks/${analyticsFile}`;
        analytics.add(url);
        for (const f of await staticImports(url)) if (!files.has(f) && !later.has(f)) analytics.add(f);
      }
      let analyticsJs = 0;
      for (const f of analytics) analyticsJs += await fileGz(f);
      const budget = budgetOf(id);
      const verdict = js <= budget ? 'within' : 'OVER';
      if (verdict === 'OVER') over.push(id);
      sizes[id] = {
        path: p,
        htmlRaw: html.length,
        htmlGzip: gz(html),
        jsGzip: js,
        budget,
        lazyJsGzip: lazyJs,
        analyticsGzip: analyticsJs,
      };
      console.log(
        `${id.padEnd(9)} | ${kb(html.length).padStart(8)} | ${kb(gz(html)).padStart(9)} | ${kb(js).padStart(21)} | ${String(budget / 1024).padStart(6)} | ${verdict.padEnd(7)} | ${kb(lazyJs).padStart(25)} | ${kb(analyticsJs).padStart(9)} | ${kb(html.length - (html.includes(inlineCss) ? inlineCss.length : 0)).padStart(24)}`,
      );
      if (ANALYZE) {
        const before = await analyzePage(root, path.join(root, 'dist/public'), [...files], analysisCache);
        const afterwards = await analyzePage(root, path.join(root, 'dist/public'), [...later], analysisCache);
        analyses[id] = { path: p, beforeInteraction: before, later: afterwards };
      }
    }
    if (ANALYZE) {
      for (const [id, { path: p, beforeInteraction, later }] of Object.entries(analyses)) {
        console.log(formatPage(`${id} (${p}), before interaction`, beforeInteraction, 30));
        if (later.files.length > 0)
          console.log(formatPage(`${id} (${p}), loaded later (deferred blocks)`, later, 15));
      }
      const entry = await analyzePage(root, path.join(root, 'dist/public'), [manifest.entry], analysisCache);
      console.log(formatPage(`the entry chunk (${manifest.entry}), on every page`, entry, 60));
      await writeFile(
        path.join(root, 'dist/bundle-analysis.json'),
        JSON.stringify(
          {
            note: 'min bytes per module from source maps; gzip attributed per chunk in proportion',
            entry,
            pages: analyses,
          },
          null,
          2,
        ),
      );
      console.log('\nwritten: dist/bundle-analysis.json');
    }
    console.log(
      over.length === 0
        ? '\nClient JS before interaction: every route within its budget'
        : `\nClient JS before interaction OVER budget: ${over.join(', ')}`,
    );
    await writeFile(path.join(root, 'dist/bench.json'), JSON.stringify({ results, sizes, cssGz }, null, 2));
    if (over.length > 0) process.exitCode = 1;
  } finally {
    await edge?.stop();
    await server.stop();
  }
}

await main();
