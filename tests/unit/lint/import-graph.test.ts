/**
 * The import graph points one way. Every relative import in src/ and netlify/ (type imports
 * included: they are structure too) goes from a folder to a folder of a lower layer or stays in its
 * own folder, and no module imports itself through a circle (the README's "the house" draws it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/** Lower layers first; a folder may import its own layer's folder and anything below. */
const LAYERS: string[][] = [
  ['shared'],
  ['config', 'http'],
  ['content', 'store'],
  ['widgets'],
  ['services'],
  ['blocks'],
  ['app'],
  ['client', 'server', 'functions'],
  ['local'],
  ['netlify'],
];
const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((folder) => [folder, i] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'demo' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(name) ? [file] : [];
  });
}

function folderOf(file: string): string {
  const [top, second] = file.split(path.sep);
  return top === 'netlify' ? 'netlify' : (second ?? '');
}

/** Each module's relative imports (static, dynamic, export-from), resolved to repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sourceFiles('src'), ...sourceFiles('netlify')]) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
      .map((m) => path.normalize(path.join(path.dirname(file), m[1]!)))
      .filter((target) => /\.(ts|tsx|mts)$/.test(target));
    graph.set(file, targets);
  }
  return graph;
}

function layerGraph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of importGraph()) {
    for (const target of targets) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

test('every folder is placed in a layer', () => {
  const folders = new Set([...importGraph().keys()].map(folderOf));
  expect([...folders].filter((folder) => !rank.has(folder))).toEqual([]);
});

test('imports between folders only point down the layers', () => {
  const upward: string[] = [];
  for (const [from, tos] of layerGraph()) {
    for (const to of tos) if ((rank.get(to) ?? 99) >= (rank.get(from) ?? -1)) upward.push(`${from} → ${to}`);
  }
  expect(upward).toEqual([]);
});

test('no module reaches itself through its imports', () => {
  const graph = importGraph();
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});
