/**
 * Durable first, then forward: whatever fails between the 202 and the provider, the sign-up is
 * delivered once the fault clears, and no address is delivered twice. Real Blobs (local server),
 * real HTTP to the loopback sink through the Klaviyo adapter; time moves by hand.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { backoffMs } from '../../../src/functions/email-capture/pipeline';
import { signupId } from '../../../src/functions/email-capture/record';
import { RETRY, setup, signup, startParts, type Parts } from './support';

let parts: Parts;
beforeAll(async () => {
  parts = await startParts();
});
afterAll(() => parts.stop());
beforeEach(() => parts.sink.setFault({ mode: 'ok' }));

const deliveredCount = (email: string) => parts.sink.deliveries().get(email) ?? 0;
const recordOf = async (t: ReturnType<typeof setup>, email: string) =>
  (await t.store.read(await signupId(email)))?.record;

test('happy path: accepted, forwarded at once, marked delivered, and no longer due', async () => {
  const t = setup(parts);
  expect((await t.post(signup('happy@example.com'))).status).toBe(202);
  expect(deliveredCount('happy@example.com')).toBe(1);
  expect(await recordOf(t, 'happy@example.com')).toMatchObject({
    state: 'delivered',
    attempts: 1,
    lastError: null,
  });
  expect(await t.store.due()).toEqual([]);
  expect(parts.sink.received.at(-1)).toMatchObject({
    listId: 'newsletter',
    companyId: 'TEST',
    source: 'Website footer',
  });
});

test('a repeat sign-up (any case, any spacing) is one record and one delivery', async () => {
  const t = setup(parts);
  await t.post(signup('Repeat@Example.com'));
  await t.post(signup('  repeat@example.COM '));
  await t.post(signup('repeat@example.com', { source: 'sidebar' }));
  expect(deliveredCount('repeat@example.com')).toBe(1);
  expect(await recordOf(t, 'repeat@example.com')).toMatchObject({ state: 'delivered', attempts: 1 });
});

test('provider down: the record waits as failed, and is delivered once the fault clears', async () => {
  const t = setup(parts);
  parts.sink.setFault({ mode: 'down' });
  expect((await t.post(signup('down@example.com'))).status).toBe(202);
  expect(await recordOf(t, 'down@example.com')).toMatchObject({
    state: 'failed',
    attempts: 1,
    lastError: '503 service_unavailable',
  });
  // Not due yet: the retry job leaves it alone.
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 0, failed: 0 });
  t.advance(RETRY.baseMs);
  expect(await t.pipeline.retryDue()).toMatchObject({ failed: 1 }); // still down: backs off again
  expect(await recordOf(t, 'down@example.com')).toMatchObject({ attempts: 2 });
  parts.sink.setFault({ mode: 'ok' });
  t.advance(backoffMs(2, RETRY));
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 1 });
  expect(deliveredCount('down@example.com')).toBe(1);
  expect(await recordOf(t, 'down@example.com')).toMatchObject({
    state: 'delivered',
    attempts: 3,
    lastError: null,
  });
  expect(await t.store.due()).toEqual([]);
});

test('provider 429: retried after its Retry-After at the earliest, then delivered once', async () => {
  const t = setup(parts);
  parts.sink.setFault({ mode: 'rate-limit', count: 1 });
  await t.post(signup('throttled@example.com'));
  const record = await recordOf(t, 'throttled@example.com');
  expect(record).toMatchObject({ state: 'failed', lastError: '429 rate limited throttled' });
  t.advance(RETRY.baseMs);
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 1 });
  expect(deliveredCount('throttled@example.com')).toBe(1);
  expect(backoffMs(1, RETRY, 5 * 60_000)).toBe(5 * 60_000); // a longer Retry-After wins over the backoff
});

test('provider time-out: the call is abandoned, retried later, delivered once', async () => {
  const t = setup(parts, { timeoutMs: 300 });
  parts.sink.setFault({ mode: 'timeout', count: 1 });
  await t.post(signup('slow@example.com'));
  expect(await recordOf(t, 'slow@example.com')).toMatchObject({
    state: 'failed',
    lastError: 'timed out after 300 ms',
    leaseUntil: null,
  });
  t.advance(RETRY.baseMs);
  await t.pipeline.retryDue();
  expect(deliveredCount('slow@example.com')).toBe(1);
});

test('killed after the write and before forwarding: the scheduled job delivers it, once', async () => {
  // Forwarding off is exactly the state a crash right after the write leaves: stored, marked due.
  const t = setup(parts, { forwarding: false });
  await t.post(signup('crash@example.com'));
  expect(deliveredCount('crash@example.com')).toBe(0);
  expect(await recordOf(t, 'crash@example.com')).toMatchObject({ state: 'pending', attempts: 0 });
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 1 });
  expect(await t.pipeline.retryDue()).toMatchObject({ scanned: 0 });
  expect(deliveredCount('crash@example.com')).toBe(1);
});

test('killed mid-delivery: the claim expires and the record is delivered by the next run', async () => {
  const t = setup(parts, { forwarding: false });
  await t.post(signup('midway@example.com'));
  // A worker claimed it and died: the claim stands until it expires.
  const found = await t.store.read(await signupId('midway@example.com'));
  const leaseUntil = new Date(Date.parse(found!.record.nextAttemptAt) + 30_000).toISOString();
  expect(await t.store.replace({ ...found!.record, leaseUntil }, found!.etag)).toBe(true);
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 0, skipped: 1 });
  t.advance(30_001);
  expect(await t.pipeline.retryDue()).toMatchObject({ delivered: 1 });
  expect(deliveredCount('midway@example.com')).toBe(1);
});

test('the request and the scheduled job racing for one record deliver it once', async () => {
  const t = setup(parts, { forwarding: false });
  await t.post(signup('race@example.com'));
  const id = await signupId('race@example.com');
  await Promise.all([
    t.pipeline.forward(id),
    t.pipeline.retryDue(),
    t.pipeline.forward(id),
    t.pipeline.retryDue(),
  ]);
  expect(deliveredCount('race@example.com')).toBe(1);
});

test('a refusal for good (4xx) is a dead letter at once; past the maximum age too; a new sign-up revives it', async () => {
  const t = setup(parts);
  parts.sink.setFault({ mode: 'down' });
  await t.post(signup('old@example.com'));
  t.advance(RETRY.maxAgeMs + 1);
  expect(await t.pipeline.retryDue()).toMatchObject({ dead: 1 });
  expect(await recordOf(t, 'old@example.com')).toMatchObject({
    state: 'dead',
    lastError: '503 service_unavailable',
  });
  expect(await t.store.due()).toEqual([]); // no longer retried, still visible
  parts.sink.setFault({ mode: 'ok' });
  await t.post(signup('old@example.com'));
  expect(await recordOf(t, 'old@example.com')).toMatchObject({ state: 'delivered' });
  expect(deliveredCount('old@example.com')).toBe(1);
});

test('the provider refusing an address (400) makes a dead letter without retries', async () => {
  const { createSignupPipeline } = await import('../../../src/functions/email-capture/pipeline');
  const store = parts.newStore();
  const pipeline = createSignupPipeline({
    store,
    provider: { subscribe: async () => ({ ok: false, retry: false, error: '400 invalid_email' }) },
    log: () => {},
  });
  const { id } = await pipeline.accept({
    email: 'refused@example.com',
    source: 'block',
    path: '/',
    consent: true,
  });
  expect(await pipeline.forward(id)).toBe('dead');
  expect((await store.read(id))?.record).toMatchObject({
    state: 'dead',
    attempts: 1,
    lastError: '400 invalid_email',
  });
  expect(await store.due()).toEqual([]);
});

test('backoff doubles from the base and stops at the ceiling', () => {
  expect([1, 2, 3, 4].map((n) => backoffMs(n, RETRY))).toEqual([60_000, 120_000, 240_000, 480_000]);
  expect(backoffMs(30, RETRY)).toBe(RETRY.maxMs);
});
