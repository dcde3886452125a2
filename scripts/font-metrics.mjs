#!/usr/bin/env node
/**
 * Prints the descriptors of the metric-matched Oswald fallback in src/styles/fonts.css:
 *
 *   node scripts/font-metrics.mjs
 *
 * Oswald's metrics come from the shipped font files (@fontsource/oswald, WOFF 1: zlib tables):
 * units per em, ascent, descent and line gap (hhea, which Chromium uses), and the advance of each
 * letter. The fallback is Arial (and what is metric-compatible with it: Liberation Sans, Arimo;
 * Roboto and Helvetica are within a few per cent), whose advances are Helvetica's published AFM
 * widths, since no Arial file ships here. `size-adjust` is Oswald's average advance over Arial's,
 * uppercase (our Oswald text is all text-transform: uppercase), weighted by English letter
 * frequency with spaces; the overrides are Oswald's metrics divided by it, because the browser
 * scales them by `size-adjust` too. Re-run when the font or its weights change.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** The tables of a WOFF 1 file, inflated. */
function woffTables(file) {
  const bytes = readFileSync(file);
  if (bytes.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${file} is not WOFF 1`);
  const tables = {};
  for (let i = 0; i < bytes.readUInt16BE(12); i++) {
    const at = 44 + i * 20;
    const [offset, compressed, original] = [8, 12, 16].map((o) => bytes.readUInt32BE(at + o - 4));
    const data = bytes.subarray(offset, offset + compressed);
    tables[bytes.toString('latin1', at, at + 4)] = compressed < original ? inflateSync(data) : data;
  }
  return tables;
}

/** Units per em, hhea ascent/descent/gap, and the advance of a character (cmap format 4, hmtx). */
function fontMetrics(file) {
  const { head, hhea, hmtx, cmap } = woffTables(file);
  let sub = -1;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const offset = cmap.readUInt32BE(8 + i * 8);
    if (cmap.readUInt16BE(offset) === 4) sub = offset;
  }
  if (sub < 0) throw new Error(`${file}: no cmap format 4`);
  const segments = cmap.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  const glyph = (code) => {
    for (let s = 0; s < segments; s++) {
      if (code > cmap.readUInt16BE(ends + 2 * s)) continue;
      const start = cmap.readUInt16BE(starts + 2 * s);
      if (code < start) return 0;
      const delta = cmap.readInt16BE(deltas + 2 * s);
      const range = cmap.readUInt16BE(ranges + 2 * s);
      if (range === 0) return (code + delta) & 0xffff;
      const id = cmap.readUInt16BE(ranges + 2 * s + range + 2 * (code - start));
      return id === 0 ? 0 : (id + delta) & 0xffff;
    }
    return 0;
  };
  const longMetrics = hhea.readUInt16BE(34);
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: hhea.readInt16BE(4),
    descent: -hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    advance: (char) => hmtx.readUInt16BE(4 * Math.min(glyph(char.codePointAt(0)), longMetrics - 1)),
  };
}

// English letter frequencies (per cent) and spaces at about one character in six.
// prettier-ignore
const FREQUENCY = Object.entries({
  A: 8.2, B: 1.5, C: 2.8, D: 4.3, E: 12.7, F: 2.2, G: 2.0, H: 6.1, I: 7.0, J: 0.15, K: 0.77, L: 4.0,
  M: 2.4, N: 6.7, O: 7.5, P: 1.9, Q: 0.095, R: 6.0, S: 6.3, T: 9.1, U: 2.8, V: 0.98, W: 2.4, X: 0.15,
  Y: 2.0, Z: 0.074, ' ': 18,
});
// Helvetica's AFM advances per 1000 em (Arial's are the same), regular and bold.
// prettier-ignore
const ARIAL = {
  500: { A: 667, B: 667, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 500, K: 667, L: 556,
    M: 833, N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667,
    Y: 667, Z: 611, ' ': 278 },
  700: { A: 722, B: 722, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 556, K: 722, L: 611,
    M: 833, N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667,
    Y: 667, Z: 611, ' ': 278 },
};

const average = (advance) =>
  FREQUENCY.reduce((sum, [char, f]) => sum + f * advance(char), 0) / FREQUENCY.reduce((s, [, f]) => s + f, 0);
const percent = (value) => `${(value * 100).toFixed(2)}%`;

for (const weight of [500, 700]) {
  const oswald = fontMetrics(require.resolve(`@fontsource/oswald/files/oswald-latin-${weight}-normal.woff`));
  const em = oswald.unitsPerEm;
  const sizeAdjust = average((c) => oswald.advance(c) / em) / average((c) => ARIAL[weight][c] / 1000);
  console.log(`/* weight ${weight} */
size-adjust: ${percent(sizeAdjust)};
ascent-override: ${percent(oswald.ascent / em / sizeAdjust)};
descent-override: ${percent(oswald.descent / em / sizeAdjust)};
line-gap-override: ${percent(oswald.lineGap / em / sizeAdjust)};`);
}
