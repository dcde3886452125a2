/** The local stack as `npm start` runs it: clear configuration errors and a clean stop. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/local/server.mjs'], {
    cwd: root,
    env: { ...process.env, QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

test.each([
  ['PORT', 'eighty'],
  ['STORYBLOK_ENDPOINT', 'not-a-url'],
  ['STORYBLOK_REGION', 'mars'],
])('a malformed %s stops start-up with one line naming it', async (name, value) => {
  const server = runServer({ PORT: '0', [name]: value });
  expect(await server.exited).toBe(1);
  const lines = server.output().stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}:`));
});

test('SIGTERM stops the server cleanly', async () => {
  const server = runServer({ PORT: '0' });
  await expect
    .poll(() => server.output().stdout, { timeout: 20_000 })
    .toMatch(/running at http:\/\/localhost:\d+/);
  expect(server.output().stdout).toContain('local Storyblok stand-in');
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.output().stdout).toContain('SIGTERM: stopping');
});
