#!/usr/bin/env node
/**
 * Renders the original demo artwork for the local Storyblok stand-in.
 *
 *   node scripts/build-demo-stories.mjs   # writes src/local/demo/image-manifest.json
 *   node scripts/generate-demo-images.mjs # renders every manifest entry to src/local/demo/assets/
 *
 * Each image is an SVG (dark charcoal gradient, accent glow, geometric shapes: rings, diagonal
 * stripes or a glove-like cluster of circles, a big label) rasterised by sharp to a mozjpeg JPEG.
 * Everything is derived from the manifest entry (name, size, label, accent), so the output is
 * deterministic. The files are committed; re-run only when the manifest changes.
 * Text uses "DejaVu Sans Condensed" (falls back to any sans-serif) through librsvg/fontconfig.
 *
 * Options: --only <substring>  render matching names only; --force  re-render existing files.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = path.join(root, 'src/local/demo');
const assetsDir = path.join(demoDir, 'assets');
const MAX_BYTES = 60 * 1024;

const PALETTES = {
  red: { accent: '#e63323', light: '#ff7a5c', deep: '#3a0d0b' },
  blue: { accent: '#2f6bff', light: '#7fa6ff', deep: '#0b1a3d' },
  teal: { accent: '#16b3a3', light: '#6fe0d2', deep: '#06302c' },
  amber: { accent: '#f2a516', light: '#ffd27a', deep: '#3b2605' },
  crimson: { accent: '#c8102e', light: '#2f6bff', deep: '#2a0a16' },
};

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const force = args.includes('--force');

/** Deterministic pseudo-random numbers per image (mulberry32 seeded from the name). */
function rng(seedText) {
  let a = parseInt(createHash('sha1').update(seedText).digest('hex').slice(0, 8), 16);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = `font-family="DejaVu Sans Condensed, DejaVu Sans, Arial Narrow, sans-serif" font-weight="bold"`;
/** Font size that fits `text` into `maxWidth` (condensed bold caps are ~0.62 em wide). */
const fit = (text, maxWidth, maxSize) =>
  Math.min(maxSize, Math.floor(maxWidth / (Math.max(text.length, 1) * 0.62)));

function rings(cx, cy, r, color, count, width) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const op = (0.55 - i * (0.4 / count)).toFixed(2);
    out += `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * (1 - i * 0.22))}" fill="none" stroke="${color}" stroke-width="${width}" opacity="${op}"/>`;
  }
  return out;
}

function stripes(w, h, color, light, rand) {
  const angle = -28 + Math.round(rand() * 12);
  const x0 = w * (0.45 + rand() * 0.2);
  let out = `<g transform="rotate(${angle} ${w / 2} ${h / 2})">`;
  const band = Math.round(w * 0.07);
  for (let i = 0; i < 4; i += 1) {
    const fill = i === 1 ? light : color;
    const op = [0.85, 0.5, 0.3, 0.16][i];
    out += `<rect x="${Math.round(x0 + i * band * 1.6)}" y="${-h}" width="${band}" height="${h * 3}" fill="${fill}" opacity="${op}"/>`;
  }
  return `${out}</g>`;
}

/** An abstract glove: a big "fist" circle, a thumb circle and a cuff, outlined and filled. */
function glove(cx, cy, r, color, light, rotate) {
  return `<g transform="rotate(${rotate} ${cx} ${cy})">
    <rect x="${cx - r * 0.55}" y="${cy + r * 0.55}" width="${r * 1.1}" height="${r * 0.9}" rx="${r * 0.12}" fill="${light}" opacity="0.85"/>
    <rect x="${cx - r * 0.55}" y="${cy + r * 0.85}" width="${r * 1.1}" height="${r * 0.12}" fill="#111" opacity="0.35"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>
    <circle cx="${cx - r * 0.78}" cy="${cy + r * 0.28}" r="${r * 0.38}" fill="${color}" stroke="#111" stroke-opacity="0.25" stroke-width="${r * 0.05}"/>
    <path d="M ${cx - r * 0.55} ${cy - r * 0.55} A ${r * 0.8} ${r * 0.8} 0 0 1 ${cx + r * 0.45} ${cy - r * 0.7}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${r * 0.09}" stroke-linecap="round"/>
  </g>`;
}

function shapes(kind, shape, w, h, p, rand) {
  const s = Math.min(w, h);
  const cx = kind === 'cover' ? w * (0.68 + rand() * 0.12) : w * (0.55 + rand() * 0.2);
  const cy = kind === 'cover' ? h * (0.36 + rand() * 0.1) : h * (0.3 + rand() * 0.1);
  switch (shape) {
    case 'stripes':
      return stripes(w, h, p.accent, p.light, rand) + rings(cx, cy, s * 0.22, p.light, 2, s * 0.012);
    case 'gloves':
      return (
        rings(cx, cy, s * 0.46, p.accent, 3, s * 0.01) +
        glove(cx, cy, s * 0.2, p.accent, p.light, -20 + Math.round(rand() * 40)) +
        glove(cx - s * 0.42, cy + s * 0.12, s * 0.11, p.light, p.accent, 15 - Math.round(rand() * 30))
      );
    default:
      return (
        rings(cx, cy, s * 0.42, p.accent, 4, s * 0.03) +
        `<circle cx="${cx}" cy="${cy}" r="${s * 0.08}" fill="${p.light}" opacity="0.9"/>` +
        stripes(w, h, p.accent, p.light, rand).replace('<g ', '<g opacity="0.35" ')
      );
  }
}

function svgFor(entry) {
  const { name, kind, width: w, height: h, label, kicker, accent } = entry;
  const p = PALETTES[accent] ?? PALETTES.red;
  const rand = rng(name);
  const shape = entry.shape ?? ['rings', 'stripes', 'gloves'][Math.floor(rand() * 3)];
  const defs = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#17181c"/><stop offset="0.6" stop-color="#1f2026"/><stop offset="1" stop-color="${p.deep}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${kind === 'cover' ? 0.75 : 0.6}" cy="0.35" r="0.65">
      <stop offset="0" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#0d0d10" stop-opacity="0"/><stop offset="1" stop-color="#0d0d10" stop-opacity="0.85"/>
    </linearGradient>
  </defs>`;
  const bg = `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>`;

  if (kind === 'avatar') {
    const initials = esc(label);
    const size = Math.round(w * 0.36);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${bg}
      ${stripes(w, h, p.accent, p.light, rand).replace('<g ', '<g opacity="0.45" ')}
      ${rings(w / 2, h * 0.46, w * 0.36, p.light, 2, w * 0.014)}
      <circle cx="${w / 2}" cy="${h * 0.46}" r="${w * 0.27}" fill="${p.accent}"/>
      <text x="${w / 2}" y="${h * 0.46 + size * 0.36}" text-anchor="middle" ${FONT} font-size="${size}" fill="#ffffff">${initials}</text>
      <rect width="${w}" height="${h}" fill="url(#shade)"/>
      <text x="${w / 2}" y="${h * 0.9}" text-anchor="middle" ${FONT} font-size="${fit(kicker, w * 0.8, 40)}" letter-spacing="3" fill="#ffffff" opacity="0.9">${esc(kicker)}</text>
    </svg>`;
  }

  const pad = Math.round(w * (kind === 'cover' ? 0.06 : 0.08));
  const words = label.split(' ');
  // Covers keep the label on one line; square blocks may break long labels onto two lines.
  const lines =
    kind === 'block' && label.length > 9 && words.length > 1
      ? [
          words.slice(0, Math.ceil(words.length / 2)).join(' '),
          words.slice(Math.ceil(words.length / 2)).join(' '),
        ]
      : [label];
  const longest = Math.max(...lines.map((l) => l.length));
  const size = fit('x'.repeat(longest), w - pad * 2, kind === 'cover' ? 190 : 150);
  const baseY = h - pad;
  const labelSvg = lines
    .map(
      (l, i) =>
        `<text x="${pad}" y="${baseY - (lines.length - 1 - i) * size * 0.98}" ${FONT} font-size="${size}" fill="#ffffff">${esc(l)}</text>`,
    )
    .join('');
  const kickerY = baseY - lines.length * size * 0.98 - size * 0.05;
  const kickerSize = Math.round(Math.max(22, size * 0.26));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${bg}
    ${shapes(kind, shape, w, h, p, rand)}
    <rect width="${w}" height="${h}" fill="url(#shade)"/>
    <rect x="${pad}" y="${kickerY - kickerSize * 0.85}" width="${kickerSize * 0.5}" height="${kickerSize * 0.9}" fill="${p.accent}"/>
    <text x="${pad + kickerSize * 0.8}" y="${kickerY}" ${FONT} font-size="${kickerSize}" letter-spacing="4" fill="${p.light === '#2f6bff' ? '#9fbcff' : p.light}">${esc(kicker)}</text>
    ${labelSvg}
    <text x="${w - pad}" y="${pad + 24}" text-anchor="end" ${FONT} font-size="${Math.round(w * 0.018)}" letter-spacing="5" fill="#ffffff" opacity="0.75">ROUNDHOUSE</text>
  </svg>`;
}

async function render(entry) {
  const file = path.join(assetsDir, entry.name);
  const svg = Buffer.from(svgFor(entry));
  for (const quality of [72, 64, 56, 48]) {
    await sharp(svg, { density: 72 })
      .resize(entry.width, entry.height)
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(file);
    const { size } = await stat(file);
    if (size <= MAX_BYTES) return size;
  }
  throw new Error(`${entry.name}: still over ${MAX_BYTES} bytes at quality 48`);
}

async function main() {
  const manifest = JSON.parse(await readFile(path.join(demoDir, 'image-manifest.json'), 'utf8'));
  await mkdir(assetsDir, { recursive: true });
  // Drop stale images that are no longer in the manifest.
  const wanted = new Set(manifest.map((m) => m.name));
  for (const f of await readdir(assetsDir))
    if (f.endsWith('.jpg') && !wanted.has(f)) await rm(path.join(assetsDir, f));

  let total = 0;
  let rendered = 0;
  for (const entry of manifest) {
    if (only && !entry.name.includes(only)) continue;
    const file = path.join(assetsDir, entry.name);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (exists && !force && !only) {
      const meta = await sharp(file).metadata();
      if (meta.width === entry.width && meta.height === entry.height) {
        total += (await stat(file)).size;
        continue;
      }
    }
    total += await render(entry);
    rendered += 1;
  }
  console.log(
    `images: ${manifest.length} in manifest, ${rendered} rendered, ${(total / 1024 / 1024).toFixed(2)} MB total`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
