#!/usr/bin/env node
/**
 * The sitemap and feeds at scale, measured where they run: the built edge bundle
 * (dist/edge/render.js) under Deno, Netlify's edge runtime, reading the built local server's
 * Storyblok stand-in over loopback with `DEMO_ARTICLES` articles (run `npm run bench:sitemap`).
 *
 * Per target, a fresh Deno process asks twice: cold (the content client's memory cache empty, as
 * after a publish) and warm (the same isolate again). It prints the time to the response headers
 * and to the last byte, the CPU time of the isolate over the request (what Netlify's 50 ms limit
 * counts; waiting for Storyblok is not CPU), peak RSS and heap, bytes and `<url>`/`<item>` counts,
 * and checks that every article is listed exactly once.
 * Options: --articles N (default 10000), --urls N (SITEMAP_URLS_PER_FILE, default 1000).
 */
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { denoJson, NETLIFY_ENV_SHIM, numberArg, root, startLocalServer } from './lib/local-server.mjs';

const ARTICLES = numberArg('articles', 10_000);
const URLS = numberArg('urls', 1_000);
const ORIGIN = 'https://bench.example';

const probe = `
${NETLIFY_ENV_SHIM}
import process from 'node:process';
const { default: render } = await import(${JSON.stringify(path.join(root, 'dist/edge/render.js'))});
const [url, warmUp] = Deno.args;
const rounds = [];
// The JS thread's own CPU time (ns, from the scheduler): what runs the scripts, which Netlify's limit
// counts; the process total adds Deno's network and GC threads.
const threadNs = () => Number(Deno.readTextFileSync('/proc/self/task/' + Deno.pid + '/schedstat').split(' ')[0]);
// Sampling memory costs CPU itself (Deno.memoryUsage reads /proc): measure one sample, subtract them all.
const calibrate = process.cpuUsage();
for (let i = 0; i < 200; i++) Deno.memoryUsage();
const spent = process.cpuUsage(calibrate);
const perSample = (spent.user + spent.system) / 1000 / 200;
// A page first (its JIT, zod and fetch warm, the nav's lists cached): the target then finds a warm
// isolate with its own content uncached, as after a publish.
if (warmUp) await (await render(new Request(warmUp), {})).text();
for (const round of [warmUp ? 'cold content' : 'cold isolate', 'warm']) {
  const base = Deno.memoryUsage();
  let peakRss = base.rss, peakHeap = base.heapUsed;
  let samples = 0;
  const sample = () => {
    samples += 1;
    const m = Deno.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const cpu = process.cpuUsage();
  const thread0 = threadNs();
  const t0 = performance.now();
  const res = await render(new Request(url), {});
  const tHeaders = performance.now() - t0;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0, text = '', chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length; chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
  const tDone = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const threadMs = (threadNs() - thread0) / 1e6 - samples * perSample;
  clearInterval(timer);
  sample();
  const locs = [...text.matchAll(/<loc>([^<]*)<\\/loc>/g)].map((m) => m[1]);
  rounds.push({
    round, status: res.status, tHeaders, tDone, cpuMs: (used.user + used.system) / 1000 - samples * perSample, threadMs,
    rssMB: peakRss / 1048576, heapDeltaMB: (peakHeap - base.heapUsed) / 1048576,
    bytes, chunks, urls: (text.match(/<url>/g) ?? []).length, sitemaps: (text.match(/<sitemap>/g) ?? []).length,
    items: (text.match(/<item>/g) ?? []).length, locs: rounds.length === 0 ? locs : [],
    tags: res.headers.get('netlify-cache-tag'), cdn: res.headers.get('netlify-cdn-cache-control'),
  });
}
console.log(JSON.stringify(rounds));
Deno.exit(0);
`;

const inDeno = (script, url, env, warmUp) => denoJson(script, [url, ...(warmUp ? [warmUp] : [])], env);

const mb = (n) => `${n.toFixed(1)} MB`;
const ms = (n) => `${n.toFixed(0)} ms`;

async function main() {
  const server = await startLocalServer({ LOCAL_CDN: 'off', DEMO_ARTICLES: String(ARTICLES) });
  const script = path.join(tmpdir(), `bench-sitemap-${process.pid}.mjs`);
  await writeFile(script, probe);
  const env = {
    STORYBLOK_TOKEN: 'local-public-token',
    STORYBLOK_ENDPOINT: `${server.url}/v2`,
    URL: ORIGIN,
    SITEMAP_URLS_PER_FILE: String(URLS),
  };
  try {
    console.log(
      `\nSitemap and feeds under Deno (dist/edge/render.js), ${ARTICLES} articles, ${URLS} URLs per sitemap file`,
    );
    console.log(
      'target                      | round        | status | headers | last byte | JS CPU  | all CPU | peak RSS | heap +   | bytes     | urls/items',
    );
    /** Fresh isolate (cold everything), then a warm isolate with the target's content uncached, then warm. */
    const measure = async (url) => {
      const first = await inDeno(script, url, env);
      const afterPage = await inDeno(script, url, env, `${ORIGIN}/`);
      return [first[0], afterPage[0], afterPage[1]];
    };
    const report = async (target, rounds) => {
      for (const r of rounds)
        console.log(
          `${target.padEnd(27)} | ${r.round.padEnd(12)} | ${String(r.status).padEnd(6)} | ${ms(r.tHeaders).padStart(7)} | ${ms(r.tDone).padStart(9)} | ${ms(r.threadMs).padStart(7)} | ${ms(r.cpuMs).padStart(7)} | ${mb(r.rssMB).padStart(8)} | ${mb(r.heapDeltaMB).padStart(8)} | ${String(r.bytes).padStart(9)} | ${r.urls || r.sitemaps || r.items}`,
        );
    };
    const sitemap = await measure(`${ORIGIN}/sitemap.xml`);
    await report('/sitemap.xml', sitemap);
    let articleLocs = sitemap[0].locs;
    // An index: each shard in its own cold isolate, as the CDN would fetch them.
    for (const shard of sitemap[0].sitemaps > 0 ? sitemap[0].locs : []) {
      const rounds = await measure(shard);
      await report(new URL(shard).pathname, rounds);
      articleLocs = articleLocs.concat(rounds[0].locs);
    }
    for (const feed of ['/feed.xml', '/c/training/feed.xml'])
      await report(feed, await measure(`${ORIGIN}${feed}`));
    // The HTML sitemap: 100 articles a page, so page 1 and a page from the middle cost the same
    // whatever the catalogue's size.
    const middle = Math.max(2, Math.floor(ARTICLES / 200));
    for (const target of ['/sitemap', `/sitemap?page=${middle}`])
      await report(`${target} (HTML)`, await measure(`${ORIGIN}${target}`));
    // For scale: a page's render, measured the same way (its warm-up is the sitemap page).
    const page = async (target) => {
      const first = await inDeno(script, `${ORIGIN}${target}`, env);
      const after = await inDeno(script, `${ORIGIN}${target}`, env, `${ORIGIN}/sitemap`);
      return [first[0], after[0], after[1]];
    };
    await report('/ (home page, HTML)', await page('/'));
    const articles = articleLocs.filter(
      (loc) =>
        /^https:\/\/bench\.example\/[a-z0-9-]+\/[a-z0-9-]+$/.test(loc) && !/\/(c|t|author|p)\//.test(loc),
    );
    const unique = new Set(articles);
    console.log(
      `\narticle URLs listed: ${articles.length}, distinct: ${unique.size} (expected ${ARTICLES} visible articles, less any scheduled ahead)`,
    );
    if (unique.size !== articles.length) process.exitCode = 1;
  } finally {
    await rm(script, { force: true });
    await server.stop();
  }
}

await main();
