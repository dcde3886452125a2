#!/usr/bin/env node
/**
 * `netlify dev`'s framework command (netlify.toml [dev]): the local stand-ins for Storyblok, Shopify,
 * the email provider, Segment and the demo images, from the built local stack (`dist/local/server.mjs`,
 * what `npm start` runs) on LOCAL_STANDINS_PORT. Netlify's CLI serves the site itself in front of it:
 * the `render` edge function, the functions, Blobs and netlify.toml's headers; what the edge function
 * does not take (static files, `/a/…` images, `/v2/…`, `/_local/…` tools) it proxies here.
 *
 * The CLI runs this with .env.netlify-dev already in the environment. Those variables point
 * the site at the stand-ins; the stand-ins themselves must not see them (a STORYBLOK_TOKEN would make
 * the local server read Storyblok instead of serving the demo content), so the child gets the
 * environment without them.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'dist/local/server.mjs');
if (!existsSync(server)) {
  console.error('dist/local/server.mjs is missing: run `npm run build` first (`npm run dev:netlify` does).');
  process.exit(1);
}

/** What .env.netlify-dev sets for the site and the stand-ins must not take as their own. */
const SITE_WIRING = [
  'NETLIFY_EDGE_BOOTSTRAP',
  'URL',
  'STORYBLOK_TOKEN',
  'STORYBLOK_PREVIEW_TOKEN',
  'STORYBLOK_SPACE_ID',
  'STORYBLOK_EDITOR_ORIGIN',
  'STORYBLOK_ENDPOINT',
  'SHOPIFY_STORE_DOMAIN',
  'SHOPIFY_STOREFRONT_TOKEN',
  'KLAVIYO_COMPANY_ID',
  'KLAVIYO_LIST_ID',
  'EMAIL_PROVIDER_URL',
  'SEGMENT_WRITE_KEY',
  'SEGMENT_API_HOST',
];

const port = process.env.LOCAL_STANDINS_PORT || '8899';
const site = process.env.URL || 'http://localhost:8888';
const env = { ...process.env };
for (const name of SITE_WIRING) delete env[name];
Object.assign(env, {
  PORT: port,
  QUIET: process.env.QUIET ?? '1',
  // The local editor's Publish signs Storyblok's webhook with STORYBLOK_WEBHOOK_SECRET (kept) and
  // sends it to the site's content-webhook function under `netlify dev`.
  LOCAL_PUBLISH_WEBHOOK_URL:
    process.env.LOCAL_PUBLISH_WEBHOOK_URL || new URL('/.netlify/functions/content-webhook', site).href,
});

// The local server's own banner names its port; under `netlify dev` the site is the CLI's.
console.log(`netlify dev: the site is ${site}; the local stand-ins and tools follow on port ${port}`);
const child = spawn(process.execPath, ['--enable-source-maps', server], { cwd: root, env, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => child.kill(signal));
}
// The stand-ins end with `netlify dev`, even when the CLI alone was stopped by a signal.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && child.kill('SIGTERM'), 1000).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
