/** The edge's access log names every request but never a Visual Editor link's token. */
import { expect, test, vi } from 'vitest';
import { createEdgeHandler } from '../../../src/server/edge.server';
import type { ClientManifest } from '../../../src/server/manifest';

test("an editor link's token is redacted in the access log (and in a failure's log line)", async () => {
  const lines: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const manifest: ClientManifest = { entry: '/e.js', entryImports: [], css: [], routes: {} };
  // No content token: composing fails, so the request is answered 500 and logged twice.
  const handle = createEdgeHandler({ manifest, env: {}, log: (line) => lines.push(line) });
  const token = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
  for (const url of [
    `https://site.test/a?_storyblok=1&_storyblok_tk[token]=${token}&x=1`,
    `https://site.test/a?_storyblok_tk%5Btoken%5D=${token}`,
  ]) {
    await handle(new Request(url));
  }
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/_storyblok_tk\[token\]=\[redacted\]&x=1 500/);
  expect(lines[1]).toContain('_storyblok_tk%5Btoken%5D=[redacted]');
  const logged = [...lines, ...errors.mock.calls.map((call) => String(call[0]))].join('\n');
  expect(logged).not.toContain(token);
  errors.mockRestore();
});

test('a request its client abandoned is logged as 499, not as a render failure', async () => {
  const lines: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const manifest: ClientManifest = { entry: '/e.js', entryImports: [], css: [], routes: {} };
  // Composing fails (no content token): what an abort mid-render throws, here at once.
  const handle = createEdgeHandler({ manifest, env: {}, log: (line) => lines.push(line) });
  const gone = new AbortController();
  gone.abort();
  const res = await handle(new Request('https://site.test/_payload/training', { signal: gone.signal }));
  expect(res.status).toBe(499);
  expect(lines).toEqual([expect.stringMatching(/^GET https:\/\/site\.test\/_payload\/training 499 \d+ms$/)]);
  expect(errors).not.toHaveBeenCalled();
  // A request still waited for is a failure, logged as one.
  await handle(new Request('https://site.test/training'));
  expect(errors).toHaveBeenCalledTimes(1);
  errors.mockRestore();
});
