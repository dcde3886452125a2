/**
 * Every template's largest paint, in real Chromium at a phone's and a desktop's first screen: when
 * it is an image, that image is in the server's HTML as a plain <img> with fetchpriority=high, not
 * lazy, and preloaded from <head>; images wholly below the first screen are lazy; at most one
 * image a page asks for first.
 */
import { describe, expect, test } from 'vitest';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();

const TEMPLATES = {
  home: '/',
  article: '/training/how-to-throw-a-jab',
  'equipment article': '/boxing-equipment/boxing-glove-size-guide',
  'every-block article': '/for-members/your-first-week-at-roundhouse',
  category: '/c/training',
  topic: '/t/technique',
  author: '/author/maya-okafor',
  listing: '/training',
  'home, a later page': '/?page=2',
  sitemap: '/sitemap',
};

/** Lighthouse's phone (a Moto G Power) and a common desktop. */
const SCREENS = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
};

type Img = { src: string; loading: string | null; priority: string | null; top: number; lcp: boolean };

async function paint(path: string, screen: keyof typeof SCREENS) {
  const context = await site.browser.newContext(SCREENS[screen]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { lcpEntries: PerformanceEntry[] };
    w.lcpEntries = [];
    new PerformanceObserver((list) => w.lcpEntries.push(...list.getEntries())).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
  });
  await page.goto(site.server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // Lazy images in the first screen load after layout: let them paint before reading the LCP.
  await page.waitForFunction(() => [...document.images].every((i) => i.loading === 'lazy' || i.complete));
  await page.waitForTimeout(300);
  const result = await page.evaluate(() => {
    const entries = (window as unknown as { lcpEntries: { element?: Element | null }[] }).lcpEntries;
    const largest = entries.at(-1)?.element ?? null;
    const images: Img[] = [...document.images].map((img) => ({
      src: img.getAttribute('src') ?? '',
      loading: img.getAttribute('loading'),
      priority: img.getAttribute('fetchpriority'),
      top: img.getBoundingClientRect().top + window.scrollY,
      lcp: img === largest,
    }));
    return { images, height: window.innerHeight, largest: largest?.tagName ?? null };
  });
  await context.close();
  return result;
}

describe.each(Object.entries(TEMPLATES))('%s', (_name, path) => {
  test.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])(
    'on a %s: the largest image paint is the priority image, in the HTML and preloaded; below the fold is lazy',
    async (screen) => {
      const { images, height, largest } = await paint(path, screen);
      const lcp = images.find((i) => i.lcp);
      expect(largest).not.toBeNull();
      if (lcp) {
        expect(lcp.priority, `LCP image ${lcp.src}`).toBe('high');
        expect(lcp.loading).not.toBe('lazy');
        const html = await (await fetch(site.server.url + path)).text();
        const head = html.slice(0, html.indexOf('</head>'));
        expect(html).toContain(`src="${lcp.src.replace(/&/g, '&amp;')}"`);
        expect(head).toMatch(/<link rel="preload" as="image" imageSrcSet="/);
      }
      expect(images.filter((i) => i.priority === 'high').length).toBeLessThanOrEqual(1);
      const belowFold = images.filter((i) => i.top >= height);
      for (const img of belowFold) expect(img.loading, `below the fold: ${img.src}`).toBe('lazy');
    },
  );
});
