#!/usr/bin/env node
/**
 * Main-thread cost of loading a page and the delay of a first input, in headless Chromium with the
 * CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), phone viewport, no network throttling:
 *  - TBT-like: the sum of (duration − 50 ms) of every long task from navigation until the page is
 *    hydrated and then 3 s have passed (lazy blocks' code and hydration included: it still counts);
 *    and, apart, the part of it from long tasks that started before the page was hydrated;
 *  - first contentful paint, in a new tab as a visitor's link opens one (Paint Timing);
 *  - time to hydrated (`data-hydrated` on <html>);
 *  - input delay: a first-screen control (the header's menu button) is clicked as soon as the page is
 *    hydrated; Event Timing's processingStart − startTime of that first input (first-input entry;
 *    INP-like), with the event's whole duration beside it.
 * Median of N runs per page. Usage:
 *   node scripts/measure-interactivity.mjs [--runs 5] [--url http://host:port] [--label after]
 *     [--against http://host:port]
 * Without --url it starts this worktree's built server (`npm run build` first). With --against, the
 * other site's loads alternate with these, one table each. Figures for notes,
 * never asserted in tests (noisy machines).
 */
import { chromium } from 'playwright-core';
import { findChrome, QUIET_CHROME_ARGS } from './lib/find-chrome.mjs';
import { numberArg, startLocalServer, stringArg } from './lib/local-server.mjs';

const RUNS = numberArg('runs', 5);
const urlArg = stringArg('url', null);
const labelArg = stringArg('label', '');
const againstArg = stringArg('against', null);
const PAGES = {
  blocks: '/for-members/your-first-week-at-roundhouse',
  home: '/',
  article: '/training/how-to-throw-a-jab',
};

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: false });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window;
    w.__long = [];
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__events.push({
          name: e.name,
          start: e.startTime,
          processingStart: e.processingStart,
          duration: e.duration,
        });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    // The first input is recorded whatever its duration.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__first = {
          name: e.name,
          start: e.startTime,
          processingStart: e.processingStart,
          duration: e.duration,
        };
    }).observe({ type: 'first-input', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return;
      w.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
    timeout: 60_000,
  });
  // The first interaction, at once: the header's menu button (first screen on a phone).
  await page.locator('header').getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  await page.waitForTimeout(3000);
  const result = await page.evaluate(() => {
    const w = window;
    const tbt = w.__long.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    // Blocking before the page answers input: long tasks that started before it was hydrated.
    const tbtToHydrated = w.__long
      .filter((t) => t.start < w.__hydratedAt)
      .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    const click =
      w.__first ??
      w.__events.find((e) => e.name === 'click' || e.name === 'pointerdown' || e.name === 'pointerup');
    return {
      tbt,
      tbtToHydrated,
      longTasks: w.__long.length,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      hydratedAt: w.__hydratedAt,
      inputDelay: click ? click.processingStart - click.start : 0,
      eventDuration: click ? click.duration : 0,
    };
  });
  await context.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = urlArg ? null : await startLocalServer({ LOCAL_CDN: 'off' });
const base = urlArg ?? server.url;
/** Each site measured, with its runs per page. */
const sides = [{ label: labelArg, base, runs: {} }];
if (againstArg) sides.push({ label: 'against', base: againstArg, runs: {} });
const browser = await chromium.launch({ executablePath: await findChrome(), args: QUIET_CHROME_ARGS });
try {
  for (const [name, path] of Object.entries(PAGES)) {
    for (const side of sides) side.runs[name] = [];
    // With --against, the two sites' loads take turns, so a busy spell on the machine hits both.
    for (let i = 0; i < RUNS; i++)
      for (const side of sides) side.runs[name].push(await measure(browser, side.base + path));
  }
  for (const { label, base: site, runs: byPage } of sides) {
    console.log(`${label} ${site}: CPU 4×, 390×844, median of ${RUNS}`);
    console.log(
      'page     | TBT-like ms | of which before hydrated | long tasks | first paint ms | hydrated at ms | first click input delay ms (event duration)',
    );
    for (const [name, runs] of Object.entries(byPage)) {
      const m = (key) => median(runs.map((r) => r[key]));
      console.log(
        `${name.padEnd(8)} | ${m('tbt').toFixed(0).padStart(11)} | ${m('tbtToHydrated').toFixed(0).padStart(24)} | ${String(m('longTasks')).padStart(10)} | ${m('firstPaint').toFixed(0).padStart(14)} | ${m('hydratedAt').toFixed(0).padStart(14)} | ${m('inputDelay').toFixed(1)} (${m('eventDuration').toFixed(0)})`,
      );
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}
