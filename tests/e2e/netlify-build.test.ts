/**
 * `netlify build --offline` (netlify-cli, with the npm-shipped deno on PATH) bundles the `render`
 * edge function from source and routes it as netlify.toml declares: every path but static files,
 * after the cache (`cache = "manual"`); and the Netlify Functions with their config.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let workdir: string | undefined;

afterAll(async () => {
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

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
  const bin = path.join(root, 'node_modules/.bin');
  await run(path.join(bin, 'netlify'), ['build', '--offline'], {
    cwd: workdir,
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, NETLIFY_SITE_ID: '' },
    timeout: 240_000,
    maxBuffer: 32 * 1024 * 1024,
  });

  const dist = path.join(workdir, '.netlify/edge-functions-dist');
  const manifest = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8'));
  const bundle = manifest.bundles.find((b: { format: string }) => b.format === 'eszip2');
  expect(bundle).toBeDefined();
  expect(await readdir(dist)).toContain(bundle.asset);
  const route = manifest.post_cache_routes.find((r: { function: string }) => r.function === 'render');
  expect(route).toMatchObject({ path: '/*' });
  const excluded = route.excluded_patterns.map((p: string) => new RegExp(p));
  const isExcluded = (url: string) => excluded.some((re: RegExp) => re.test(url));
  expect(isExcluded('/assets/entry-ABC.js')).toBe(true);
  expect(isExcluded('/icons/social.svg')).toBe(true);
  // The icons browsers ask for by name are files; the manifest is the edge's (its name is configuration).
  for (const icon of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icons/icon-512.png'])
    expect(isExcluded(icon), icon).toBe(true);
  expect(isExcluded('/manifest.webmanifest')).toBe(false);
  expect(isExcluded('/.netlify/functions/cart')).toBe(true);
  expect(isExcluded('/training/how-to-throw-a-jab')).toBe(false);
  expect(isExcluded('/')).toBe(false);

  // The functions: email capture, the cart, the content webhook and the events with Netlify's rate
  // limit in front, the retry job on a schedule.
  const functions = JSON.parse(
    await readFile(path.join(workdir, '.netlify/functions/manifest.json'), 'utf8'),
  );
  const byName = (name: string) => functions.functions.find((f: { name: string }) => f.name === name);
  expect(byName('email-capture')?.trafficRules?.action).toMatchObject({
    type: 'rate_limit',
    config: { rateLimitConfig: { windowLimit: 10, windowSize: 60 } },
  });
  expect(byName('cart')?.trafficRules?.action).toMatchObject({
    type: 'rate_limit',
    config: { rateLimitConfig: { windowLimit: 120, windowSize: 60 } },
  });
  expect(byName('content-webhook')?.trafficRules?.action).toMatchObject({
    type: 'rate_limit',
    config: { rateLimitConfig: { windowLimit: 600, windowSize: 60 } },
  });
  expect(byName('events')?.trafficRules?.action).toMatchObject({
    type: 'rate_limit',
    config: { rateLimitConfig: { windowLimit: 120, windowSize: 60 } },
  });
  expect(byName('email-retry')).toMatchObject({ schedule: '*/5 * * * *' });
  expect(await readdir(path.join(workdir, '.netlify/functions'))).toEqual(
    expect.arrayContaining([
      'email-capture.zip',
      'email-retry.zip',
      'cart.zip',
      'content-webhook.zip',
      'events.zip',
    ]),
  );
}, 300_000);
