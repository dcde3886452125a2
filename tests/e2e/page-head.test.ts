/**
 * Found and shared, on the built local stack: the icons and the manifest are served with their
 * content types and caching; a page's social image is a real 1200×630 JPEG from the image service;
 * in Chromium the server's head survives hydration with no console error, and after a client
 * navigation the previous page's social card and JSON-LD are gone while its title follows.
 */
import { expect, test } from 'vitest';
import { builtSiteInBrowser } from '../support/site-in-browser';

const site = builtSiteInBrowser();

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** Width and height from a JPEG's first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no SOF marker');
}

test.each([
  ['/favicon.ico', 'image/x-icon', 'public, max-age=86400'],
  ['/favicon.svg', 'image/svg+xml', 'public, max-age=86400'],
  ['/apple-touch-icon.png', 'image/png', 'public, max-age=86400'],
  ['/icons/icon-192.png', 'image/png', 'public, max-age=86400'],
  ['/icons/icon-512.png', 'image/png', 'public, max-age=86400'],
  ['/icons/icon-maskable-512.png', 'image/png', 'public, max-age=86400'],
  ['/icons/share.png', 'image/png', 'public, max-age=86400'],
])('%s is served as %s, cached %s', async (path, type, cache) => {
  const res = await fetch(`${site.server.url}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('cache-control')).toBe(cache);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await res.arrayBuffer());
  // ICO: reserved 0, type 1; PNG: its signature.
  if (path.endsWith('.ico')) expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  if (path.endsWith('.png')) expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('the manifest comes from the render handler with its type, the site name and icons that answer', async () => {
  const res = await fetch(`${site.server.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  const manifest = (await res.json()) as {
    name: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe('Roundhouse');
  for (const icon of manifest.icons) {
    const file = await fetch(`${site.server.url}${icon.src}`);
    expect(file.status, icon.src).toBe(200);
    expect(file.headers.get('content-type'), icon.src).toBe(icon.type);
    if (icon.type === 'image/png') {
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  }
});

test("an article's og:image is a 1200×630 JPEG the image service answers; a card-less page's is the share card", async () => {
  const html = await (await fetch(`${site.server.url}/boxing-equipment/boxing-glove-size-guide`)).text();
  const og = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(og).toMatch(/^http:\/\/localhost:\d+\/a\/f\/.+\/m\/1200x630\/.*format\(jpeg\)$/);
  const image = await fetch(og!.replace('localhost', '127.0.0.1'));
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  expect(jpegSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });

  const sitemap = await (await fetch(`${site.server.url}/sitemap`)).text();
  const share = sitemap.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(share).toMatch(/\/icons\/share\.png$/);
  const card = await fetch(share!.replace('localhost', '127.0.0.1'));
  expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
});

test.each(['/', '/boxing-equipment/boxing-glove-size-guide', '/c/training'])(
  "%s: its social card is in the HTML's first 32 KB, all an unfurler may read (Slack's asks for no more)",
  async (path) => {
    const html = await (await fetch(`${site.server.url}${path}`)).text();
    const first = Buffer.from(html)
      .subarray(0, 32 * 1024)
      .toString('latin1');
    for (const tag of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:card', 'twitter:image'])
      expect(first, tag).toContain(`"${tag}"`);
    // The stylesheet inlined after it is longer than that on its own.
    expect(html.indexOf('<style')).toBeGreaterThan(html.indexOf('twitter:card'));
  },
);

test('in Chromium the server head survives hydration; a client navigation drops the old card and JSON-LD', async () => {
  const page = await site.browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${site.server.url}/boxing-equipment/boxing-glove-size-guide`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const head = () =>
    page.evaluate(() => ({
      ldJson: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) =>
          (JSON.parse(s.textContent ?? '{}') as { '@graph': { '@type': string }[] })['@graph'][0]?.['@type'],
      ),
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? null,
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      title: document.title,
    }));
  const first = await head();
  // As the browser parsed the server's HTML: its own part of <head> (written by the edge's stream
  // writer as kept strings) sits in the head, whole, and nothing of it in the body.
  const parsed = await page.evaluate(() => ({
    inHead: document.head.querySelectorAll(
      'meta[name="theme-color"], link[rel="icon"], link[rel="manifest"], [data-page-head]',
    ).length,
    cardInHead: document.head.querySelectorAll('meta[data-page-head]').length,
    ldInHead: document.head.querySelectorAll('script[type="application/ld+json"]').length,
    bodyHasHead: document.body.querySelector('meta, link[rel="icon"], server-html') !== null,
    // What comes right before and after the inlined stylesheet.
    beforeStyle: document.head.querySelector('style')?.previousElementSibling?.getAttribute('name') ?? null,
    afterStyle: document.head.querySelector('style')?.nextElementSibling?.getAttribute('type') ?? null,
  }));
  expect(parsed.cardInHead).toBeGreaterThan(5);
  expect(parsed.inHead).toBe(4 + parsed.cardInHead + 1);
  expect(parsed.ldInHead).toBe(1);
  expect(parsed.bodyHasHead).toBe(false);
  // The card before the inlined stylesheet (the card's last tag), the JSON-LD after it.
  expect(parsed.beforeStyle).toBe('twitter:image:alt');
  expect(parsed.afterStyle).toBe('application/ld+json');
  // The page's graph in the head, and its product's, streamed with the card in the body.
  expect(first.ldJson).toEqual(['BlogPosting', 'Product']);
  expect(first.ogType).toBe('article');
  expect(first.manifest).toBe('/manifest.webmanifest');
  expect(first.canonical).toEqual([expect.stringMatching(/\/boxing-equipment\/boxing-glove-size-guide$/)]);

  await page.locator('main a[href^="/author/"]').first().click();
  await page.waitForURL(/\/author\//);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.title.startsWith('Boxing Glove'));
  const after = await head();
  expect(after.ldJson).toEqual([]);
  expect(after.ogType).toBeNull();
  // Site-wide head stays; the page's own tags follow the navigation.
  expect(after.manifest).toBe('/manifest.webmanifest');
  expect(after.canonical).toEqual([expect.stringMatching(/\/author\/[a-z-]+$/)]);
  expect(after.title).toMatch(/\| Roundhouse$/);
  expect(problems).toEqual([]);
  await page.close();
});
