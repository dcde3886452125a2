/**
 * The interactive widgets in real Chromium: carousel drag, touch swipe, timers, reduced motion and
 * the narrow dot window; video modes with a real (generated) WebM clip; the spinner's scroll lock;
 * the anchor button's eased scroll, focus and hash. The harness page (harness/interactive/entry.tsx)
 * is bundled with esbuild and served from a throwaway node:http server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser';

let browser: Browser;
let server: Server;
let baseUrl: string;

/** Record a short WebM (alternating brand colours) with MediaRecorder, so video tests play real media. */
async function recordClip(b: Browser): Promise<Buffer> {
  const page = await b.newPage();
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.start(250);
    let frame = 0;
    const draw = setInterval(() => {
      ctx.fillStyle = frame++ % 2 ? '#e10600' : '#111214';
      ctx.fillRect(0, 0, 64, 36);
    }, 60);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    clearInterval(draw);
    await new Promise((resolve) => {
      recorder.onstop = resolve;
      recorder.stop();
    });
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
    return btoa(binary);
  });
  await page.close();
  return Buffer.from(base64, 'base64');
}

beforeAll(async () => {
  const [bundle, launched] = await Promise.all([
    esbuild.build({
      entryPoints: [fileURLToPath(new URL('./harness/interactive/entry.tsx', import.meta.url))],
      bundle: true,
      format: 'esm',
      write: false,
      outdir: '/harness',
      jsx: 'automatic',
      loader: { '.css': 'css' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    }),
    launchBrowser(),
  ]);
  browser = launched;
  const clip = await recordClip(browser);
  const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))!.text;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Harness</title>
<link rel="stylesheet" href="/entry.css"></head><body><div id="root"></div>
<script type="module" src="/entry.js"></script></body></html>`;
  const routes: Record<string, [string, string | Buffer]> = {
    '/': ['text/html; charset=utf-8', html],
    '/entry.js': ['text/javascript; charset=utf-8', js],
    '/entry.css': ['text/css; charset=utf-8', css],
    '/clip.webm': ['video/webm', clip],
  };
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': route[0], 'cache-control': 'no-store' }).end(route[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const CLOCK_START = Date.UTC(2026, 0, 1);

type OpenOptions = { width?: number; reducedMotion?: boolean; clock?: boolean; touch?: boolean };

async function open({ width = 1280, reducedMotion = false, clock = false, touch = false }: OpenOptions = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width, height: 800 },
    hasTouch: touch,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  if (clock) await page.clock.install({ time: CLOCK_START });
  await page.goto(baseUrl);
  await page.getByRole('heading', { name: 'Interactive widgets' }).waitFor();
  if (clock) {
    // Freeze the page's clock (timers due by then fire at most once), then drive it with runFor.
    await page.clock.pauseAt(CLOCK_START + 60_000);
    await page.waitForTimeout(100);
  }
  return { page, context };
}

function carousel(page: Page, name: string) {
  return page.getByRole('region', { name });
}

/** 0-based index of the carousel's current slide, from its dots. */
async function currentSlide(page: Page, name: string): Promise<number> {
  return carousel(page, name)
    .locator('.carousel__dot')
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
}

/** Viewport-relative left edge of slide `index` minus the carousel viewport's left edge. */
async function slideOffset(page: Page, name: string, index: number): Promise<number> {
  return carousel(page, name).evaluate((section, i) => {
    const viewport = section.querySelector('.carousel__viewport')!.getBoundingClientRect();
    const slide = section.querySelectorAll('.carousel__slide')[i]!.getBoundingClientRect();
    return Math.round(slide.left - viewport.left);
  }, index);
}

describe('carousel', () => {
  test('mouse drag follows the pointer and snaps past 0.3 of the width, else snaps back', async () => {
    const { page, context } = await open();
    const viewport = carousel(page, 'Drag carousel').locator('.carousel__viewport');
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const startX = box.x + box.width * 0.75;
    const dragBy = async (dx: number, release = true) => {
      await page.mouse.move(startX, y);
      await page.mouse.down();
      await page.mouse.move(startX + dx, y, { steps: 8 });
      if (release) await page.mouse.up();
    };

    // Mid-drag the track follows the pointer.
    await dragBy(-100, false);
    expect(await slideOffset(page, 'Drag carousel', 0)).toBe(-100);
    await page.mouse.up();
    await page.waitForFunction(() => !document.querySelector('.carousel.is-dragging'));
    expect(await currentSlide(page, 'Drag carousel')).toBe(0); // 100px < 0.3 × width: snaps back

    await dragBy(-(box.width * 0.3 + 20));
    expect(await currentSlide(page, 'Drag carousel')).toBe(1);
    await expect.poll(() => slideOffset(page, 'Drag carousel', 1)).toBe(0);

    // The click that ends a drag does not follow the link under the pointer.
    expect(new URL(page.url()).hash).toBe('');

    await dragBy(box.width * 0.3 + 20);
    expect(await currentSlide(page, 'Drag carousel')).toBe(0);
    // Not infinite: dragging right at the first slide stays there.
    await dragBy(box.width * 0.5);
    expect(await currentSlide(page, 'Drag carousel')).toBe(0);
    await expect.poll(() => slideOffset(page, 'Drag carousel', 0)).toBe(0);
    await context.close();
  });

  test('a touch swipe snaps to the next slide; a short one snaps back', async () => {
    const { page, context } = await open({ width: 480, touch: true });
    const viewport = carousel(page, 'Drag carousel').locator('.carousel__viewport');
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const swipe = async (dx: number) => {
      const y = Math.round(box.y + box.height / 2);
      const x0 = Math.round(box.x + box.width * 0.8);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: Math.round(x0 + (dx * i) / 10), y }],
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(-box.width * 0.2);
    await expect.poll(() => currentSlide(page, 'Drag carousel')).toBe(0);
    await swipe(-box.width * 0.45);
    await expect.poll(() => currentSlide(page, 'Drag carousel')).toBe(1);
    await expect.poll(() => slideOffset(page, 'Drag carousel', 1)).toBe(0);
    await context.close();
  });

  test('arrows: disabled at the ends without infinite looping', async () => {
    const { page, context } = await open();
    const region = carousel(page, 'Drag carousel');
    const next = region.getByRole('button', { name: 'Next slide' });
    const prev = region.getByRole('button', { name: 'Previous slide' });
    expect(await prev.getAttribute('aria-disabled')).toBe('true');
    await next.click();
    await next.click();
    expect(await currentSlide(page, 'Drag carousel')).toBe(2);
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    await next.click({ force: true }); // aria-disabled: Playwright would otherwise wait for it
    expect(await currentSlide(page, 'Drag carousel')).toBe(2);
    await context.close();
  });

  test('timer_on_load advances every 2 s on a wide screen; timer_on_hover only while hovered', async () => {
    const { page, context } = await open({ clock: true });
    await page.mouse.move(5, 5);
    const base = await currentSlide(page, 'Load timer carousel');
    await page.clock.runFor(1900);
    expect(await currentSlide(page, 'Load timer carousel')).toBe(base);
    await page.clock.runFor(200);
    expect(await currentSlide(page, 'Load timer carousel')).toBe((base + 1) % 3);
    await page.clock.runFor(2000);
    expect(await currentSlide(page, 'Load timer carousel')).toBe((base + 2) % 3);
    expect(await currentSlide(page, 'Hover timer carousel')).toBe(0);

    const hover = carousel(page, 'Hover timer carousel');
    await hover.locator('.carousel__viewport').hover();
    await page.clock.runFor(2100);
    expect(await currentSlide(page, 'Hover timer carousel')).toBe(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(6000);
    expect(await currentSlide(page, 'Hover timer carousel')).toBe(1);

    // The stop button halts the load timer.
    await carousel(page, 'Load timer carousel')
      .getByRole('button', { name: 'Stop automatic slide show' })
      .click();
    await page.mouse.move(5, 5);
    const at = await currentSlide(page, 'Load timer carousel');
    await page.clock.runFor(6000);
    expect(await currentSlide(page, 'Load timer carousel')).toBe(at);
    await context.close();
  });

  test('timer_on_load does not run on narrow screens', async () => {
    const { page, context } = await open({ width: 900, clock: true });
    await page.clock.runFor(6000);
    expect(await currentSlide(page, 'Load timer carousel')).toBe(0);
    await context.close();
  });

  test('reduced motion: no auto-advance and no rotation control', async () => {
    const { page, context } = await open({ reducedMotion: true, clock: true });
    await carousel(page, 'Hover timer carousel').locator('.carousel__viewport').hover();
    await page.clock.runFor(6000);
    expect(await currentSlide(page, 'Load timer carousel')).toBe(0);
    expect(await currentSlide(page, 'Hover timer carousel')).toBe(0);
    expect(await page.getByRole('button', { name: /automatic slide show/ }).count()).toBe(0);
    await context.close();
  });

  test('narrow screens show a window of 5 dots when there are more than 6 slides', async () => {
    const visibleDots = (page: Page) =>
      carousel(page, 'Many slides carousel')
        .locator('.carousel__dot')
        .evaluateAll((dots) => dots.flatMap((d, i) => ((d as HTMLElement).offsetParent === null ? [] : [i])));
    const narrow = await open({ width: 600 });
    expect(await visibleDots(narrow.page)).toEqual([0, 1, 2, 3, 4]);
    await carousel(narrow.page, 'Many slides carousel').getByRole('button', { name: 'Slide 5:' }).click();
    expect(await visibleDots(narrow.page)).toEqual([2, 3, 4, 5, 6]);
    await narrow.context.close();
    const wide = await open({ width: 1280 });
    expect(await visibleDots(wide.page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await wide.context.close();
  });
});

describe('video', () => {
  const state = (page: Page, title: string) =>
    page.getByRole('group', { name: title }).evaluate((group) => {
      const video = group.querySelector('video')!;
      return { paused: video.paused, muted: video.muted };
    });

  test('onClick toggles play and pause; the visitor toggles mute', async () => {
    const { page, context } = await open();
    const group = page.getByRole('group', { name: 'Click video' });
    await group.getByRole('button', { name: 'Play Click video' }).click();
    await expect.poll(async () => (await state(page, 'Click video')).paused).toBe(false);
    await group.getByRole('button', { name: 'Pause Click video' }).click();
    await expect.poll(async () => (await state(page, 'Click video')).paused).toBe(true);
    expect((await state(page, 'Click video')).muted).toBe(false);
    await group.getByRole('button', { name: 'Mute' }).click();
    expect((await state(page, 'Click video')).muted).toBe(true);
    await context.close();
  });

  test('onHover plays while the pointer is over the video and pauses when it leaves', async () => {
    const { page, context } = await open();
    const group = page.getByRole('group', { name: 'Hover video' });
    await group.scrollIntoViewIfNeeded();
    expect((await state(page, 'Hover video')).paused).toBe(true);
    await group.hover();
    await expect.poll(async () => (await state(page, 'Hover video')).paused).toBe(false);
    await page.mouse.move(2, 2);
    await expect.poll(async () => (await state(page, 'Hover video')).paused).toBe(true);
    await context.close();
  });

  test('auto plays muted on load (within the autoplay policy), but not with reduced motion', async () => {
    const { page, context } = await open();
    await expect.poll(async () => state(page, 'Auto video')).toEqual({ paused: false, muted: true });
    await context.close();

    const reduced = await open({ reducedMotion: true });
    await reduced.page.waitForTimeout(500);
    expect((await state(reduced.page, 'Auto video')).paused).toBe(true);
    await reduced.context.close();
  });
});

test('the spinner locks page scrolling while shown and restores it afterwards', async () => {
  const { page, context } = await open();
  await page.getByRole('button', { name: 'Show spinner' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.getByRole('status').textContent()).toBe('Processing...');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.evaluate(() =>
    (window as unknown as { __harness: { setSpinner: (a: boolean) => void } }).__harness.setSpinner(false),
  );
  await page.getByRole('status').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await context.close();
});

describe('anchor button', () => {
  const targetTop = (page: Page) =>
    page.evaluate(() => Math.round(document.getElementById('target')!.getBoundingClientRect().top));

  test('smooth-scrolls (eased, ~500 ms) to 60px above the target, focuses it and sets the hash', async () => {
    const { page, context } = await open();
    const link = page.getByRole('link', { name: 'Jump to target' });
    await link.scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    await link.click();
    await page.waitForTimeout(120);
    const early = await page.evaluate(() => window.scrollY);
    expect(await targetTop(page)).toBeGreaterThan(60); // still on its way
    expect(early).toBeGreaterThanOrEqual(start);
    await expect.poll(() => targetTop(page), { timeout: 2000 }).toBe(60);
    expect(new URL(page.url()).hash).toBe('#target');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('target');
    expect(await page.evaluate(() => document.getElementById('target')!.getAttribute('tabindex'))).toBe('-1');
    await context.close();
  });

  test('reduced motion jumps straight there', async () => {
    const { page, context } = await open({ reducedMotion: true });
    await page.getByRole('link', { name: 'Jump to target' }).click();
    expect(await targetTop(page)).toBe(60);
    await context.close();
  });
});
