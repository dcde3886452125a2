/**
 * `netlify dev` (netlify-cli, offline) serves the whole site through Netlify's own local runtime: the
 * `render` edge function under Deno with the bootstrap from node_modules (no download), the Netlify
 * Functions, Blobs from the CLI's sandbox and netlify.toml's headers, with the local stand-ins as its
 * framework server (netlify.toml [dev], wired by .env.netlify-dev). It runs in a copy of the project
 * on free ports, so it never races dist/ or .netlify/ of the working tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { netlifyTomlBlock, type EdgeDeclaration } from './netlify-dev-toml';

const root = path.resolve(import.meta.dirname, '../..');
/** A demo article (tests/e2e/site.test.ts walks the same one). */
const ARTICLE_PATH = '/boxing-equipment/boxing-glove-size-guide';
let workdir: string;
let child: ChildProcess | undefined;
let output = '';
let site: string;
let standins: string;
let started = 0;

/**
 * A free port below the kernels' ephemeral ranges (Linux 32768–60999, macOS and Windows from
 * 49152): netlify dev is told the port and starts the stand-ins on it later, and in between the
 * other test files' servers, which listen on port 0, could be handed a port 0 had given us. They
 * are never handed one from here.
 */
async function freePort(not?: number): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (port === not) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

beforeAll(async () => {
  started = performance.now();
  workdir = await mkdtemp(path.join(tmpdir(), 'netlify-dev-'));
  for (const entry of [
    'dist',
    'netlify',
    'netlify.toml',
    'public',
    'scripts',
    'src',
    'package.json',
    'tsconfig.json',
    '.env.netlify-dev',
  ]) {
    await cp(path.join(root, entry), path.join(workdir, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(workdir, 'node_modules'));
  const sitePort = await freePort();
  const standinsPort = await freePort(sitePort);
  site = `http://127.0.0.1:${sitePort}`;
  standins = `http://127.0.0.1:${standinsPort}`;
  // The copy's wiring names its own ports (the repository's names 8888 and 8899).
  const envFile = path.join(workdir, '.env.netlify-dev');
  const wiring = (await readFile(envFile, 'utf8'))
    .replaceAll(':8899', `:${standinsPort}`)
    .replace(/^LOCAL_STANDINS_PORT=.*$/m, `LOCAL_STANDINS_PORT=${standinsPort}`)
    .replace(/^URL=.*$/m, `URL=http://localhost:${sitePort}`);
  await writeFile(envFile, wiring);

  const bin = path.join(root, 'node_modules/.bin');
  child = spawn(
    path.join(bin, 'netlify'),
    ['dev', '--offline', '--port', String(sitePort), '--target-port', String(standinsPort)],
    {
      cwd: workdir,
      detached: true,
      env: {
        ...process.env,
        PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
        BROWSER: 'none',
        NETLIFY_SITE_ID: '',
        LOCAL_DATA_DIR: path.join(workdir, '.netlify/local-data'),
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready once the edge function answers the home page (the edge runtime starts on first use).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`netlify dev exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`netlify dev did not serve the home page:\n${output}`);
    const res = await fetch(`${site}/`).catch(() => null);
    if (res?.status === 200 && res.headers.get('x-nf-edge-functions') === 'render') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`netlify dev served the home page ${Math.round(performance.now() - started)} ms after start`);
}, 90_000);

afterAll(async () => {
  if (child?.pid) {
    // The CLI, the stand-ins and the Deno isolate share the process group. The isolate's graceful
    // shutdown waits for the proxy's keep-alive connections, so the group is killed once the CLI
    // has had its chance to stop.
    const group = -child.pid;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      process.kill(group, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // every process of the group has already exited
    }
  }
  if (workdir) await rm(workdir, { recursive: true, force: true });
  console.log(`netlify dev test took ${Math.round(performance.now() - started)} ms in all`);
});

/**
 * An answer of the `render` edge function under Netlify's runtime: the CLI's proxy names the edge
 * function that answered, and the render handler (src/server) set the cache tags. The stand-ins'
 * server runs the same handler in Node behind its local CDN, whose answers carry `Cache-Status`:
 * a page that fell through to it would have that header and no `x-nf-edge-functions`.
 */
function expectEdgeRendered(res: Response) {
  expect(res.headers.get('x-nf-edge-functions')).toBe('render');
  expect(res.headers.get('netlify-cache-tag')).toBeTruthy();
  expect(res.headers.get('netlify-cdn-cache-control')).toBeTruthy();
  expect(res.headers.get('cache-status')).toBeNull();
}

test('home, an article, a 404 and a payload come from the render edge function under Deno', async () => {
  const home = await fetch(`${site}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expectEdgeRendered(home);
  const html = await home.text();
  expect(html).toContain('window.__INITIAL_STATE__=');

  const article = await fetch(`${site}${ARTICLE_PATH}`);
  expect(article.status).toBe(200);
  expectEdgeRendered(article);
  expect(await article.text()).toContain('<h1');

  const missing = await fetch(`${site}/training/no-such-article-here`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-nf-edge-functions')).toBe('render');
  expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');

  const payload = await fetch(`${site}/_payload${ARTICLE_PATH}`);
  expect(payload.status).toBe(200);
  expect(payload.headers.get('content-type')).toMatch(/^application\/json/);
  expectEdgeRendered(payload);
  expect(JSON.stringify(await payload.json())).toContain('boxing-glove-size-guide');

  // Nothing was fetched: no bootstrap download, no types for the config reader.
  expect(output).not.toMatch(
    /error sending request|dns error|Could not load configuration|edge\.netlify\.com/i,
  );
  // The function's own log, from the Deno isolate (the bootstrap prefixes it with the function's name).
  expect(output).toMatch(new RegExp(`\\[render\\] GET http://[^ ]+${ARTICLE_PATH} 200`));
});

test("static files get netlify.toml's headers from Netlify's runtime; demo images come from the stand-ins", async () => {
  const home = await (await fetch(`${site}/`)).text();
  const asset = home.match(/(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeDefined();
  const file = await fetch(`${site}${asset}`);
  expect(file.status).toBe(200);
  expect(file.headers.get('x-nf-edge-functions')).toBeNull();
  expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  expect(file.headers.get('x-frame-options')).toBe('DENY');
  const favicon = await fetch(`${site}/favicon.svg`);
  expect(favicon.status).toBe(200);
  expect(favicon.headers.get('cache-control')).toBe('public, max-age=86400');

  const image = home.match(/(\/a\/f\/[^"?\s]+\.(?:jpe?g|png))/)?.[1];
  expect(image).toBeDefined();
  const picture = await fetch(`${site}${image}`);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toMatch(/^image\//);
});

test('a sign-up goes through the email-capture function and Blobs and reaches the sink once', async () => {
  const email = `netlify-dev-${Date.now()}@example.com`;
  const body = JSON.stringify({ email, source: 'footer', path: '/', consent: true });
  const headers = { 'Content-Type': 'application/json' };
  const first = await fetch(`${site}/.netlify/functions/email-capture`, { method: 'POST', headers, body });
  expect([200, 201, 202]).toContain(first.status);
  // The same sign-up again (a double click) is the same record, not a second delivery.
  const again = await fetch(`${site}/.netlify/functions/email-capture`, { method: 'POST', headers, body });
  expect([200, 201, 202]).toContain(again.status);

  const received = async () =>
    ((await (await fetch(`${standins}/_local/klaviyo/_sink/received`)).json()) as { email: string }[]).filter(
      (r) => r.email === email,
    ).length;
  const deadline = Date.now() + 15_000;
  while ((await received()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(await received()).toBe(1);
  await new Promise((r) => setTimeout(r, 1000));
  expect(await received()).toBe(1);
});

test('a cart action goes through the cart function to the Storefront stand-in', async () => {
  const res = await fetch(`${site}/.netlify/functions/cart`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      action: 'linesAdd',
      lines: [{ merchandiseId: 'gid://shopify/ProductVariant/100102', quantity: 1 }],
    }),
  });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { cart: { totalQuantity: number } | null; userErrors: unknown[] };
  expect(answer.userErrors).toEqual([]);
  expect(answer.cart?.totalQuantity).toBe(1);
  expect(res.headers.getSetCookie().some((c) => c.startsWith('rh_cart='))).toBe(true);
});

test("the content webhook writes to the CLI's Blobs and the edge function reads them; events are routed", async () => {
  const url = `${site}/.netlify/functions/content-webhook`;
  const headers = { 'Content-Type': 'application/json' };
  // An unsigned webhook is refused before any work.
  const unsigned = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ action: 'published', space_id: 1, story_id: 1 }),
  });
  expect(unsigned.status).toBe(401);
  // Signed with .env.netlify-dev's secret, as the local editor's Publish signs it: the function reads
  // the story from the stand-in, records it in the CLI's Blobs and purges (skipped under netlify dev).
  const wiring = await readFile(path.join(workdir, '.env.netlify-dev'), 'utf8');
  const secret = wiring.match(/^STORYBLOK_WEBHOOK_SECRET=(.+)$/m)![1]!;
  const story = (await (
    await fetch(`${standins}/v2/cdn/stories/blogs/boxing-glove-size-guide?token=local-public-token`)
  ).json()) as { story: { id: number; full_slug: string } };
  const publish = async (action: 'published' | 'unpublished') => {
    const body = JSON.stringify({
      action,
      space_id: 1,
      story_id: story.story.id,
      full_slug: story.story.full_slug,
    });
    const signature = createHmac('sha1', secret).update(body).digest('hex');
    return fetch(url, { method: 'POST', headers: { ...headers, 'webhook-signature': signature }, body });
  };
  expect((await publish('published')).status).toBe(200);
  expect((await publish('unpublished')).status).toBe(200);
  // The function wrote its record through the CLI's Blobs sandbox (files under .netlify/blobs-serve,
  // the site id `unlinked`): the page is gone (the stand-in still has it, so the page renders on).
  const record = path.join(workdir, '.netlify/blobs-serve/entries/unlinked/site:content-state/state');
  const state = JSON.parse(await readFile(record, 'utf8')) as { gone: Record<string, string> };
  expect(Object.keys(state.gone)).toContain(ARTICLE_PATH);
  // The edge function reads the same store (the CLI hands the isolate its Blobs context): a missing
  // page recorded as gone answers 410, not 404.
  const missing = '/training/no-such-article-here';
  state.gone[missing] = new Date().toISOString();
  await writeFile(record, JSON.stringify(state));
  let gone: Response | undefined;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    gone = await fetch(`${site}${missing}`);
    if (gone.status === 410) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(gone?.status).toBe(410);
  expect(gone?.headers.get('x-nf-edge-functions')).toBe('render');

  const events = await fetch(`${site}/.netlify/functions/events`, { method: 'GET' });
  expect(events.status).toBe(405);
  expect(events.headers.get('allow')).toBe('POST');
});

test("netlify.toml's dev-only render declaration is the deployed one plus the stand-ins' paths", async () => {
  const deployed = (await netlifyTomlBlock('[[edge_functions]]')) as EdgeDeclaration | null;
  const dev = await netlifyTomlBlock('[[context.dev.edge_functions]]');
  expect(deployed).toMatchObject({ function: 'render', path: '/*' });
  // A path excluded from `render` when deployed must be excluded under netlify dev too: change both.
  expect(
    dev,
    'netlify.toml: [[context.dev.edge_functions]] = [[edge_functions]] + /a/*, /v2/*, /_local/*',
  ).toEqual({
    ...deployed,
    excludedPath: [...deployed!.excludedPath, '/a/*', '/v2/*', '/_local/*'],
  });
});
