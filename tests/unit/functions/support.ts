/**
 * Real parts for the email-capture tests: `@netlify/blobs`' local server in a temp directory, the
 * loopback provider sink over HTTP, the Klaviyo adapter pointed at it, and a clock tests move.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalBlobs } from '../../../src/local/blobs';
import { serveOnLoopback } from '../../../src/local/content-service/node-http';
import { createEmailSink } from '../../../src/local/email-sink';
import { createEmailCaptureHandler } from '../../../src/functions/email-capture/handler';
import { createSignupPipeline, type RetryPolicy } from '../../../src/functions/email-capture/pipeline';
import { createKlaviyoProvider } from '../../../src/functions/email-capture/provider';
import { createRateLimiter } from '../../../src/functions/rate-limit';
import { createBlobSignupStore } from '../../../src/functions/email-capture/store';

export async function startParts() {
  const blobs = await startLocalBlobs(mkdtempSync(path.join(tmpdir(), 'signups-')));
  const sink = createEmailSink();
  const sinkServer = await serveOnLoopback((request) => sink.handle(request));
  let storeCount = 0;
  return {
    sink,
    sinkUrl: sinkServer.url,
    /** A fresh, empty store per call, so tests never see each other's records. */
    newStore: () => createBlobSignupStore(blobs.store(`signups-${++storeCount}`)),
    async stop() {
      await sinkServer.close();
      await blobs.stop();
    },
  };
}

export type Parts = Awaited<ReturnType<typeof startParts>>;

export const RETRY: RetryPolicy = { baseMs: 60_000, maxMs: 3_600_000, maxAgeMs: 7 * 24 * 3_600_000 };

/** A pipeline + handler on a fresh store, talking to the sink through the real Klaviyo adapter. */
export function setup(
  parts: Parts,
  options: { timeoutMs?: number; rateLimit?: number; forwarding?: boolean } = {},
) {
  let clock = Date.parse('2026-11-23T10:00:00Z');
  const logs: string[] = [];
  const store = parts.newStore();
  const pipeline = createSignupPipeline({
    store,
    provider: createKlaviyoProvider({
      companyId: 'TEST',
      listId: 'newsletter',
      baseUrl: parts.sinkUrl,
      timeoutMs: options.timeoutMs ?? 2000,
    }),
    now: () => clock,
    retry: RETRY,
    leaseMs: 30_000,
    log: (line) => logs.push(line),
  });
  const handle = createEmailCaptureHandler({
    pipeline,
    rateLimit: createRateLimiter({ limit: options.rateLimit ?? 1000, windowMs: 60_000, now: () => clock }),
    forwarding: options.forwarding ?? true,
    log: (line) => logs.push(line),
  });
  const background: Promise<unknown>[] = [];
  return {
    store,
    pipeline,
    logs,
    advance: (ms: number) => void (clock += ms),
    /** POST a JSON body (or raw text) as a browser would; waits for background delivery too. */
    async post(body: unknown, init: { ip?: string; headers?: Record<string, string>; raw?: string } = {}) {
      const request = new Request('http://site.test/.netlify/functions/email-capture', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...init.headers },
        body: init.raw ?? JSON.stringify(body),
      });
      const response = await handle(request, {
        ip: init.ip ?? '203.0.113.7',
        waitUntil: (p) => void background.push(p),
      });
      await Promise.all(background.splice(0));
      return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
    },
    handle,
  };
}

export const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  source: 'footer',
  path: '/training/how-to-throw-a-jab',
  consent: true,
  ...extra,
});
