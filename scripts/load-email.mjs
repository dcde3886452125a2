#!/usr/bin/env node
/**
 * Load test of email capture on loopback (run `npm run load:email` after `npm run build`):
 * N sign-ups from C concurrent clients against the built local server, with the provider sink
 * failing every third call, then waits (bounded) until the retry job has delivered everything.
 * Checks that every accepted address ends delivered exactly once, and prints the figures.
 * Options: --signups N (default 2000), --clients C (default 50), --timeout S (default 120), --json
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberArg, startLocalServer } from './lib/local-server.mjs';

const arg = numberArg;
const SIGNUPS = arg('signups', 2000);
const CLIENTS = arg('clients', 50);
const TIMEOUT_S = arg('timeout', 120);
const JSON_OUT = process.argv.includes('--json');

const dataDir = mkdtempSync(path.join(tmpdir(), 'email-load-'));
const server = await startLocalServer({
  LOCAL_DATA_DIR: dataDir,
  // Every client here shares one loopback address: lift the per-IP guard for the test.
  EMAIL_RATE_LIMIT: '100000',
  EMAIL_RETRY_BASE_MS: '200',
  LOCAL_EMAIL_RETRY_MS: '250',
});
const sink = `${server.url}/_local/klaviyo/_sink`;
const result = { signups: SIGNUPS, clients: CLIENTS };
try {
  await fetch(`${sink}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ failEvery: 3 }),
  });
  const run = Date.now().toString(36);
  const accepted = new Set();
  const statuses = {};
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < SIGNUPS) {
        const i = next++;
        const email = `load-${run}-${i}@example.com`;
        const t = performance.now();
        const res = await fetch(`${server.url}/.netlify/functions/email-capture`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, source: 'block', path: '/load-test', consent: true }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 202) accepted.add(email);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  Object.assign(result, {
    statuses,
    acceptedPerSecond: Math.round(accepted.size / seconds),
    p50Ms: Number(pct(50).toFixed(1)),
    p99Ms: Number(pct(99).toFixed(1)),
  });

  // Wait for the retry job to drain what the failing third left behind.
  const deadline = Date.now() + TIMEOUT_S * 1000;
  let received = [];
  for (;;) {
    received = await (await fetch(`${sink}/received`)).json();
    const delivered = new Set(received.map((r) => r.email));
    if ([...accepted].every((e) => delivered.has(e)) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const counts = new Map();
  for (const r of received) counts.set(r.email, (counts.get(r.email) ?? 0) + 1);
  const missing = [...accepted].filter((e) => !counts.has(e));
  const duplicated = [...counts].filter(([, n]) => n > 1).map(([e]) => e);
  Object.assign(result, {
    accepted: accepted.size,
    delivered: counts.size,
    missing: missing.length,
    duplicated: duplicated.length,
    drainedSeconds: Number(((performance.now() - started) / 1000 - seconds).toFixed(1)),
  });
  result.ok = accepted.size === SIGNUPS && missing.length === 0 && duplicated.length === 0;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (JSON_OUT) console.log(JSON.stringify(result));
else {
  console.log(
    `Email capture load test: ${SIGNUPS} sign-ups, ${CLIENTS} concurrent clients, provider failing every 3rd call`,
  );
  console.log(
    `  responses: ${JSON.stringify(result.statuses)}; ${result.acceptedPerSecond} accepted/s; p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
  );
  console.log(
    `  accepted ${result.accepted}, delivered ${result.delivered}, missing ${result.missing}, delivered twice ${result.duplicated}; backlog drained ${result.drainedSeconds} s after the last answer`,
  );
  console.log(result.ok ? '  every accepted address delivered exactly once' : '  FAILED');
}
if (!result.ok) process.exitCode = 1;
