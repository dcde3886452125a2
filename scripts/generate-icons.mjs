#!/usr/bin/env node
/**
 * Renders the site's raster icons from the SVG mark in public/favicon.svg:
 *
 *   node scripts/generate-icons.mjs
 *
 *   public/favicon.ico              16, 32 and 48 px PNGs in one ICO (what browsers and feed
 *                                   readers ask /favicon.ico for)
 *   public/apple-touch-icon.png     180×180, square and opaque (iOS rounds the corners itself)
 *   public/icons/icon-192.png       web app manifest icons (purpose "any")
 *   public/icons/icon-512.png
 *   public/icons/icon-maskable-512.png  the mark inside the maskable safe zone (purpose "maskable")
 *   public/icons/share.png          1200×630: the social card of a page without an image of its own
 *
 * Colours are the design tokens (src/widgets/brand-colors.ts, kept equal to tokens.css by a
 * test). The share card has no text: the site's name is configuration (SITE_NAME), a raster cannot
 * follow it, and og:title carries the name anyway. The output is deterministic and committed;
 * re-run only when the mark or the colours change (sharp is a dev dependency, nothing runs at build).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'public');

/** src/widgets/brand-colors.ts (a .mjs script cannot import the TypeScript module). */
const INK = '#111214';
const RED = '#e10600';
const WHITE = '#ffffff';

/** The mark of public/favicon.svg (a 64-unit box): the ring and the R, without its background. */
const MARK = `<circle cx="32" cy="32" r="20" fill="none" stroke="${RED}" stroke-width="6"/><path d="M24 40V24h9a6 6 0 0 1 0 12h-9m9 0 7 4" fill="none" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A square icon: the mark scaled to `scale` of the box, centred on an ink background. */
function squareSvg(size, { radius = 0, scale = 1 } = {}) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" rx="${radius}" fill="${INK}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

/** The 1200×630 share card: ink with a red glow, the mark in the middle, the nav's red rule at the foot. */
function shareSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${RED}" stop-opacity="0.35"/><stop offset="1" stop-color="${RED}" stop-opacity="0"/></radialGradient></defs>
  <rect width="1200" height="630" fill="${INK}"/>
  <circle cx="600" cy="300" r="330" fill="url(#glow)"/>
  <g transform="translate(390 90) scale(6.5625)">${MARK}</g>
  <rect y="606" width="1200" height="24" fill="${RED}"/>
</svg>`;
}

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * Math.max(1, size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 48 })
    .toBuffer();

/**
 * An ICO file holding PNG images (supported by every browser since Windows Vista's format
 * revision): a 6-byte header, a 16-byte directory entry per image, then the PNGs.
 */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

async function main() {
  await mkdir(path.join(publicDir, 'icons'), { recursive: true });
  const write = async (name, data) => {
    await writeFile(path.join(publicDir, name), data);
    console.log(`${name}: ${data.length} bytes`);
  };
  // The favicon keeps the SVG's rounded corners (it shows on tabs, where transparency reads well).
  const favicons = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(squareSvg(size, { radius: 14 }), size) })),
  );
  await write('favicon.ico', ico(favicons));
  await write('apple-touch-icon.png', await png(squareSvg(180), 180));
  await write('icons/icon-192.png', await png(squareSvg(192, { radius: 14 }), 192));
  await write('icons/icon-512.png', await png(squareSvg(512, { radius: 14 }), 512));
  // Maskable: the platform crops to a shape inside the central 80% circle; the ring reaches 0.82 of
  // the box at full size, so 0.75 keeps it whole in the safe zone.
  await write('icons/icon-maskable-512.png', await png(squareSvg(512, { scale: 0.75 }), 512));
  await write(
    'icons/share.png',
    await sharp(Buffer.from(shareSvg())).png({ compressionLevel: 9, palette: true }).toBuffer(),
  );
}

await main();
