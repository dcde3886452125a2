/**
 * No secret reaches the browser: every built client file (scripts, styles, their source maps, static
 * files) and every page and payload a visitor or an editor can get is scanned for the value of each
 * server-side secret the local stack runs with (its stand-ins' tokens, and the secrets set here).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';

const root = path.resolve(import.meta.dirname, '../..');
const set = {
  PREVIEW_SECRET: `preview-secret-${randomBytes(16).toString('hex')}`,
  STORYBLOK_WEBHOOK_SECRET: `webhook-secret-${randomBytes(16).toString('hex')}`,
  LOCAL_PURGE_TOKEN: `purge-token-${randomBytes(16).toString('hex')}`,
};
/** The local stand-ins' own credentials (src/local/server.ts): server-side like the real ones. */
const standIns = {
  STORYBLOK_PREVIEW_TOKEN: 'local-preview-token',
  SHOPIFY_STOREFRONT_TOKEN: 'local-storefront-token',
  SEGMENT_WRITE_KEY: 'local-segment-write-key',
};
const secrets = { ...set, ...standIns };

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer(set);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** The secrets whose value appears in `text`. */
const leaked = (text: string) =>
  Object.entries(secrets)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test('the scan finds a secret where there is one', () => {
  expect(leaked(`a ${set.PREVIEW_SECRET} b ${standIns.SHOPIFY_STOREFRONT_TOKEN}`)).toEqual([
    'PREVIEW_SECRET',
    'SHOPIFY_STOREFRONT_TOKEN',
  ]);
});

test('no built client file holds a secret', async () => {
  const all = await files(path.join(root, 'dist/public'));
  expect(all.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const file of all) {
    const text = await readFile(file, 'latin1');
    for (const name of leaked(text)) found.push(`${path.relative(root, file)}: ${name}`);
  }
  expect(found).toEqual([]);
});

test('no page or payload holds a secret, for a visitor or in a preview session', async () => {
  const sitemap = await (await fetch(`${server.url}/sitemap`)).text();
  const paths = [
    '/',
    '/sitemap',
    '/c',
    '/t',
    '/author',
    '/no-such-page',
    ...new Set([...sitemap.matchAll(/href="(\/[^"#?]+)"/g)].map((m) => m[1]!)),
  ];
  expect(paths.length).toBeGreaterThan(30);

  // An editor's verified link opens a preview session (its cookie goes along below).
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = createHash('sha1').update(`1:${standIns.STORYBLOK_PREVIEW_TOKEN}:${timestamp}`).digest('hex');
  const link = new URLSearchParams({
    _storyblok: '1',
    '_storyblok_tk[space_id]': '1',
    '_storyblok_tk[timestamp]': timestamp,
    '_storyblok_tk[token]': token,
  });
  const opened = await fetch(`${server.url}/?${link}`);
  expect(await opened.text()).not.toContain(standIns.STORYBLOK_PREVIEW_TOKEN);
  const session = opened.headers.get('set-cookie')?.split(';')[0];
  expect(session).toMatch(/^rh_preview=/);

  const found: string[] = [];
  // One page of each template, as a visitor and in the preview session: the leak paths are per
  // template, and cold pages are slow by design (the content client keeps to 5 requests a second).
  const first = (pattern: RegExp, count = 1) => paths.filter((p) => pattern.test(p)).slice(0, count);
  const sample = [
    ...paths.slice(0, 6),
    ...first(/^\/c\/[^/]+$/),
    ...first(/^\/t\/[^/]+$/),
    ...first(/^\/author\/[^/]+$/),
    ...first(/^\/p\/[^/]+$/),
    ...first(/^\/(?!c\/|t\/|author\/|p\/)[^/]+$/),
    ...first(/^\/(?!c\/|t\/|author\/|p\/)[^/]+\/[^/]+$/, 2),
    '/boxing-equipment/boxing-glove-size-guide',
  ];
  const both = (pagePath: string) => [pagePath, `/_payload${pagePath === '/' ? '' : pagePath}`];
  const requests = [undefined, session].flatMap((cookie) =>
    sample.flatMap(both).map((url) => ({ url, cookie })),
  );
  // Eight at a time.
  for (let i = 0; i < requests.length; i += 8) {
    await Promise.all(
      requests.slice(i, i + 8).map(async ({ url, cookie }) => {
        const res = await fetch(`${server.url}${url}`, {
          headers: cookie ? { cookie } : {},
          signal: AbortSignal.timeout(20_000),
        });
        const text = `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await res.text()}`;
        for (const name of leaked(text)) found.push(`${cookie ? 'preview ' : ''}${url}: ${name}`);
      }),
    );
  }
  expect(found).toEqual([]);
}, 240_000);
