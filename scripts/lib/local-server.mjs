/**
 * What the measuring scripts share: `--name value` options, the built local server
 * (`dist/local/server.mjs`) on a free port, in a child process, and Deno for the edge bundle.
 */
import { execFile, spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '../..');

/** `--name value` from the command line, or the fallback. */
export function stringArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** `--name N` from the command line, or the fallback. */
export function numberArg(name, fallback) {
  const value = stringArg(name);
  return value === undefined ? fallback : Number(value);
}

/**
 * The first match of `pattern` in a child's stdout (its "listening" line). From then on its output
 * is drained unread: an access log kept in a string and searched again on every chunk costs the
 * measuring process, which is often also the load generator. Rejects if the child exits first.
 */
export function firstMatch(child, pattern, name) {
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk) => {
      out += chunk;
      const match = out.match(pattern);
      if (!match) return;
      child.stdout.off('data', read);
      child.stdout.resume();
      resolve(match);
    };
    child.stdout.on('data', read);
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}: ${out}`)));
  });
}

/** Start the built local server with extra environment; `stop()` resolves once it has exited. */
export async function startLocalServer(env = {}) {
  const child = spawn(process.execPath, ['dist/local/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, origin] = await firstMatch(child, /running at (http:\/\/localhost:\d+)/, 'server');
  const url = origin.replace('localhost', '127.0.0.1');
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The bench's article: the first training article the site's HTML sitemap lists. */
export async function firstTrainingArticle(site) {
  const sitemap = await (await fetch(`${site}/sitemap`)).text();
  const articlePath = sitemap.match(/href="(\/training\/[a-z0-9-]+)"/)?.[1];
  if (!articlePath) throw new Error('no article link on /sitemap');
  return articlePath;
}

/**
 * The edge bundle's configuration for a bench: the site at https://bench.example, Storyblok and
 * Shopify at the local server's stand-ins (`standIns`, its origin).
 */
export const benchEdgeEnv = (standIns) => ({
  URL: 'https://bench.example',
  STORYBLOK_TOKEN: 'local-public-token',
  STORYBLOK_ENDPOINT: `${standIns}/v2`,
  SHOPIFY_STORE_DOMAIN: `${standIns}/_local/shopify`,
  SHOPIFY_STOREFRONT_TOKEN: 'local-storefront-token',
});

/** The first line of a Deno script that loads the edge bundle: Netlify's `Netlify.env`, read from Deno's environment. */
export const NETLIFY_ENV_SHIM =
  'globalThis.Netlify = { env: { toObject: () => Deno.env.toObject(), get: (name) => Deno.env.get(name) } };';

/** The median of `list` by `of` (the middle element once sorted; numbers by their value). */
export const median = (list, of = (x) => x) =>
  [...list].sort((a, b) => of(a) - of(b))[Math.floor(list.length / 2)];

/** The npm-installed Deno (the runtime of Netlify's edge). */
export const DENO = path.join(root, 'node_modules/.bin/deno');

/** Deno's arguments to run `script` with its own arguments: quiet, every permission (benches only). */
export const denoRun = (script, ...args) => ['run', '--quiet', '--no-prompt', '--allow-all', script, ...args];

/** The environment of a Deno child: this process's, `env`, no colours and no update check. */
export const denoEnv = (env = {}) => ({ ...process.env, ...env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' });

/** Run `script` under Deno to its end; its last line of output, parsed as JSON. */
export async function denoJson(script, args, env = {}) {
  const { stdout } = await promisify(execFile)(DENO, denoRun(script, ...args), {
    env: denoEnv(env),
    timeout: 600_000,
    maxBuffer: 1 << 28,
  });
  return JSON.parse(stdout.trim().split('\n').pop());
}

/**
 * The CPU time (ms) a process has used so far, from /proc (Linux; null elsewhere). Clock ticks are
 * 1/100 s on Linux (USER_HZ). Fields 14 and 15 of /proc/<pid>/stat, counted after the command
 * name, which sits in parentheses and may hold spaces.
 */
export async function cpuMs(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * `requests` GETs of `url`, `concurrency` at a time (fetch, keep-alive): requests per second, p50
 * and p99 latency (ms), failures (not 200) and, given the server's pid on Linux, its CPU per request.
 */
export async function load(url, requests, concurrency, pid) {
  const cpuBefore = await cpuMs(pid);
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpuMs(pid);
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const cpu = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / requests;
  return { rps: requests / seconds, p50: pct(50), p99: pct(99), failures, cpu };
}

/**
 * The built edge bundle (dist/edge/render.js, what Netlify runs) in Deno behind
 * `Deno.serve`, which also serves the static files the pages are compared with; the local server
 * only stands in for Storyblok and Shopify (`standIns`, its origin). `bundle`: another build's edge
 * bundle (bench:compare). Resolves to its origin, pid and a stop function.
 */
const DENO_SERVER = `
${NETLIFY_ENV_SHIM}
const [bundle, publicDir] = Deno.args;
const { default: render } = await import(bundle);
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, async (request) => {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/bench-static-')) return render(request, {});
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' };
  return new Response(await Deno.readFile(publicDir + pathname), { headers });
});
`;

let edges = 0;
export async function startDenoEdge(standIns, bundle = path.join(root, 'dist/edge/render.js')) {
  const script = path.join(tmpdir(), `bench-edge-${process.pid}-${edges++}.mjs`);
  await writeFile(script, DENO_SERVER);
  const child = spawn(DENO, denoRun(script, bundle, path.join(root, 'dist/public')), {
    env: denoEnv(benchEdgeEnv(standIns)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, port] = await firstMatch(child, /listening (\d+)/, 'deno');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await rm(script, { force: true });
    },
  };
}
