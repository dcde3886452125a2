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
 * --runtime node|deno (default deno: the pages and their static files from the edge bundle under
 * Deno, the runtime of Netlify's edge, which serves the site; node: from the local server, what
 * `npm start` and the tests run); --lengths 1,2,4,8 and --articles demo,2000,10000 (instead of the
 * above, a series: cost against the page's size and against the catalogue's, see `series`); --analyze (per-module breakdown of each page's JS from the source maps, also written to
 * dist/bundle-analysis.json; `npm run analyze` is `--bytes-only --analyze`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  firstTrainingArticle,
  load,
  median,
  numberArg,
  root,
  startDenoEdge,
  startLocalServer,
  stringArg,
} from './lib/local-server.mjs';
import { gzipSync } from 'node:zlib';
import { analyzePage, formatPage } from './lib/bundle-analysis.mjs';

const arg = numberArg;
const REQUESTS = arg('requests', 1000);
const ROUNDS = arg('rounds', 3);
const CONCURRENCY = arg('concurrency', 10);
/** `--articles N` scales the demo content; `--articles demo,2000,10000` is a series (below). */
const ARTICLES_ARG = stringArg('articles', '');
const ARTICLE_SERIES = ARTICLES_ARG.includes(',')
  ? ARTICLES_ARG.split(',').map((n) => (n === 'demo' ? 0 : Number(n)))
  : null;
if (ARTICLE_SERIES && !ARTICLE_SERIES.every((n) => Number.isInteger(n) && n >= 0 && n <= 100_000))
  throw new Error('--articles: a number of articles, or a comma-separated series of them (demo: as shipped)');
const ARTICLES = ARTICLE_SERIES ? 0 : arg('articles', 0);
const BYTES_ONLY = process.argv.includes('--bytes-only');
const THROUGHPUT_ONLY = process.argv.includes('--throughput-only');
const RUNTIME = stringArg('runtime', 'deno');
if (RUNTIME !== 'node' && RUNTIME !== 'deno') throw new Error('--runtime: node or deno');
const ANALYZE = process.argv.includes('--analyze');
const LENGTHS = stringArg('lengths')?.split(',').map(Number) ?? null;
if (LENGTHS && !LENGTHS.every((n) => Number.isInteger(n) && n >= 1 && n <= 64))
  throw new Error('--lengths: whole numbers from 1 to 64, comma-separated');
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

/** A target's rounds as one: the median round by rate, with the median CPU (null if any was unread). */
const medianRound = (list) => ({
  ...median(list, (x) => x.rps),
  cpu: list.some((x) => x.cpu === null) ? null : median(list, (x) => x.cpu).cpu,
});

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A series: the same pages on several local servers that differ in one demo scale, all started at
 * once and measured in the same rounds (each round takes every server in turn, each page beside a
 * static copy of its own HTML), so a slow spell of the machine falls on every point of the series.
 * `--lengths 1,2,4,8`: is the render's cost linear in the page's size? One article, its body said N
 * times over (`DEMO_ARTICLE_LENGTH`); then CPU per request = fixed + per-KB × HTML KB, fitted by
 * least squares, with each length's distance from the line. `--articles demo,2000,10000`: is it
 * flat in the catalogue's size? Home and the article at each scale (`DEMO_ARTICLES`).
 */
async function series() {
  const points = LENGTHS
    ? LENGTHS.map((n) => ({ label: `${n}×`, env: { DEMO_ARTICLE_LENGTH: String(n) } }))
    : ARTICLE_SERIES.map((n) => ({
        label: n ? `${n} articles` : 'demo',
        env: n ? { DEMO_ARTICLES: String(n) } : {},
      }));
  const pages = LENGTHS ? ['article'] : ['home', 'article'];
  console.log(
    `\n${LENGTHS ? 'Cost against page size: one article, its body said N times over' : "Cost against the catalogue's size: home and an article"} (${RUNTIME === 'deno' ? 'the edge bundle under Deno' : 'the local server, Node'}); ${ROUNDS} rounds of ${REQUESTS} requests per target, concurrency ${CONCURRENCY}, every point in each round; median round`,
  );
  const servers = await Promise.all(
    points.map((point) => startLocalServer({ LOCAL_CDN: 'off', ...point.env })),
  );
  // With --runtime deno each point's pages come from the edge bundle under Deno, its local server
  // only standing in for Storyblok and Shopify: the stand-in's stories (10,000 at that scale) are
  // then not in the rendering process's heap, as on Netlify.
  const edges = RUNTIME === 'deno' ? await Promise.all(servers.map((s) => startDenoEdge(s.url))) : [];
  const sites = RUNTIME === 'deno' ? edges : servers;
  try {
    // The same article at every point: the first point's.
    const articlePath = await firstTrainingArticle(servers[0].url);
    const targets = [];
    for (const [i, server] of sites.entries()) {
      for (const page of pages) {
        const pagePath = page === 'home' ? '/' : articlePath;
        const html = Buffer.from(await (await fetch(server.url + pagePath)).arrayBuffer());
        const file = `/bench-static-series-${i}-${page}.html`;
        await writeFile(path.join(root, 'dist/public', file), html);
        targets.push({
          point: points[i],
          page,
          server,
          bytes: html.length,
          urls: { static: file, page: pagePath },
        });
      }
    }
    for (const t of targets)
      for (const url of Object.values(t.urls)) await load(t.server.url + url, 300, CONCURRENCY, t.server.pid);
    for (let round = 0; round < ROUNDS; round++)
      for (const t of targets)
        for (const [key, url] of Object.entries(t.urls))
          ((t.rounds ??= {})[key] ??= []).push(
            await load(t.server.url + url, REQUESTS, CONCURRENCY, t.server.pid),
          );
    console.log(
      'point        | page    | HTML raw | req/s | vs static (req/s) | server CPU ms/req | static CPU ms/req | failures',
    );
    for (const t of targets) {
      const [page, copy] = [t.rounds.page, t.rounds.static].map(medianRound);
      t.cpu = page.cpu;
      const failures = t.rounds.page.reduce((sum, x) => sum + x.failures, 0);
      console.log(
        `${t.point.label.padEnd(12)} | ${t.page.padEnd(7)} | ${kb(t.bytes).padStart(8)} | ${page.rps.toFixed(0).padStart(5)} | ${(page.rps / copy.rps).toFixed(2).padStart(17)} | ${(t.cpu?.toFixed(2) ?? '').padStart(17)} | ${(copy.cpu?.toFixed(2) ?? '').padStart(17)} | ${failures}`,
      );
    }
    if (targets.some((t) => t.cpu === null)) return;
    if (!LENGTHS) {
      for (const page of pages) {
        const cpus = targets.filter((t) => t.page === page).map((t) => t.cpu);
        console.log(
          `${page}: server CPU per request from ${Math.min(...cpus).toFixed(2)} to ${Math.max(...cpus).toFixed(2)} ms across the series (the largest ${((Math.max(...cpus) / Math.min(...cpus) - 1) * 100).toFixed(0)}% above the smallest)`,
        );
      }
      return;
    }
    // Least squares: cpu = fixed + perKb × KB.
    const xs = targets.map((t) => t.bytes / 1024);
    const ys = targets.map((t) => t.cpu);
    const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, my] = [mean(xs), mean(ys)];
    const perKb =
      xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) /
      xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    const fixed = my - perKb * mx;
    const off = targets.map(
      (t, i) => `${t.point.label}: ${(((ys[i] - (fixed + perKb * xs[i])) / ys[i]) * 100).toFixed(1)}%`,
    );
    console.log(
      `fit: server CPU ms/req = ${fixed.toFixed(2)} + ${(perKb * 1000).toFixed(1)} µs × HTML KB; each length's distance from the line: ${off.join(', ')}`,
    );
  } finally {
    await Promise.all([...edges, ...servers].map((server) => server.stop()));
  }
}

async function main() {
  if (LENGTHS || ARTICLE_SERIES) return series();
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
    const articlePath = await firstTrainingArticle(server.url);
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
      for (const [key, list] of Object.entries(rounds)) {
        results[key] = medianRound(list);
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
