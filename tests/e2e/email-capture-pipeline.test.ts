/**
 * The sign-up pipeline in the built local stack, with real processes: a server killed right after
 * acknowledging a sign-up loses nothing (the restarted one delivers it, once), and a bounded load
 * test with a provider failing a third of calls ends with every address delivered exactly once.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { serveOnLoopback } from '../../src/local/content-service/node-http';
import { createEmailSink } from '../../src/local/email-sink';
import { startBuiltServer } from '../support/local-server';

const sink = createEmailSink();
let sinkServer: Awaited<ReturnType<typeof serveOnLoopback>>;
beforeAll(async () => {
  sinkServer = await serveOnLoopback((request) => sink.handle(request));
});
afterAll(() => sinkServer?.close());

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

test('a server killed after acknowledging a sign-up loses nothing: the next one delivers it once', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'killed-'));
  const env = {
    KLAVIYO_COMPANY_ID: 'TEST',
    KLAVIYO_LIST_ID: 'newsletter',
    EMAIL_PROVIDER_URL: sinkServer.url,
    LOCAL_DATA_DIR: dataDir,
    LOCAL_EMAIL_RETRY_MS: '200',
  };
  // Forwarding paused: the first server stores and acknowledges but is killed before it forwards.
  const first = await startBuiltServer({ ...env, EMAIL_FORWARDING: 'paused' });
  const email = `killed-${Date.now()}@example.com`;
  const response = await fetch(`${first.url}/.netlify/functions/email-capture`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, source: 'footer', path: '/', consent: true }),
  });
  expect(response.status).toBe(202);
  await first.kill();
  expect(sink.deliveries().get(email)).toBeUndefined();

  const second = await startBuiltServer(env);
  try {
    expect(await waitFor(() => sink.deliveries().has(email), 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 600)); // a few more retry runs: still once
    expect(sink.deliveries().get(email)).toBe(1);
  } finally {
    await second.stop();
  }
});

test('load (bounded): 200 sign-ups from 20 clients, provider failing every third call, each delivered once', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/load-email.mjs', '--signups', '200', '--clients', '20', '--timeout', '60', '--json'],
    { cwd: path.resolve(import.meta.dirname, '../..') },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  expect(result).toMatchObject({ accepted: 200, delivered: 200, missing: 0, duplicated: 0, ok: true });
}, 90_000);
