/**
 * The deployed shape, checked before deploy: `netlify build --offline` (netlify-cli, with the
 * npm-shipped deno on PATH) packages the `render` edge function (the bundle `npm run build` makes,
 * dist/edge/render.js) and routes it as netlify.toml declares: every path but static files, after
 * the cache (`cache = "manual"`); and the Netlify Functions with their config. The test reports the
 * sizes and asserts the routes, schedules and rate limits, then runs the deployed bundle under Deno
 * with no npm, no file system and only environment and network access, as Netlify's edge allows.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createContentService } from '../../src/local/content-service';
import { serveOnLoopback } from '../../src/local/content-service/node-http';
import { makeSite } from '../support/stories';
import { netlifyTomlBlock, type EdgeDeclaration } from './netlify-dev-toml';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'node_modules/.bin');
let workdir: string | undefined;
/** The deployed edge bundle (.eszip), once the build ran. */
let eszip: string | undefined;
const site = makeSite();
let stand: Awaited<ReturnType<typeof serveOnLoopback>>;

beforeAll(async () => {
  const service = createContentService({
    stories: site.stories,
    publicToken: 'deployed-token',
    previewToken: 'deployed-preview',
  });
  stand = await serveOnLoopback((req) => service.handle(req));
});
afterAll(async () => {
  await stand?.close();
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('netlify build --offline produces the render edge bundle and its route, and the functions', async () => {
  // A copy of the project, so the build's output and dist/ never race the other tests.
  workdir = await mkdtemp(path.join(tmpdir(), 'netlify-build-'));
  for (const entry of [
    'netlify',
    'netlify.toml',
    'public',
    'scripts',
    'src',
    'package.json',
    'tsconfig.json',
  ]) {
    await cp(path.join(root, entry), path.join(workdir, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(workdir, 'node_modules'));
  const started = performance.now();
  const build = await run(path.join(bin, 'netlify'), ['build', '--offline'], {
    cwd: workdir,
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, NETLIFY_SITE_ID: '' },
    timeout: 240_000,
    maxBuffer: 32 * 1024 * 1024,
  });

  const report = [`netlify build --offline: ${Math.round(performance.now() - started)} ms`];
  // Offline means offline: no request was tried (the config reader's types come from node_modules,
  // netlify.toml's deno_import_map).
  expect(`${build.stdout}${build.stderr}`).not.toMatch(
    /error sending request|dns error|Could not load configuration/i,
  );

  // The edge bundle: one ESZIP, well under Netlify's limit (20 MB compressed); our goal is 1 MB.
  const dist = path.join(workdir, '.netlify/edge-functions-dist');
  const manifest = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8'));
  expect(manifest.bundles).toHaveLength(1);
  const bundle = manifest.bundles.find((b: { format: string }) => b.format === 'eszip2');
  expect(bundle).toBeDefined();
  expect(await readdir(dist)).toContain(bundle.asset);
  eszip = path.join(dist, bundle.asset);
  const bundleBytes = await readFile(eszip);
  const bundleGzip = gzipSync(bundleBytes, { level: 9 }).length;
  report.push(`edge bundle (eszip): ${kb(bundleBytes.length)}, ${kb(bundleGzip)} gzip`);
  expect(bundleGzip).toBeLessThan(1024 * 1024);

  // The routes: `render` alone, after the cache, on every path but those netlify.toml excludes (and
  // none of the paths only `netlify dev` leaves to its stand-ins).
  expect(manifest.routes).toEqual([]);
  expect(manifest.post_cache_routes.map((r: { function: string }) => r.function)).toEqual(['render']);
  const route = manifest.post_cache_routes[0];
  expect(route).toMatchObject({ path: '/*' });
  const declared = (await netlifyTomlBlock('[[edge_functions]]')) as EdgeDeclaration | null;
  expect(declared).toMatchObject({ function: 'render', path: '/*', cache: 'manual' });
  const excluded = route.excluded_patterns.map((p: string) => new RegExp(p));
  const isExcluded = (url: string) => excluded.some((re: RegExp) => re.test(url));
  expect(excluded).toHaveLength(declared!.excludedPath.length);
  for (const pattern of declared!.excludedPath) {
    expect(isExcluded(pattern.replace('*', 'x/y.js')), pattern).toBe(true);
  }
  expect(isExcluded('/assets/entry-ABC.js')).toBe(true);
  expect(isExcluded('/icons/social.svg')).toBe(true);
  // The icons browsers ask for by name are files; the manifest is the edge's (its name is configuration).
  for (const icon of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icons/icon-512.png'])
    expect(isExcluded(icon), icon).toBe(true);
  expect(isExcluded('/manifest.webmanifest')).toBe(false);
  expect(isExcluded('/.netlify/functions/cart')).toBe(true);
  for (const page of [
    '/',
    '/training/how-to-throw-a-jab',
    '/_payload/training',
    '/a/f/1/x.jpg',
    '/v2/cdn/x',
  ]) {
    expect(isExcluded(page), page).toBe(false);
  }
  report.push(
    `edge route: render on ${route.path} after the cache, except ${declared!.excludedPath.join(' ')}`,
  );

  // The functions: email capture, the cart, the content webhook and the events with Netlify's rate
  // limit in front (per IP and domain, a minute), the retry job on a schedule and nothing else.
  const functions = JSON.parse(
    await readFile(path.join(workdir, '.netlify/functions/manifest.json'), 'utf8'),
  ) as { functions: { name: string; path: string; schedule?: string; trafficRules?: unknown }[] };
  const rateLimit = (windowLimit: number) => ({
    action: {
      type: 'rate_limit',
      config: {
        rateLimitConfig: { windowLimit, windowSize: 60 },
        aggregate: { keys: [{ type: 'ip' }, { type: 'domain' }] },
      },
    },
  });
  const expected: Record<string, { schedule?: string; trafficRules?: unknown }> = {
    cart: { trafficRules: rateLimit(120) },
    'content-webhook': { trafficRules: rateLimit(600) },
    'csp-report': { trafficRules: rateLimit(60) },
    'email-capture': { trafficRules: rateLimit(10) },
    'email-retry': { schedule: '*/5 * * * *' },
    events: { trafficRules: rateLimit(120) },
  };
  // A new function states here what Netlify runs in front of it (a rate limit) or when (a schedule).
  expect(
    functions.functions.map((f) => f.name).sort(),
    'each function in netlify/functions needs its rate limit or schedule in `expected` here',
  ).toEqual(Object.keys(expected));
  for (const fn of functions.functions) {
    const want = expected[fn.name]!;
    expect(fn.schedule, fn.name).toBe(want.schedule);
    if (want.trafficRules) expect(fn.trafficRules, fn.name).toMatchObject(want.trafficRules);
    else expect(fn.trafficRules, fn.name).toBeUndefined();
    const zip = (await stat(fn.path)).size;
    // Netlify's limit is 50 MB zipped; these are the handlers and their few dependencies.
    expect(zip, fn.name).toBeLessThan(2 * 1024 * 1024);
    const rule = fn.schedule
      ? `schedule ${fn.schedule}`
      : `rate limit ${(want.trafficRules as ReturnType<typeof rateLimit>).action.config.rateLimitConfig.windowLimit}/min per IP and domain`;
    report.push(`function ${fn.name}: ${kb(zip)} zip, ${rule}`);
  }
  console.log(report.join('\n'));
}, 300_000);

test('the deployed edge bundle renders under Deno with no npm, no file system, only env and net', async () => {
  expect(eszip, 'the build test ran').toBeDefined();
  const out = path.join(workdir!, 'deployed-edge');
  await mkdir(out);
  const deno = path.join(bin, 'deno');
  const denoEnv = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
  const vendor = path.join(root, 'node_modules/@netlify/edge-bundler/deno/vendor/import_map.json');
  const { stdout: listed } = await run(
    deno,
    [
      'run',
      '--no-config',
      '--quiet',
      `--import-map=${vendor}`,
      `--allow-read`,
      `--allow-write=${out}`,
      path.join(root, 'scripts/eszip-extract.mjs'),
      eszip!,
      out,
    ],
    { env: denoEnv, timeout: 60_000 },
  );
  // The bundle holds the entry, its import map and our one self-contained module: no npm package,
  // no remote module, no Node built-in.
  const specifiers = JSON.parse(listed.trim().split('\n').pop()!) as string[];
  expect(specifiers.sort()).toEqual([
    'file:///root/dist/edge/render.js',
    'netlify:bootstrap-stage2',
    'netlify:import-map',
  ]);
  const source = await readFile(path.join(out, 'dist/edge/render.js'), 'utf8');
  expect(source).not.toMatch(/\bfrom\s*["'](?:node|npm):/);
  expect(source).not.toMatch(/\bimport\s*\(\s*["'](?:node|npm):/);

  const runner = path.join(out, 'run.mjs');
  await writeFile(
    runner,
    `globalThis.Netlify = { env: { toObject: () => Deno.env.toObject(), get: (name) => Deno.env.get(name) } };
const { functions } = await import('./stage2.mjs');
const res = await functions.render(new Request(Deno.args[0]), {});
console.log(JSON.stringify({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }));
Deno.exit(0);`,
  );
  const article = site.articles[0]!;
  const standPort = new URL(stand.url).port;
  const { stdout } = await run(
    deno,
    [
      'run',
      '--no-config',
      '--no-npm',
      '--no-remote',
      '--quiet',
      '--no-prompt',
      `--allow-env`,
      `--allow-net=127.0.0.1:${standPort}`,
      `--import-map=${path.join(out, 'import_map.json')}`,
      runner,
      `https://site.test/training/${article.slug}`,
    ],
    {
      env: { ...denoEnv, STORYBLOK_TOKEN: 'deployed-token', STORYBLOK_ENDPOINT: `${stand.url}/v2` },
      timeout: 60_000,
    },
  );
  const answer = JSON.parse(stdout.trim().split('\n').pop()!) as {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['netlify-cache-tag']).toContain(article.uuid);
  expect(answer.body).toContain('window.__INITIAL_STATE__=');
}, 120_000);
