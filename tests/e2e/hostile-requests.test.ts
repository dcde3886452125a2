/**
 * Raw requests an attacker would send to the local server (`npm start`, bench and test servers):
 * none may end the process, bad request targets get a 400, methods it does not take a 405, and no redirect
 * leaves the site. Sent over a raw socket, because clients normalise request targets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { rawRequest } from '../support/raw-http';

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

/** Send one request line as written and read the answer. */
const raw = (method: string, target: string, headers: string[] = []) =>
  rawRequest(server.url, { method, target, headers });

async function stillServing() {
  const res = await fetch(`${server.url}/`);
  expect(res.status).toBe(200);
}

/** A Location a browser on this site would follow stays on this site. */
function expectOnSite(location: string | undefined) {
  expect(location, 'a redirect names its target').toBeDefined();
  expect(new URL(location!, `${server.url}/page`).origin).toBe(server.url);
}

describe('request targets that used to end the process', () => {
  test.each([
    '//',
    '///',
    '/\\',
    '//:99999/',
    '//a%/',
    '//[::1/',
    '//%00/',
    '//user@evil.example/',
    '//?x',
    '//#',
  ])('GET %s is answered and the server keeps serving', async (target) => {
    const answer = await raw('GET', target);
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 300 && answer.status < 400) expectOnSite(answer.headers.location);
    await stillServing();
  });

  test('HEAD and POST // are answered and the server keeps serving', async () => {
    const head = await raw('HEAD', '//');
    expect(head.status).toBe(301);
    expectOnSite(head.headers.location);
    const post = await raw('POST', '//');
    expect(post.status).toBe(405);
    await stillServing();
  });

  test.each(['/', '//', '/.netlify/functions/cart', '/v2/cdn/stories'])(
    'TRACE %s is 405 with the methods the server takes',
    async (target) => {
      const answer = await raw('TRACE', target);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(answer.body).not.toContain('Host:');
      await stillServing();
    },
  );

  test('a request head past 16 KiB is refused by the HTTP parser (431) and the server keeps serving', async () => {
    // Node answers 431 and closes at once, while the client may still be sending: the client sees
    // the 431 or, when the close outruns it, a reset. Either way nothing reaches our code.
    const answer = await raw('GET', `/${'a'.repeat(20_000)}`).then(
      (a) => a.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect([431, 'ECONNRESET', 'EPIPE']).toContain(answer);
    await stillServing();
  });

  test('a target that is not a path (absolute-form, asterisk) is a 400', async () => {
    expect((await raw('GET', 'http://evil.example/')).status).toBe(400);
    expect((await raw('OPTIONS', '*')).status).toBe(400);
    await stillServing();
  });
});

describe('the local server never redirects off-site nor takes its origin from the request', () => {
  test.each([
    '/.//evil.example/',
    '/%2e//evil.example/',
    '/./\\evil.example/',
    '//evil.example/',
    '///evil.example/',
  ])('GET %s redirects to a path on this site', async (target) => {
    const answer = await raw('GET', target);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/evil.example');
    expectOnSite(answer.headers.location);
  });

  test('GET //evil.example redirects on-site, and a forwarded host changes nothing on the page', async () => {
    const answer = await raw('GET', '//evil.example');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/evil.example');
    const page = await raw('GET', '/', ['X-Forwarded-Host: evil.example']);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('evil.example');
  });

  test('a Host header naming another site does not become the canonical URL', async () => {
    const { port } = new URL(server.url);
    const page = await rawRequest(server.url, { target: '/', host: 'evil.example' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`rel="canonical" href="http://localhost:${port}/"`);
    expect(page.body).not.toContain('evil.example');
  });
});
