/**
 * The built edge bundle (dist/edge/render.js, what Netlify runs) renders an article in Deno, the
 * runtime of Netlify's edge, against the local Storyblok stand-in on loopback.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createContentService } from '../../src/local/content-service';
import { serveOnLoopback } from '../../src/local/content-service/node-http';
import { makeSite } from '../support/stories';
import { signedEditorUrl } from '../../src/server/preview-token';
import { createEdgeHandler } from '../../src/server/edge.server';
import { parseClientManifest } from '../../src/server/manifest';
import { asTheEdgeWrites } from '../support/head';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
// Two titles with characters of every UTF-8 width, the first with 2-byte ones only (the edge's
// stream writer writes ASCII and the rest each its own way: the comparison below).
const site = makeSite({
  articleTitles: ['The perfect jab', 'Hooks without the shoulder pain', 'Crème brûlée jabs', 'Jab — 拳击 🥊'],
});
// Paragraphs of three-byte characters: 2,400 bytes, written into the 16 KB views and split across
// their ends, and 18,000, a text chunk too long for a view that goes to the stream on its own.
Object.assign(site.articles[3]!.content, {
  content: {
    type: 'doc',
    content: [200, 1500].map((n) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: '拳击训练'.repeat(n) }],
    })),
  },
});
let stand: Awaited<ReturnType<typeof serveOnLoopback>>;

beforeAll(async () => {
  const service = createContentService({
    stories: site.stories,
    publicToken: 'edge-token',
    previewToken: 'edge-preview',
  });
  stand = await serveOnLoopback((req) => service.handle(req));
});
afterAll(() => stand?.close());

const script = path.join(tmpdir(), `edge-render-${process.pid}.mjs`);
type EdgeAnswer = { status: number; headers: Record<string, string>; body: string; deno: string };

/** The site's configuration, the same for the edge bundle under Deno and the source under Node. */
const edgeEnv = () => ({
  ...process.env,
  STORYBLOK_TOKEN: 'edge-token',
  STORYBLOK_PREVIEW_TOKEN: 'edge-preview',
  STORYBLOK_SPACE_ID: '1',
  STORYBLOK_ENDPOINT: `${stand.url}/v2`,
});

/** Run the built edge function once under Deno for this URL. */
async function renderUnderDeno(url: string): Promise<EdgeAnswer> {
  await writeFile(
    script,
    `globalThis.Netlify = { env: { toObject: () => Deno.env.toObject(), get: (name) => Deno.env.get(name) } };
const { default: render } = await import(${JSON.stringify(path.join(root, 'dist/edge/render.js'))});
const res = await render(new Request(Deno.args[0]), {});
console.log(JSON.stringify({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text(), deno: Deno.version.deno }));
// Pooled keep-alive connections would hold the process open; the answer is printed, so leave.
Deno.exit(0);`,
  );
  const deno = path.join(root, 'node_modules/.bin/deno');
  const { stdout } = await run(
    deno,
    ['run', '--quiet', '--no-prompt', `--allow-net=127.0.0.1`, '--allow-env', '--allow-read', script, url],
    {
      env: {
        ...edgeEnv(),
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
      },
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as EdgeAnswer;
}

test('the edge bundle renders an article under Deno', async () => {
  const article = site.articles[0]!;
  const result = await renderUnderDeno(`https://site.test/training/${article.slug}`);
  expect(result.deno).toMatch(/^2\./);
  expect(result.status).toBe(200);
  expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(result.headers['netlify-cache-tag']).toContain(article.uuid);
  expect(result.body).toContain('The perfect jab');
  expect(result.body).toContain('window.__INITIAL_STATE__=');
  expect(result.body).not.toContain('edge-token');
}, 90_000);

test("the edge bundle writes the very bytes React writes with its own stream config (its stream writer, src/server/stream-writer.ts, changes none but dropping <server-html>'s tags)", async () => {
  // The source under Node renders with React's Node build and its own writing; the edge bundle's
  // React writes through the stream writer. Only the nonce differs, and the tags of the server's
  // own <head> markup (`<server-html>`), which the writer drops.
  const manifest = parseClientManifest(await readFile(path.join(root, 'dist/manifest.json'), 'utf8'));
  const handle = createEdgeHandler({ manifest, env: edgeEnv(), log: () => {} });
  const sameNonce = (html: string) => html.replaceAll(/nonce="[^"]+"|nonce-[^']+'/g, 'nonce');
  // The two articles whose titles have 2-, 3- and 4-byte characters, and home with their cards.
  const urls = [2, 3].map((i) => `https://site.test/training/${site.articles[i]!.slug}`);
  for (const url of [...urls, 'https://site.test/']) {
    const [edge, source] = await Promise.all([renderUnderDeno(url), handle(new Request(url))]);
    const html = await source.text();
    expect(edge.status, url).toBe(200);
    expect(html.length, url).toBeGreaterThan(10_000);
    expect(edge.body, url).not.toContain('server-html');
    expect(html, url).toContain('<server-html>');
    expect(sameNonce(edge.body), url).toBe(sameNonce(asTheEdgeWrites(html)));
  }
}, 90_000);

test('under Deno, https://<site>//evil.example/ redirects to a path on the site', async () => {
  const result = await renderUnderDeno('https://site.test//evil.example/');
  expect(result.status).toBe(301);
  expect(result.headers.location).toBe('/evil.example');
  expect(new URL(result.headers.location!, 'https://site.test/').origin).toBe('https://site.test');
}, 90_000);

test('under Deno, a Visual Editor link verifies (Web Crypto SHA-1) and opens a private draft session', async () => {
  const article = site.articles[0]!;
  const page = new URL(`https://site.test/training/${article.slug}`);
  const link = await signedEditorUrl(page, {
    storyId: article.id,
    spaceId: '1',
    previewToken: 'edge-preview',
    now: new Date(),
  });
  const result = await renderUnderDeno(link.href);
  expect(result.status).toBe(200);
  expect(result.headers['cache-control']).toBe('private, no-store');
  expect(result.headers['set-cookie']).toMatch(/^rh_preview=v1\.\d+\.[\w-]{43}; .*Partitioned/);
  expect(result.body).toContain('aria-label="Preview mode"');
  expect(result.body).not.toContain('edge-preview');

  link.searchParams.set('_storyblok_tk[token]', '0'.repeat(40));
  const forged = await renderUnderDeno(link.href);
  expect(forged.status).toBe(403);
  expect(forged.headers['set-cookie']).toBeUndefined();
}, 90_000);
