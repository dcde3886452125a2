/**
 * The built bundles run their libraries' production builds. react-router's package exports only its
 * development build (dev-only warnings on: remix-run/react-router#14102); scripts/build.mjs picks
 * `dist/production` for the browser, the edge function and the local server. Read from the source
 * maps `npm run build` writes, so the check names the files each bundle was made of.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');

async function mapsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((f) => f.endsWith('.js.map')).map((f) => path.join(dir, f));
}

/** The react-router files a bundle was built from, by its source map. */
async function reactRouterSources(mapFile: string): Promise<string[]> {
  const { sources } = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[] };
  return sources.filter((s) => s.includes('node_modules/react-router/'));
}

test("the browser's JS, the edge function and the local server carry react-router's production build", async () => {
  const bundles = {
    browser: await mapsUnder(path.join(dist, 'public/assets')),
    edge: [path.join(dist, 'edge/render.js.map')],
    local: [path.join(dist, 'local/server.mjs.map')],
  };
  for (const [name, maps] of Object.entries(bundles)) {
    const sources = (await Promise.all(maps.map(reactRouterSources))).flat();
    // Each bundle has the router (else the check below would pass on nothing)…
    expect(sources.length, `${name}: react-router in its source maps`).toBeGreaterThan(0);
    // …and none of it from the development build.
    expect(
      sources.filter((s) => !s.includes('react-router/dist/production/')),
      name,
    ).toEqual([]);
  }
  // The development build's default error element greets developers; the browser never gets it.
  const vendor = (await readdir(path.join(dist, 'public/assets/chunks'))).filter(
    (f) => f.startsWith('vendor-') && f.endsWith('.js'),
  );
  expect(vendor).toHaveLength(1);
  const code = await readFile(path.join(dist, 'public/assets/chunks', vendor[0]!), 'utf8');
  expect(code).toContain('Unexpected Application Error!');
  expect(code).not.toContain('Hey developer');
});
