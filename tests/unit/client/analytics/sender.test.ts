/**
 * The analytics sender (outbox, batches, retries, beacon) against a localStorage stand-in, a fetch
 * whose answers the test picks, and a clock and timer queue the test moves: what would reach the
 * collector, and what stays for the next page, after each of them.
 */
import { describe, expect, test } from 'vitest';
import {
  BATCH_WINDOW_MS,
  OUTBOX_KEY,
  OUTBOX_MAX,
  OUTBOX_MAX_AGE_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  batchesOf,
  createSender,
} from '../../../../src/client/analytics/sender.ts';
import { jsonStore, type JsonStore, type KeyValueStore } from '../../../../src/client/analytics/storage.ts';
import {
  ANALYTICS_LIMITS,
  EVENTS_PATH,
  type AnalyticsBatch,
  type AnalyticsMessage,
  type AnalyticsProperties,
  type TrackMessage,
} from '../../../../src/shared/analytics.ts';

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const DAY = 24 * 3600_000;
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** A localStorage stand-in; `data` is what the browser holds (two senders over one are two tabs). */
function memoryBacking(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

let seq = 0;
/** A track message raised at `at` (ids unique in this file). */
function message(at: number, properties: AnalyticsProperties = {}): TrackMessage {
  seq += 1;
  return {
    type: 'track',
    event: 'Element Clicked',
    properties: { element_id: `button-${seq}`, ...properties },
    messageId: `msg-${String(seq).padStart(4, '0')}`,
    timestamp: new Date(at).toISOString(),
    anonymousId: 'anon-1',
    context: {
      page: {
        path: '/training',
        url: 'https://roundhouse.test/training',
        search: '',
        title: 'Training',
        referrer: '',
      },
    },
  };
}
const idsOf = (messages: { messageId: string }[]) => messages.map((m) => m.messageId);

/** Lets the promises chained on an answered fetch run (no timer is waited for). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

type Deferred = { promise: Promise<Response>; answer: (status: number) => void };
function deferred(): Deferred {
  let answer: (status: number) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    answer = (status) => resolve(new Response(null, { status }));
  });
  return { promise, answer };
}

/** The network's answer to one POST: a status, a failed fetch, or one the test answers later. */
type Answer = number | 'network' | Deferred;

/**
 * One tab's sender. `answers` are taken in order (then 200); `timers` are the pending
 * setTimeout calls and `delays` every delay ever asked for; `fire()` runs the next timer (moving
 * the clock by its delay) and lets the send it starts finish.
 */
function tab(
  options: { backing?: ReturnType<typeof memoryBacking>; clock?: { t: number }; store?: JsonStore } = {},
) {
  const backing = options.backing ?? memoryBacking();
  const store = options.store ?? jsonStore(backing);
  const clock = options.clock ?? { t: T0 };
  const answers: Answer[] = [];
  const posts: AnalyticsBatch[] = [];
  const inits: RequestInit[] = [];
  const bodies: string[] = [];
  const beacons: AnalyticsBatch[] = [];
  const beaconBodies: string[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const delays: number[] = [];
  let beaconAccepts = true;

  const sender = createSender({
    store,
    fetch: async (input, init) => {
      expect(input).toBe(EVENTS_PATH);
      const body = String(init?.body);
      bodies.push(body);
      inits.push(init ?? {});
      posts.push(JSON.parse(body) as AnalyticsBatch);
      const answer = answers.shift() ?? 200;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (typeof answer === 'object') return answer.promise;
      return new Response(null, { status: answer });
    },
    beacon: (url, body) => {
      expect(url).toBe(EVENTS_PATH);
      if (!beaconAccepts) return false;
      beaconBodies.push(body);
      beacons.push(JSON.parse(body) as AnalyticsBatch);
      return true;
    },
    now: () => clock.t,
    setTimeout: (run, ms) => {
      timers.push({ ms, run });
      delays.push(ms);
      return timers.length;
    },
  });

  return {
    sender,
    store,
    backing,
    clock,
    answers,
    posts,
    inits,
    bodies,
    beacons,
    beaconBodies,
    timers,
    delays,
    refuseBeacons: () => void (beaconAccepts = false),
    /** Message ids the browser's storage holds. */
    outbox: () => idsOf(JSON.parse(backing.data.get(OUTBOX_KEY) ?? '[]') as AnalyticsMessage[]),
    /** Every message id POSTed, in order. */
    posted: () => posts.flatMap((p) => idsOf(p.batch)),
    async fire() {
      const timer = timers.shift();
      if (!timer) throw new Error('no timer is pending');
      clock.t += timer.ms;
      timer.run();
      await settle();
    },
  };
}

describe('the outbox', () => {
  test('a message is stored before anything is sent, and a 2xx takes it out', async () => {
    const t = tab();
    const m = message(T0);
    t.sender.add(m);
    expect(t.outbox()).toEqual([m.messageId]);
    expect(t.posts).toHaveLength(0);
    expect(t.delays).toEqual([BATCH_WINDOW_MS]);

    await t.fire();
    expect(t.posts).toHaveLength(1);
    expect(t.posts[0]?.batch).toEqual([m]);
    expect(t.posts[0]?.sentAt).toBe(new Date(T0 + BATCH_WINDOW_MS).toISOString());
    expect(t.inits[0]).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(t.outbox()).toEqual([]);
    expect(t.backing.data.has(OUTBOX_KEY)).toBe(false);
    expect(t.timers).toHaveLength(0);
  });

  test('messages raised within the batch window go out together, in order', async () => {
    const t = tab();
    const raised = [message(T0), message(T0 + 10), message(T0 + 20)];
    for (const m of raised) t.sender.add(m);
    expect(t.delays).toEqual([BATCH_WINDOW_MS]);
    await t.fire();
    expect(t.posts).toHaveLength(1);
    expect(t.posted()).toEqual(idsOf(raised));
  });

  test('messages older than 7 days are dropped, not sent', async () => {
    const backing = memoryBacking();
    const stale = message(T0 - OUTBOX_MAX_AGE_MS - 1);
    const old = message(T0 - 6 * DAY);
    backing.data.set(OUTBOX_KEY, JSON.stringify([stale, old]));
    const t = tab({ backing });
    await t.sender.flush();
    expect(t.posted()).toEqual([old.messageId]);
    expect(t.outbox()).toEqual([]);

    // Adding also leaves them out of what is kept.
    backing.data.set(OUTBOX_KEY, JSON.stringify([stale]));
    const fresh = message(T0);
    t.sender.add(fresh);
    expect(t.outbox()).toEqual([fresh.messageId]);
  });

  test('the outbox keeps the newest 500 messages', async () => {
    const t = tab();
    const raised = Array.from({ length: OUTBOX_MAX + 10 }, (_, i) => message(T0 + i));
    for (const m of raised) t.sender.add(m);
    expect(t.outbox()).toEqual(idsOf(raised.slice(-OUTBOX_MAX)));
    await t.fire();
    expect(t.posted()).toEqual(idsOf(raised.slice(-OUTBOX_MAX)));
    expect(t.posts.every((p) => p.batch.length <= ANALYTICS_LIMITS.batchMessages)).toBe(true);
  });

  test('what earlier pages left is sent by flush()', async () => {
    const backing = memoryBacking();
    const left = [message(T0 - 5000), message(T0 - 4000)];
    backing.data.set(OUTBOX_KEY, JSON.stringify(left));
    const t = tab({ backing });
    await t.sender.flush();
    expect(t.posted()).toEqual(idsOf(left));
    expect(t.outbox()).toEqual([]);
  });
  test('the answer is read to its end, so the page goes quiet (Lighthouse waits for open requests)', async () => {
    const answers: Response[] = [];
    const store = jsonStore(memoryBacking());
    const sender = createSender({
      store,
      fetch: async () => {
        const answer = new Response('{"accepted":1}', { status: 200 });
        answers.push(answer);
        return answer;
      },
      beacon: () => true,
      now: () => T0,
      setTimeout: () => undefined,
    });
    sender.add(message(T0));
    await sender.flush();
    expect(answers).toHaveLength(1);
    expect(answers[0]?.bodyUsed).toBe(true);
  });
});

describe('failures', () => {
  test.each([500, 502, 503, 408, 429, 'network'] as const)(
    'after %s the batch stays and is sent again',
    async (failure) => {
      const t = tab();
      const m = message(T0);
      t.answers.push(failure);
      t.sender.add(m);
      await t.fire();
      expect(t.outbox()).toEqual([m.messageId]);
      expect(t.timers.map((timer) => timer.ms)).toEqual([RETRY_BASE_MS]);

      await t.fire();
      expect(t.posted()).toEqual([m.messageId, m.messageId]);
      expect(t.outbox()).toEqual([]);
    },
  );

  test('retries back off from 2 s, doubling, to at most a minute; a success starts over', async () => {
    const t = tab();
    const m = message(T0);
    t.answers.push(503, 429, 'network', 500, 502, 503, 504, 503);
    t.sender.add(m);
    for (let i = 0; i < 9; i++) await t.fire();
    expect(t.delays).toEqual([
      BATCH_WINDOW_MS,
      2000,
      4000,
      8000,
      16_000,
      32_000,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
    ]);
    expect(RETRY_MAX_MS).toBe(60_000);
    // Nine attempts of the same message (same id), kept until the one that worked.
    expect(t.posted()).toEqual(Array.from({ length: 9 }, () => m.messageId));
    expect(t.outbox()).toEqual([]);
    expect(t.timers).toHaveLength(0);

    // Healthy again: the next message waits only the batch window, and a failure starts at 2 s.
    t.answers.push(503);
    t.sender.add(message(t.clock.t));
    await t.fire();
    expect(t.delays.slice(9)).toEqual([BATCH_WINDOW_MS, RETRY_BASE_MS]);
  });

  test('a message raised during the backoff waits for the retry and goes with it', async () => {
    const t = tab();
    const first = message(T0);
    t.answers.push(503);
    t.sender.add(first);
    await t.fire();
    const second = message(t.clock.t);
    t.sender.add(second);
    expect(t.timers.map((timer) => timer.ms)).toEqual([RETRY_BASE_MS]);
    expect(t.posts).toHaveLength(1);
    await t.fire();
    expect(t.posts).toHaveLength(2);
    expect(idsOf(t.posts[1]?.batch ?? [])).toEqual([first.messageId, second.messageId]);
    expect(t.outbox()).toEqual([]);
  });

  test('a message raised while a retry is out does not cut the backoff short', async () => {
    const t = tab();
    t.answers.push(503);
    t.sender.add(message(T0));
    await t.fire(); // fails: retry in 2 s
    const retry = deferred();
    t.answers.push(retry);
    await t.fire(); // the retry is out
    t.sender.add(message(t.clock.t));
    retry.answer(503);
    await settle();
    expect(t.delays).toEqual([BATCH_WINDOW_MS, 2000, 4000]);
  });

  test.each([400, 403, 413, 422])('a %s drops the batch: it is not retried', async (status) => {
    const t = tab();
    const m = message(T0);
    t.answers.push(status);
    t.sender.add(m);
    await t.fire();
    expect(t.posted()).toEqual([m.messageId]);
    expect(t.outbox()).toEqual([]);
    expect(t.timers).toHaveLength(0);
  });

  test('a failed batch stops the flush; the batches after it stay for the retry', async () => {
    const t = tab();
    const raised = Array.from({ length: 120 }, (_, i) => message(T0 + i));
    for (const m of raised) t.sender.add(m);
    t.answers.push(200, 503);
    await t.fire();
    expect(t.posts.map((p) => p.batch.length)).toEqual([50, 50]);
    expect(t.outbox()).toEqual(idsOf(raised.slice(50)));
    await t.fire();
    expect(t.outbox()).toEqual([]);
    const posted = t.posted();
    expect(new Set(posted)).toEqual(new Set(idsOf(raised)));
  });
});

describe('batches', () => {
  test('at most 50 messages a batch, every message once, in order', async () => {
    const t = tab();
    const raised = Array.from({ length: 120 }, (_, i) => message(T0 + i));
    for (const m of raised) t.sender.add(m);
    await t.fire();
    expect(t.posts.map((p) => p.batch.length)).toEqual([50, 50, 20]);
    expect(t.posted()).toEqual(idsOf(raised));
  });

  test('every body is within 32,000 bytes (multi-byte text counted in bytes) and batches are filled', async () => {
    const t = tab();
    // 1.5 to 7.5 KB each: ASCII, accented letters (2 bytes) and emoji (4 bytes), under 2,000 characters a string.
    const raised = Array.from({ length: 60 }, (_, i) =>
      message(T0 + i, {
        note: 'x'.repeat(400 + ((i * 137) % 1500)),
        title: 'é'.repeat(300 + ((i * 71) % 900)),
        gloves: '🥊'.repeat(100 + ((i * 53) % 700)),
      }),
    );
    const total = raised.reduce((sum, m) => sum + bytes(JSON.stringify(m)), 0);
    expect(total).toBeGreaterThan(4 * ANALYTICS_LIMITS.batchBytes);
    for (const m of raised) t.sender.add(m);
    await t.fire();

    expect(t.bodies.length).toBeGreaterThanOrEqual(5);
    for (const body of t.bodies) expect(bytes(body)).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchBytes);
    const posted = t.posted();
    expect(posted).toEqual(idsOf(raised));
    expect(new Set(posted).size).toBe(raised.length);
    // Each batch but the last is full: the next message would not have fitted.
    t.posts.slice(0, -1).forEach((post, i) => {
      const next = raised[posted.indexOf(post.batch.at(-1)?.messageId ?? '') + 1];
      expect(next).toBeDefined();
      const withNext = JSON.stringify({ ...post, batch: [...post.batch, next] });
      expect(bytes(withNext), `batch ${i} could have taken the next message`).toBeGreaterThan(
        ANALYTICS_LIMITS.batchBytes,
      );
    });
    expect(t.outbox()).toEqual([]);
  });

  test('a batch one byte over 32,000 is split; one byte under is not', () => {
    const sentAt = new Date(T0).toISOString();
    const small = message(T0);
    const sized = (bodyBytes: number) => {
      const probe = message(T0, { blob: '' });
      const base = bytes(JSON.stringify({ batch: [probe, small], sentAt }));
      return { ...probe, properties: { ...probe.properties, blob: 'x'.repeat(bodyBytes - base) } };
    };
    const over = sized(ANALYTICS_LIMITS.batchBytes + 1);
    expect(bytes(JSON.stringify({ batch: [over, small], sentAt }))).toBe(ANALYTICS_LIMITS.batchBytes + 1);
    expect(batchesOf([over, small], sentAt).map((b) => b.ids)).toEqual([[over.messageId], [small.messageId]]);
    const under = sized(ANALYTICS_LIMITS.batchBytes - 1);
    const [only, ...more] = batchesOf([under, small], sentAt);
    expect(more).toEqual([]);
    expect(only?.ids).toEqual([under.messageId, small.messageId]);
    expect(bytes(only?.body ?? '')).toBe(ANALYTICS_LIMITS.batchBytes - 1);
  });

  test('batchesOf leaves out a message too big to send alone', () => {
    const small = message(T0);
    const huge = message(T0, { blob: 'x'.repeat(ANALYTICS_LIMITS.batchBytes) });
    const batches = batchesOf([small, huge, small], new Date(T0).toISOString());
    expect(batches.flatMap((b) => b.ids)).toEqual([small.messageId, small.messageId]);
    for (const batch of batches) expect(bytes(batch.body)).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchBytes);
  });

  test('a message too big to send alone leaves the outbox instead of lingering there', async () => {
    const t = tab();
    const small = message(T0);
    const huge = message(T0, { blob: 'x'.repeat(ANALYTICS_LIMITS.batchBytes) });
    t.sender.add(small);
    t.sender.add(huge);
    await t.fire();
    expect(t.posted()).toEqual([small.messageId]);
    expect(t.outbox()).toEqual([]);

    t.sender.add(message(t.clock.t, { blob: 'x'.repeat(ANALYTICS_LIMITS.batchBytes) }));
    await t.fire();
    expect(t.posts).toHaveLength(1);
    expect(t.outbox()).toEqual([]);
  });
});

describe('leave()', () => {
  test('beacons everything waiting and, while sends succeed, takes it out of the outbox', async () => {
    const t = tab();
    const sent = message(T0);
    t.sender.add(sent);
    await t.fire(); // a send that worked
    const raised = [message(t.clock.t), message(t.clock.t + 1), message(t.clock.t + 2)];
    for (const m of raised) t.sender.add(m);

    t.sender.leave();
    expect(t.beacons).toHaveLength(1);
    expect(idsOf(t.beacons[0]?.batch ?? [])).toEqual(idsOf(raised));
    expect(t.outbox()).toEqual([]);
    // The batch timer finds nothing left to send.
    await t.fire();
    expect(t.posted()).toEqual([sent.messageId]);
  });

  test('a long outbox is beaconed in batches within the limits', () => {
    const t = tab();
    const raised = Array.from({ length: 130 }, (_, i) => message(T0 + i, { note: 'y'.repeat(600) }));
    for (const m of raised) t.sender.add(m);
    t.sender.leave();
    expect(t.beacons.length).toBeGreaterThan(1);
    for (const body of t.beaconBodies) expect(bytes(body)).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchBytes);
    for (const beacon of t.beacons)
      expect(beacon.batch.length).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchMessages);
    expect(t.beacons.flatMap((b) => idsOf(b.batch))).toEqual(idsOf(raised));
  });

  test('after a failed send beaconed messages stay, and the next page sends them again with the same ids', async () => {
    const backing = memoryBacking();
    const clock = { t: T0 };
    const page1 = tab({ backing, clock });
    const first = message(T0);
    page1.answers.push(503);
    page1.sender.add(first);
    await page1.fire();
    const second = message(clock.t);
    page1.sender.add(second);

    page1.sender.leave();
    expect(page1.beacons.flatMap((b) => idsOf(b.batch))).toEqual([first.messageId, second.messageId]);
    expect(page1.outbox()).toEqual([first.messageId, second.messageId]);

    const page2 = tab({ backing, clock });
    await page2.sender.flush();
    expect(page2.posts).toHaveLength(1);
    expect(page2.posts[0]?.batch).toEqual([first, second]);
    expect(page2.outbox()).toEqual([]);
  });

  test('what the browser would not queue stays in the outbox', () => {
    const t = tab();
    const m = message(T0);
    t.sender.add(m);
    t.refuseBeacons();
    t.sender.leave();
    expect(t.outbox()).toEqual([m.messageId]);
  });

  test('messages in a fetch that has not answered are not beaconed twice', async () => {
    const t = tab();
    const inFlight = message(T0);
    const pending = deferred();
    t.answers.push(pending);
    t.sender.add(inFlight);
    await t.fire();
    const waiting = message(t.clock.t);
    t.sender.add(waiting);
    t.sender.leave();
    expect(t.beacons.flatMap((b) => idsOf(b.batch))).toEqual([waiting.messageId]);
    pending.answer(200);
    await settle();
    expect(t.outbox()).toEqual([]);
  });
});

describe('two tabs over one storage', () => {
  test('neither loses the other’s messages, whatever order the sends answer in', async () => {
    const backing = memoryBacking();
    const clock = { t: T0 };
    const a = tab({ backing, clock });
    const b = tab({ backing, clock });
    const a1 = message(T0);
    const b1 = message(T0 + 1);
    const a2 = message(T0 + 2);
    a.sender.add(a1);
    b.sender.add(b1);
    a.sender.add(a2);
    expect(a.outbox()).toEqual([a1.messageId, b1.messageId, a2.messageId]);

    // Tab A sends what it finds; tab B adds while A's request is out.
    const pending = deferred();
    a.answers.push(pending);
    await a.fire();
    const b2 = message(clock.t);
    b.sender.add(b2);
    pending.answer(204);
    await settle();
    expect(a.outbox()).toEqual([b2.messageId]);

    // B's own send fails: it removes nothing of A's or its own.
    const a3 = message(clock.t);
    a.sender.add(a3);
    b.answers.push(503);
    await b.fire();
    expect(b.outbox()).toEqual([b2.messageId, a3.messageId]);

    await a.fire();
    expect(a.outbox()).toEqual([]);
    const delivered = new Set([...a.posted(), ...b.posted()]);
    expect(delivered).toEqual(new Set(idsOf([a1, b1, a2, b2, a3])));
  });

  test('a tab whose retry finds its messages sent by the other tab goes on sending new ones', async () => {
    const backing = memoryBacking();
    const clock = { t: T0 };
    const a = tab({ backing, clock });
    const b = tab({ backing, clock });
    const first = message(T0);
    a.answers.push(503);
    a.sender.add(first);
    await a.fire(); // fails: A backs off
    await b.sender.flush(); // B sends it
    expect(b.posted()).toEqual([first.messageId]);
    await a.fire(); // A's retry: nothing left

    const next = message(clock.t);
    a.sender.add(next);
    expect(a.timers.map((timer) => timer.ms)).toEqual([BATCH_WINDOW_MS]);
    await a.fire();
    expect(a.posted()).toEqual([first.messageId, next.messageId]);
    expect(a.outbox()).toEqual([]);
  });
});
