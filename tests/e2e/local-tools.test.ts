/**
 * The local stack's tools share the site's port: the Storyblok stand-in (drafts), the email sink
 * (received addresses, faults), the store stand-in and the on-demand email retry. Another site the
 * developer has open, or a DNS-rebinding page, must not read or change them; the site's own server,
 * tests and curl still can. And the static files get netlify.toml's headers, as deployed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { rawRequest } from '../support/raw-http';

const root = path.resolve(import.meta.dirname, '../..');
const EVIL = 'Origin: https://evil.example';
const CROSS_SITE = 'Sec-Fetch-Site: cross-site';

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

const DRAFTS = '/v2/cdn/stories?version=draft&token=local-preview-token';

describe('local tools refuse other sites', () => {
  test('a cross-site text/plain POST cannot switch a sink fault on', async () => {
    const fault = JSON.stringify({ mode: 'down' });
    const forged = await rawRequest(server.url, {
      method: 'POST',
      target: '/_local/klaviyo/_sink/faults',
      headers: [EVIL, CROSS_SITE, 'Content-Type: text/plain'],
      body: fault,
    });
    expect(forged.status).toBe(403);
    expect(forged.headers['x-content-type-options']).toBe('nosniff');

    // Same origin but not JSON (a form or text/plain post needs no preflight): 415.
    const notJson = await rawRequest(server.url, {
      method: 'POST',
      target: '/_local/klaviyo/_sink/faults',
      headers: ['Content-Type: text/plain'],
      body: fault,
    });
    expect(notJson.status).toBe(415);

    // No fault was set: a sign-up still reaches the sink.
    const email = `tools-${Date.now()}@example.com`;
    const signup = await fetch(`${server.url}/.netlify/functions/email-capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, source: 'footer', path: '/', consent: true }),
    });
    expect(signup.status).toBe(202);
    await expect
      .poll(async () => {
        const list = (await (await fetch(`${server.url}/_local/klaviyo/_sink/received`)).json()) as {
          email: string;
        }[];
        return list.some((r) => r.email === email);
      })
      .toBe(true);
  });

  test('received addresses are not readable from another origin or another Host', async () => {
    const target = '/_local/klaviyo/_sink/received';
    expect((await rawRequest(server.url, { target, headers: [EVIL] })).status).toBe(403);
    expect((await rawRequest(server.url, { target, headers: [CROSS_SITE] })).status).toBe(403);
    // Another port of localhost is the same site but another origin.
    expect((await rawRequest(server.url, { target, headers: ['Origin: http://localhost:1'] })).status).toBe(
      403,
    );
    // DNS rebinding: evil.example resolving to 127.0.0.1 sends its own name as Host.
    const rebound = await rawRequest(server.url, { target, host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('@');

    const own = await rawRequest(server.url, {
      target,
      headers: [`Origin: ${server.url}`, 'Sec-Fetch-Site: same-origin'],
    });
    expect(own.status).toBe(200);
    const { port } = new URL(server.url);
    expect((await rawRequest(server.url, { target, host: `localhost:${port}` })).status).toBe(200);
  });

  test('drafts from the Storyblok stand-in carry no CORS header and refuse other sites', async () => {
    const own = await rawRequest(server.url, { target: DRAFTS });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect((await rawRequest(server.url, { target: DRAFTS, headers: [EVIL] })).status).toBe(403);
    expect((await rawRequest(server.url, { target: DRAFTS, host: 'evil.example' })).status).toBe(403);
    const preflight = await rawRequest(server.url, {
      method: 'OPTIONS',
      target: DRAFTS,
      headers: [EVIL, 'Access-Control-Request-Method: GET'],
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the on-demand email retry refuses other sites and runs for local callers', async () => {
    const target = '/.netlify/functions/email-retry';
    const forged = await rawRequest(server.url, { method: 'POST', target, headers: [EVIL, CROSS_SITE] });
    expect(forged.status).toBe(403);
    const own = await rawRequest(server.url, { method: 'POST', target });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toEqual(expect.objectContaining({ delivered: expect.any(Number) }));
  });

  test('the store checkout, like a real store, takes a navigation from another site but no cross-site post', async () => {
    const target = '/_local/shopify/checkout/unknown-cart?key=nope';
    const navigation = await rawRequest(server.url, {
      target,
      headers: [CROSS_SITE, 'Sec-Fetch-Mode: navigate', 'Sec-Fetch-Dest: document'],
    });
    expect(navigation.status).not.toBe(403);
    const post = await rawRequest(server.url, {
      method: 'POST',
      target,
      headers: [EVIL, CROSS_SITE, 'Content-Type: application/x-www-form-urlencoded'],
    });
    expect(post.status).toBe(403);
    const api = await rawRequest(server.url, {
      method: 'POST',
      target: '/_local/shopify/api/2026-04/graphql.json',
      headers: [EVIL, 'Content-Type: application/json'],
      body: '{"query":"{ shop { name } }"}',
    });
    expect(api.status).toBe(403);
  });
});

describe("static files get netlify.toml's [[headers]], as deployed", () => {
  test('every value of every rule is sent locally for a file under its path', async () => {
    const { headers } = await parseAllHeaders({
      headersFiles: [],
      netlifyConfigPath: path.join(root, 'netlify.toml'),
      configHeaders: [],
      minimal: false,
    });
    const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8')) as {
      entry: string;
    };
    // A real file under each rule's path.
    const sample: Record<string, string> = {
      '/*': '/favicon.svg',
      '/assets/*': `/${manifest.entry.replace(/^\//, '')}`,
      '/icons/*': '/icons/social.svg',
      '/favicon.ico': '/favicon.ico',
      '/favicon.svg': '/favicon.svg',
      '/apple-touch-icon.png': '/apple-touch-icon.png',
    };
    expect((headers as Header[]).map((rule) => rule.for).sort()).toEqual(Object.keys(sample).sort());
    for (const rule of headers as Header[]) {
      const file = sample[rule.for]!;
      const answer = await fetch(`${server.url}${file}`);
      expect(answer.status, file).toBe(200);
      for (const [name, value] of Object.entries(rule.values)) {
        expect(answer.headers.get(name), `${name} on ${file}`).toBe(value);
      }
    }
  });

  test('icons are cached a day locally as on Netlify; other public files revalidate', async () => {
    const icons = await fetch(`${server.url}/icons/social.svg`);
    expect(icons.headers.get('cache-control')).toBe('public, max-age=86400');
    // robots.txt is the render handler's now (it names the sitemap on the configured origin).
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
