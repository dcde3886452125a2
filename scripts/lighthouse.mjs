#!/usr/bin/env node
/**
 * Lighthouse on every template (run `npm run lighthouse`; not part of `npm test`: its figures move
 * with the machine's load). Starts the built local server with its local CDN on, so pages and
 * assets are compressed as deployed, finds one page per template from `/sitemap`, and runs
 * Lighthouse (mobile, default simulated throttling; performance, accessibility, best practices,
 * SEO) on each, `--runs` times, each run in a fresh Chromium with a fresh profile, the pages taken
 * in turn (round-robin) so a busy spell of the machine spreads over all of them. It prints the
 * median run per page (Lighthouse's own choice: the run nearest the median FCP and TTI), what
 * costs points, and exits 1 when a median misses a threshold (the issue's goals by default).
 *
 * Options:
 *   --runs N            runs per page (default 3)
 *   --pages a,b         some of: home, article, equipment, blocks, category, topic, author,
 *                       listing, sitemap (default all)
 *   --url BASE          test a server already running (e.g. another build) instead of starting one
 *   --against BASE      also test another running server (say the build before a change), each
 *                       page on both in turn, which goes first alternating by round, so a busy spell
 *                       of the machine falls on both; prints both builds and, per page, each
 *                       metric's median before → after (the thresholds judge the first build only)
 *   --json FILE         write the medians, every run's scores and what costs points
 *   --lhr DIR           write each page's median Lighthouse result (open in the Lighthouse Viewer)
 *   --min-perf N, --min-a11y N, --min-bp N, --min-seo N      scores (default 100 each)
 *   --max-lcp MS (1500), --max-cls N (0, to 3 decimals), --max-tbt MS (50)
 *   --max-wait MS       Lighthouse's maxWaitForLoad (default 10000; see README "Lighthouse")
 *
 * The browser is the one the browser tests use (scripts/lib/find-chrome.mjs, shared with tests/support/browser.ts): CHROME_PATH, else the
 * npm-shipped @sparticuz/chromium on Linux x64, else a system Chrome.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
// chrome-launcher is Lighthouse's own launcher (a dependency of `lighthouse`), as its CLI uses it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { z } from 'zod';
import {
  DEFAULT_THRESHOLDS,
  PAGE_NAMES,
  costsOf,
  discoverPages,
  formatComparison,
  formatTable,
  median,
  scoresOf,
  sidesInTurn,
  unfinishedRequests,
  verdict,
} from './lib/lighthouse-report.mjs';
import { findChrome, QUIET_CHROME_ARGS } from './lib/find-chrome.mjs';
import { startLocalServer } from './lib/local-server.mjs';

const CHROME_FLAGS = ['--headless=new', ...QUIET_CHROME_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/**
 * Audits skipped because they cannot run on this browser: none. With Lighthouse 12.8.2 on Chromium
 * 143 no audit of the four categories errors on any template (the report still lists an audit that
 * errors, marked ERROR, and every run warning). `bf-cache` reports "not applicable" (Lighthouse 12
 * takes the headless shell's `HeadlessChrome` user agent for old headless) and weighs nothing.
 */
const SKIP_AUDITS = [];

const count = (fallback) => z.coerce.number().int().min(1).max(20).default(fallback);
const score = (fallback) => z.coerce.number().min(0).max(100).default(fallback);
const limit = (fallback) => z.coerce.number().min(0).default(fallback);
const Options = z.object({
  runs: count(3),
  pages: z
    .string()
    .default(PAGE_NAMES.join(','))
    .transform((s) => s.split(',').map((p) => p.trim()))
    .pipe(z.array(z.enum(PAGE_NAMES)).min(1)),
  url: z.url({ protocol: /^https?$/ }).optional(),
  against: z.url({ protocol: /^https?$/ }).optional(),
  json: z.string().min(1).optional(),
  lhr: z.string().min(1).optional(),
  'min-perf': score(DEFAULT_THRESHOLDS.minPerf),
  'min-a11y': score(DEFAULT_THRESHOLDS.minA11y),
  'min-bp': score(DEFAULT_THRESHOLDS.minBp),
  'min-seo': score(DEFAULT_THRESHOLDS.minSeo),
  'max-lcp': limit(DEFAULT_THRESHOLDS.maxLcpMs),
  'max-cls': limit(DEFAULT_THRESHOLDS.maxCls),
  'max-tbt': limit(DEFAULT_THRESHOLDS.maxTbtMs),
  'max-wait': z.coerce.number().int().min(5000).default(10_000),
});

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries(Object.keys(Options.shape).map((name) => [name, { type: 'string' }])),
      strict: true,
    }));
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : error}\nOptions: ${Object.keys(Options.shape)
        .map((o) => `--${o}`)
        .join(' ')} (see the top of scripts/lighthouse.mjs)`,
    );
    process.exit(2);
  }
  const parsed = Options.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path[0]}: ${issue.message}`);
    process.exit(2);
  }
  return parsed.data;
}

/** One Lighthouse run in a fresh browser with a fresh profile. */
async function runOnce(chromePath, url, maxWaitForLoad) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'roundhouse-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      maxWaitForLoad,
      // The full-page screenshot feeds the report's element thumbnails only, never a score: ~5 s a run.
      disableFullPageScreenshot: true,
      ...(SKIP_AUDITS.length ? { skipAudits: SKIP_AUDITS } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** Per page: the median run (Lighthouse's choice), every valid run's scores, costs, warnings, misses. */
function reportOf({ pages, lhrs, errors }, thresholds) {
  const report = [];
  for (const { name, path: p } of pages) {
    const valid = filterToValidRuns(lhrs[name]);
    const warnings = [...new Set(lhrs[name].flatMap((l) => l.runWarnings ?? []))];
    for (const l of lhrs[name]) if (l.runtimeError) warnings.push(`runtime error: ${l.runtimeError.message}`);
    const unfinished = [...new Set(lhrs[name].flatMap(unfinishedRequests))];
    if (unfinished.length)
      warnings.push(`never reported finished (Lighthouse waits for them): ${unfinished.join(', ')}`);
    warnings.push(...errors[name].map((e) => `run failed: ${e}`));
    if (valid.length === 0) {
      report.push({ name, path: p, median: null, runs: [], costs: [], warnings, misses: ['no valid run'] });
      continue;
    }
    const best = computeMedianRun(valid);
    const medianScores = scoresOf(best);
    report.push({
      name,
      path: p,
      median: medianScores,
      runs: valid.map(scoresOf),
      benchmarkIndex: median(valid.map((l) => l.environment.benchmarkIndex)),
      costs: costsOf(best),
      warnings,
      misses: verdict(medianScores, thresholds),
      lhr: best,
    });
  }
  return report;
}

/** A report as --json writes it: by page name, without the full Lighthouse result. */
const pagesJson = (report) => Object.fromEntries(report.map(({ lhr: _lhr, name, ...rest }) => [name, rest]));

async function main() {
  const options = readOptions();
  const thresholds = {
    minPerf: options['min-perf'],
    minA11y: options['min-a11y'],
    minBp: options['min-bp'],
    minSeo: options['min-seo'],
    maxLcpMs: options['max-lcp'],
    maxCls: options['max-cls'],
    maxTbtMs: options['max-tbt'],
  };
  const server = options.url ? null : await startLocalServer({ LOCAL_CDN: 'on' });
  const started = Date.now();
  try {
    const chromePath = await findChrome();
    // The build under test, and with --against the other one; each finds its own pages.
    const sides = [];
    for (const [label, url] of [
      ['this', options.url ?? server.url],
      ['against', options.against],
    ]) {
      if (!url) continue;
      const base = url.replace(/\/$/, '');
      const sitemap = await fetch(`${base}/sitemap`);
      if (!sitemap.ok) throw new Error(`${base}/sitemap answered ${sitemap.status}`);
      const all = discoverPages(await sitemap.text());
      const pages = options.pages.map((name) => ({ name, path: all[name] }));
      // Warm the CDN so every run sees what a visitor mostly sees: a cached, compressed page.
      let encoding = null;
      for (const { path: p } of pages) {
        const res = await fetch(base + p, { headers: { 'Accept-Encoding': 'br, gzip' } });
        await res.arrayBuffer();
        encoding ??= res.headers.get('content-encoding');
      }
      if (!encoding) console.warn(`warning: ${base} answers uncompressed: is the CDN off (LOCAL_CDN=off)?`);
      console.error(
        `Lighthouse on ${base}${label === 'against' ? ' (--against)' : ''} (${encoding ?? 'uncompressed'}), ${options.runs} run(s) per page, ${chromePath}`,
      );
      const byPage = (value) => Object.fromEntries(pages.map(({ name }) => [name, value()]));
      sides.push({ label, base, pages, lhrs: byPage(() => []), errors: byPage(() => []) });
    }

    for (let run = 1; run <= options.runs; run++) {
      for (const name of options.pages) {
        for (const side of sidesInTurn(run, sides)) {
          const { path: p } = side.pages.find((page) => page.name === name);
          const tag = sides.length > 1 ? ` (${side.label})` : '';
          const t = Date.now();
          try {
            const lhr = await runOnce(chromePath, side.base + p, options['max-wait']);
            side.lhrs[name].push(lhr);
            const s = scoresOf(lhr);
            console.error(
              `  ${name} run ${run}${tag}: perf ${s.perf} LCP ${Math.round(s.lcpMs)} ms TBT ${Math.round(s.tbtMs)} ms (${((Date.now() - t) / 1000).toFixed(0)} s)`,
            );
          } catch (error) {
            side.errors[name].push(error instanceof Error ? error.message : String(error));
            console.error(`  ${name} run ${run}${tag}: failed: ${side.errors[name].at(-1)}`);
          }
        }
      }
    }

    const [tested, other] = sides.map((side) => ({ ...side, report: reportOf(side, thresholds) }));
    const { base, report } = tested;
    const first = report.find((r) => r.lhr)?.lhr;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(
      `\nLighthouse ${first?.lighthouseVersion ?? '?'}, ${first?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? '?'}, mobile, simulated throttling; median of ${options.runs} run(s); ${new Date().toISOString()}; ${minutes} min`,
    );
    console.log(
      `benchmarkIndex (CPU; higher is faster): ${report.map((r) => `${r.name} ${r.benchmarkIndex ?? 'n/a'}`).join(', ')}`,
    );
    console.log(formatTable(report.filter((r) => r.median)));
    if (other) {
      console.log(`\n--against ${other.base}:`);
      console.log(formatTable(other.report.filter((r) => r.median)));
      console.log(`\nThe two builds, run in turn (--against ${other.base} → ${base}):`);
      console.log(
        formatComparison(
          report.map((r) => ({
            name: r.name,
            before: other.report.find((o) => o.name === r.name)?.runs ?? [],
            after: r.runs,
          })),
        ),
      );
    }
    for (const r of report) {
      console.log(
        `\n${r.name} ${r.path}${r.misses.length ? `  MISSES: ${r.misses.join('; ')}` : '  passes'}`,
      );
      for (const line of r.costs) console.log(`  ${line}`);
      for (const w of r.warnings) console.log(`  warning: ${w}`);
    }

    if (options.json) {
      const out = {
        base,
        date: new Date().toISOString(),
        lighthouseVersion: first?.lighthouseVersion,
        userAgent: first?.environment.hostUserAgent,
        runs: options.runs,
        thresholds,
        pages: pagesJson(report),
        ...(other ? { against: { base: other.base, pages: pagesJson(other.report) } } : {}),
      };
      await writeFile(options.json, `${JSON.stringify(out, null, 2)}\n`);
    }
    if (options.lhr) {
      await mkdir(options.lhr, { recursive: true });
      for (const r of report)
        if (r.lhr) await writeFile(path.join(options.lhr, `${r.name}.json`), JSON.stringify(r.lhr));
    }
    if (report.some((r) => r.misses.length)) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

await main();
