/* global Deno */
/**
 * A Deno script: unpacks the edge bundle `netlify build` writes (.netlify/edge-functions-dist/*.eszip,
 * what Netlify deploys) so Deno can run it as Netlify's edge would load it. It uses the ESZIP reader
 * @netlify/edge-bundler vendors (no download):
 *
 *   deno run --no-config --quiet \
 *     --import-map=node_modules/@netlify/edge-bundler/deno/vendor/import_map.json \
 *     --allow-read --allow-write scripts/eszip-extract.mjs <bundle.eszip> <out-dir>
 *
 * Writes every module of the bundle under <out-dir> (the bundle's `file:///root/` is <out-dir>),
 * `stage2.mjs` (the bundle's entry, which exports `functions`), `import_map.json` (the bundle's own
 * import map, pointed at <out-dir>) and prints the bundle's module specifiers as JSON.
 */
import { Parser } from 'https://deno.land/x/eszip@v0.55.2/mod.ts';

const [bundle, out] = Deno.args;
if (!bundle || !out) throw new Error('usage: eszip-extract.mjs <bundle.eszip> <out-dir>');
const VIRTUAL_ROOT = 'file:///root/';
const root = new URL(`file://${await Deno.realPath(out)}/`);
const local = (specifier) => new URL(specifier.slice(VIRTUAL_ROOT.length), root).href;

const parser = await Parser.createInstance();
const specifiers = await parser.parseBytes(await Deno.readFile(bundle));
await parser.load();
for (const specifier of specifiers) {
  if (!specifier.startsWith(VIRTUAL_ROOT)) continue;
  const file = new URL(local(specifier));
  await Deno.mkdir(new URL('.', file), { recursive: true });
  await Deno.writeTextFile(file, await parser.getModuleSource(specifier));
}
const stage2 = await parser.getModuleSource('netlify:bootstrap-stage2');
await Deno.writeTextFile(new URL('stage2.mjs', root), stage2.replaceAll(VIRTUAL_ROOT, root.href));
const importMap = JSON.parse(await parser.getModuleSource('netlify:import-map'));
for (const [name, target] of Object.entries(importMap.imports ?? {})) {
  if (typeof target === 'string' && target.startsWith(VIRTUAL_ROOT)) importMap.imports[name] = local(target);
}
await Deno.writeTextFile(new URL('import_map.json', root), JSON.stringify(importMap, null, 2));
console.log(JSON.stringify(specifiers));
