#!/usr/bin/env node
/**
 * Benchmark against the built site with a warm content cache (run `npm run bench`).
 * - requests/s and p50/p99 latency for the home page and an article page, beside a static file of
 *   the same size served by the same server in the same run (the ratio is what to compare);
 * - HTML bytes and client JS bytes (gzip) per route, against the article JS budget (115 KB gzip).
 * Options: --requests N (per target, default 1500), --concurrency C (default 10), --articles N
 * (scale the demo content; default: the demo content as shipped).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { numberArg, root, startLocalServer } from './lib/local-server.mjs';
import { gzipSync } from 'node:zlib';

const arg = numberArg;
const REQUESTS = arg('requests', 1500);
const CONCURRENCY = arg('concurrency', 10);
const ARTICLES = arg('articles', 0);
const JS_BUDGET = 115 * 1024;

async function load(url, requests, concurrency) {
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
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: requests / seconds, p50: pct(50), p99: pct(99), failures };
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8'));
  // The render itself is measured: the local CDN (which would answer every repeat from memory) is off.
  const server = await startLocalServer({
    LOCAL_CDN: 'off',
    ...(ARTICLES ? { DEMO_ARTICLES: String(ARTICLES) } : {}),
  });
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap`)).text();
    const articlePath = sitemap.match(/href="(\/training\/[a-z0-9-]+)"/)?.[1];
    if (!articlePath) throw new Error('no article link on /sitemap');
    const targets = { home: '/', article: articlePath };

    // Warm the content cache and the JIT.
    for (const p of Object.values(targets))
      for (let i = 0; i < 30; i++) await (await fetch(server.url + p)).text();

    const articleHtml = Buffer.from(await (await fetch(server.url + articlePath)).arrayBuffer());
    await writeFile(path.join(root, 'dist/public/bench-static.html'), articleHtml);
    await (await fetch(`${server.url}/bench-static.html`)).arrayBuffer();

    console.log(
      `\nThroughput: ${REQUESTS} requests per target, concurrency ${CONCURRENCY}${ARTICLES ? `, ${ARTICLES} articles` : ''}`,
    );
    const results = {};
    const staticResult = await load(`${server.url}/bench-static.html`, REQUESTS, CONCURRENCY);
    for (const [name, p] of Object.entries(targets))
      results[name] = await load(server.url + p, REQUESTS, CONCURRENCY);
    results.static = staticResult;
    console.log('target   | req/s  | p50 ms | p99 ms | vs static (req/s) | failures');
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `${name.padEnd(8)} | ${r.rps.toFixed(0).padStart(6)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${(r.rps / staticResult.rps).toFixed(2).padStart(17)} | ${r.failures}`,
      );
    }

    console.log('\nBytes per route (gzip level 9)');
    console.log('route    | HTML raw | HTML gzip | JS gzip (entry + preloaded modules) | CSS gzip');
    const sizes = {};
    const fileGz = async (url) => gz(await readFile(path.join(root, 'dist/public', url)));
    const cssGz = (await Promise.all(manifest.css.map(fileGz))).reduce((a, b) => a + b, 0);
    const routePaths = {
      home: '/',
      article: articlePath,
      listing: '/training',
      category: '/c/training',
      sitemap: '/sitemap',
      // The demo article that shows every content block (every widget's code).
      blocks: '/for-members/your-first-week-at-roundhouse',
    };
    for (const [id, p] of Object.entries(routePaths)) {
      const html = Buffer.from(await (await fetch(server.url + p)).arrayBuffer());
      // What the page really loads: its entry script and every module it preloads (the route's
      // chunks and the renderers of the blocks it shows).
      const text = html.toString('utf8');
      const files = new Set([
        manifest.entry,
        ...[...text.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)].map((m) => m[1]),
      ]);
      let js = 0;
      for (const f of files) js += await fileGz(f);
      sizes[id] = { htmlRaw: html.length, htmlGzip: gz(html), jsGzip: js };
      console.log(
        `${id.padEnd(8)} | ${kb(html.length).padStart(8)} | ${kb(gz(html)).padStart(9)} | ${kb(js).padStart(35)} | ${kb(cssGz).padStart(8)}`,
      );
    }
    const verdict = sizes.article.jsGzip <= JS_BUDGET ? 'within' : 'OVER';
    console.log(
      `\nArticle client JS ${kb(sizes.article.jsGzip)} gzip: ${verdict} the ${kb(JS_BUDGET)} budget`,
    );
    await writeFile(path.join(root, 'dist/bench.json'), JSON.stringify({ results, sizes, cssGz }, null, 2));
    if (verdict === 'OVER') process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
