/**
 * The site's icons and web app manifest: the committed icon files are what their names say (a real
 * ICO, PNGs of the declared sizes, a 1200×630 share card), the manifest is answered by the render
 * handler with the configured name, the design tokens' colours and icons that exist, and the
 * colours are the tokens of src/styles/tokens.css.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SITE_ICONS, WEB_MANIFEST_PATH } from '../../../src/server/page-head/site-files';
import { createRenderHandler } from '../../../src/server/handler.server';
import { webManifest } from '../../../src/server/web-manifest';
import { BRAND_COLORS } from '../../../src/widgets/brand-colors';
import { setupRenderHandler, testManifest } from '../../support/render-handler';

const file = (path: string) => readFileSync(`public${path}`);

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('icon files', () => {
  test('favicon.ico is an ICO whose directory points at PNG images of 16, 32 and 48 px', () => {
    const ico = file(SITE_ICONS.ico);
    // ICONDIR: reserved 0, type 1 (icon), image count.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const entry = 6 + 16 * i;
      const size = ico.readUInt8(entry) || 256;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual({ width: size, height: size });
      sizes.push(size);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  test.each([
    [SITE_ICONS.appleTouch, 180, 180],
    [SITE_ICONS.icon192, 192, 192],
    [SITE_ICONS.icon512, 512, 512],
    [SITE_ICONS.maskable512, 512, 512],
    [SITE_ICONS.share, 1200, 630],
  ])('%s is a %ix%i PNG', (path, width, height) => {
    expect(pngSize(file(path))).toEqual({ width, height });
  });

  test('the SVG icon is an SVG in the ink of the nav bar', () => {
    const svg = file(SITE_ICONS.svg).toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`fill="${BRAND_COLORS.ink}"`);
  });
});

test('the brand colours are the design tokens of tokens.css', () => {
  const css = readFileSync('src/styles/tokens.css', 'utf8');
  const token = (name: string) =>
    new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1]?.toLowerCase();
  expect(BRAND_COLORS.ink).toBe(token('color-ink'));
  expect(BRAND_COLORS.red).toBe(token('color-red'));
  expect(BRAND_COLORS.paper).toBe(token('color-white'));
});

describe('the web app manifest', () => {
  test('is answered by the render handler with its content type, caching and the configured name', async () => {
    const handle = createRenderHandler({
      manifest: testManifest,
      contentFor: () => {
        throw new Error('the manifest reads no content');
      },
      siteName: 'Southpaw Club',
      baseUrl: 'https://southpaw.test',
    });
    const res = await handle(new Request(`https://southpaw.test${WEB_MANIFEST_PATH}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/^public, s-maxage=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const manifest = (await res.json()) as ReturnType<typeof webManifest>;
    expect(manifest).toMatchObject({
      name: 'Southpaw Club',
      short_name: 'Southpaw',
      start_url: '/',
      display: 'minimal-ui',
      theme_color: BRAND_COLORS.ink,
      background_color: BRAND_COLORS.paper,
    });
    const head = await handle(new Request(`https://southpaw.test${WEB_MANIFEST_PATH}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handle(new Request(`https://southpaw.test${WEB_MANIFEST_PATH}`, { method: 'POST' }));
    expect(post.status).toBe(405);
  });

  test('names icons of 192 and 512 px (one maskable) and the SVG, each a file that is there', () => {
    const { icons } = webManifest('Roundhouse', 'Boxing at home.');
    expect(icons.map((i) => `${i.sizes} ${i.type} ${i.purpose}`)).toEqual([
      '192x192 image/png any',
      '512x512 image/png any',
      '512x512 image/png maskable',
      'any image/svg+xml any',
    ]);
    for (const icon of icons) {
      const bytes = file(icon.src);
      if (icon.type === 'image/png') {
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(pngSize(bytes)).toEqual({ width: w, height: h });
      }
    }
  });

  test('a short site name is its own short name; a long one keeps its first word', () => {
    expect(webManifest('Roundhouse', '').short_name).toBe('Roundhouse');
    expect(webManifest('Roundhouse Boxing Studio', '').short_name).toBe('Roundhouse');
  });

  test('every page links the icons and the manifest and names the theme colour, the 404 too', async () => {
    const { get } = setupRenderHandler();
    for (const path of ['/', '/training', '/nope']) {
      const { body } = await get(path);
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head).toContain(`<link rel="icon" href="${SITE_ICONS.ico}" sizes="32x32"/>`);
      expect(head).toContain(`<link rel="icon" href="${SITE_ICONS.svg}" type="image/svg+xml"/>`);
      expect(head).toContain(`<link rel="apple-touch-icon" href="${SITE_ICONS.appleTouch}"/>`);
      expect(head).toContain(`<link rel="manifest" href="${WEB_MANIFEST_PATH}"/>`);
      expect(head).toContain(`<meta name="theme-color" content="${BRAND_COLORS.ink}"/>`);
    }
  });
});
