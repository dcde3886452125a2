/**
 * Bundle analysis from the client build's own source maps: which source module each minified byte
 * of a chunk came from (as source-map-explorer does), and its share of the chunk's gzip size.
 *
 * Minified bytes are exact per module (each mapping segment runs to the next one; unmapped bytes,
 * such as rolldown's glue, count as "(unmapped)"). Gzip bytes are attributed in proportion to the
 * minified bytes of the chunk they compress in: gzip has no per-module size, and this keeps the sum
 * per chunk equal to what the browser downloads.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...BASE64].map((c, i) => [c, i]));

/** One source map's `mappings`: per generated line, segments of [column, source index]. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const c of segment) {
        const d = digit.get(c);
        if (d === undefined) throw new Error(`bad VLQ digit ${c}`);
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        segments.push([column, source]);
      } else segments.push([column, -1]);
      // Fields 3 to 5 (original line, column, name) are not needed; they are relative too but
      // independent of the two kept here.
    }
    lines.push(segments);
  }
  return lines;
}

/** The group a source module counts in: a package by name, or a directory of src/. */
export function groupOf(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (pkg) {
    const name = pkg[1];
    if (name === 'react-dom' || name === 'scheduler') return 'react-dom';
    if (name === 'react-router') return 'react-router';
    if (name === 'react') return 'react';
    return `pkg:${name}`;
  }
  const src = source.match(/^src\/([^/]+)\//);
  if (src) return `src/${src[1]}`;
  return source.startsWith('(') ? source : 'other';
}

/** Repository-relative module name for a source map entry (node_modules paths kept from the package). */
function moduleName(root, mapDir, source) {
  const absolute = path.resolve(mapDir, source);
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  const nm = relative.lastIndexOf('node_modules/');
  return nm >= 0 ? relative.slice(nm) : relative;
}

/**
 * One built JS file (absolute path): its raw and gzip size and, per source module, the minified
 * bytes it contributes and its attributed gzip bytes.
 */
export async function analyzeFile(root, file) {
  const code = await readFile(file, 'utf8');
  const raw = Buffer.byteLength(code);
  const gzip = gzipSync(code, { level: 9 }).length;
  const bytes = new Map();
  const add = (name, n) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  let map;
  try {
    map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  } catch {
    add('(no source map)', raw);
  }
  if (map) {
    const mapDir = path.dirname(file);
    const names = map.sources.map((s) => moduleName(root, path.resolve(mapDir, map.sourceRoot ?? ''), s));
    const codeLines = code.split('\n');
    const decoded = decodeMappings(map.mappings);
    codeLines.forEach((text, i) => {
      // Byte counts: minified output is mostly ASCII, but count UTF-8 to sum to the file size.
      const segments = decoded[i] ?? [];
      const lineBytes = (from, to) => Buffer.byteLength(text.slice(from, to));
      if (segments.length === 0 || segments[0][0] > 0)
        add('(unmapped)', lineBytes(0, segments[0]?.[0] ?? text.length));
      segments.forEach(([column, source], j) => {
        const end = segments[j + 1]?.[0] ?? text.length;
        add(source >= 0 ? (names[source] ?? '(unmapped)') : '(unmapped)', lineBytes(column, end));
      });
      if (i < codeLines.length - 1) add('(unmapped)', 1);
    });
  }
  const modules = [...bytes]
    .filter(([, n]) => n > 0)
    .map(([name, n]) => ({ name, group: groupOf(name), raw: n, gzip: raw > 0 ? (gzip * n) / raw : 0 }));
  return { raw, gzip, modules };
}

/**
 * A page's JS: the files it loads (URLs under /assets) analysed and summed per module and per group.
 * `publicDir` is dist/public. The same file counted twice would be one download: URLs are a set.
 */
export async function analyzePage(root, publicDir, urls, cache = new Map()) {
  const files = [];
  for (const url of new Set(urls)) {
    if (!cache.has(url)) cache.set(url, await analyzeFile(root, path.join(publicDir, url)));
    files.push({ url, ...cache.get(url) });
  }
  const modules = new Map();
  for (const file of files)
    for (const m of file.modules) {
      const seen = modules.get(m.name) ?? { name: m.name, group: m.group, raw: 0, gzip: 0, files: [] };
      seen.raw += m.raw;
      seen.gzip += m.gzip;
      seen.files.push(path.basename(file.url));
      modules.set(m.name, seen);
    }
  const groups = new Map();
  for (const m of modules.values()) {
    const g = groups.get(m.group) ?? { group: m.group, raw: 0, gzip: 0, modules: 0 };
    g.raw += m.raw;
    g.gzip += m.gzip;
    g.modules += 1;
    groups.set(m.group, g);
  }
  const byGzip = (a, b) => b.gzip - a.gzip;
  return {
    files: files.map(({ url, raw, gzip }) => ({ url, raw, gzip })),
    raw: files.reduce((a, f) => a + f.raw, 0),
    gzip: files.reduce((a, f) => a + f.gzip, 0),
    groups: [...groups.values()].sort(byGzip),
    modules: [...modules.values()].sort(byGzip),
  };
}

/** The page's entry script and module preloads, as its HTML lists them. */
export function scriptsOf(html) {
  const entry = [...html.matchAll(/<script[^>]*? src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)].map((m) => m[1]);
  return [...entry, ...preloads];
}

const kb = (n) => `${(n / 1024).toFixed(1)}`;

/** A readable table of one page's analysis: groups, then the `top` heaviest modules. */
export function formatPage(name, analysis, top = 25) {
  const lines = [
    `\n${name}: ${analysis.files.length} files, ${kb(analysis.raw)} KB minified, ${kb(analysis.gzip)} KB gzip`,
  ];
  lines.push('  group                       |   min KB |  gzip KB | modules');
  for (const g of analysis.groups)
    lines.push(
      `  ${g.group.padEnd(27)} | ${kb(g.raw).padStart(8)} | ${kb(g.gzip).padStart(8)} | ${String(g.modules).padStart(7)}`,
    );
  lines.push(`  heaviest ${top} modules (gzip KB attributed, minified KB, chunk)`);
  for (const m of analysis.modules.slice(0, top))
    lines.push(
      `  ${kb(m.gzip).padStart(6)} ${kb(m.raw).padStart(7)}  ${m.name}  [${[...new Set(m.files)].join(', ')}]`,
    );
  return lines.join('\n');
}
