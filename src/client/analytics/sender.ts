/**
 * Delivery: every message goes into a first-party outbox (localStorage) the moment it is raised,
 * and leaves it only when the events function has answered 2xx for it, so neither a navigation, a
 * closed tab nor a collector outage loses an event.
 *
 * - Messages raised together are sent together: one batch a second at most, each batch within the
 *   function's limits (ANALYTICS_LIMITS: 50 messages, 32 KB).
 * - A failed send (network, 5xx, 429) is retried with backoff (2 s doubling to a minute); the
 *   outbox survives the page, so the next page (or the next visit) sends what is left.
 * - When the page is hidden (tab switch, close, navigation away) the outbox goes out at once with
 *   `sendBeacon`, which the browser delivers after the page is gone. While the collector is
 *   healthy, beaconed messages leave the outbox; after a failed send they stay too (the next page
 *   sends them again and the collector keeps the first copy: messageIds are unique).
 * - A 4xx other than 408/429 means the batch itself is wrong: it is dropped, not retried forever.
 */
import { ANALYTICS_LIMITS, EVENTS_PATH, type AnalyticsMessage } from '../../shared/analytics.ts';
import { isRecord, type JsonStore } from './storage.ts';

export const OUTBOX_KEY = 'rh_outbox';
/** The outbox keeps at most this many messages (the oldest go first beyond it). */
export const OUTBOX_MAX = 500;
/** Messages older than this are not sent any more (a week: Segment's own replay window is shorter). */
export const OUTBOX_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Messages raised within this window share one batch. */
export const BATCH_WINDOW_MS = 1000;
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 60_000;

export type SenderDeps = {
  store: JsonStore;
  fetch: typeof fetch;
  /** navigator.sendBeacon, bound; false when the browser would not queue it. */
  beacon: (url: string, body: string) => boolean;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
};

export type Sender = {
  /** Keep the message, then send it with the next batch. */
  add(message: AnalyticsMessage): void;
  /** Send what is waiting now (also what earlier pages left). */
  flush(): Promise<void>;
  /** The page is being hidden or left: hand everything waiting to the browser's beacon queue. */
  leave(): void;
};

const isMessage = (value: unknown): value is AnalyticsMessage =>
  isRecord(value) && typeof value.messageId === 'string' && typeof value.timestamp === 'string';
const isOutbox = (value: unknown): value is AnalyticsMessage[] =>
  Array.isArray(value) && value.every(isMessage);

/** Splits messages into batches within the function's limits (a message too big alone is dropped). */
export function batchesOf(messages: AnalyticsMessage[], sentAt: string): { ids: string[]; body: string }[] {
  const batches: { ids: string[]; body: string }[] = [];
  const encoder = new TextEncoder();
  const overhead = encoder.encode(JSON.stringify({ batch: [], sentAt })).length;
  let current: AnalyticsMessage[] = [];
  let bytes = overhead;
  const close = () => {
    if (current.length === 0) return;
    batches.push({ ids: current.map((m) => m.messageId), body: JSON.stringify({ batch: current, sentAt }) });
    current = [];
    bytes = overhead;
  };
  for (const message of messages) {
    const size = encoder.encode(JSON.stringify(message)).length + 1;
    if (overhead + size > ANALYTICS_LIMITS.batchBytes) continue;
    if (current.length >= ANALYTICS_LIMITS.batchMessages || bytes + size > ANALYTICS_LIMITS.batchBytes)
      close();
    current.push(message);
    bytes += size;
  }
  close();
  return batches;
}

export function createSender(deps: SenderDeps): Sender {
  const { store } = deps;
  /** Ids handed to a fetch that has not answered yet (a keepalive fetch outlives the page too). */
  const inFlight = new Set<string>();
  let scheduled = false;
  let failures = 0;

  const read = () => {
    const cutoff = deps.now() - OUTBOX_MAX_AGE_MS;
    return (store.read(OUTBOX_KEY, isOutbox) ?? []).filter((m) => Date.parse(m.timestamp) >= cutoff);
  };
  const remove = (ids: Set<string>) => {
    const left = read().filter((m) => !ids.has(m.messageId));
    if (left.length > 0) store.write(OUTBOX_KEY, left);
    else store.remove(OUTBOX_KEY);
  };

  const schedule = (ms: number) => {
    if (scheduled) return;
    scheduled = true;
    deps.setTimeout(() => {
      scheduled = false;
      void flush();
    }, ms);
  };

  async function send(batch: { ids: string[]; body: string }): Promise<'sent' | 'drop' | 'retry'> {
    try {
      const response = await deps.fetch(EVENTS_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: batch.body,
        keepalive: true,
        credentials: 'same-origin',
      });
      // Read the answer to its end: a body left unread keeps the request open in the browser's
      // eyes, and Lighthouse or PageSpeed then wait for the page to go quiet until they give up.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return 'sent';
      return response.status >= 500 || response.status === 408 || response.status === 429 ? 'retry' : 'drop';
    } catch {
      return 'retry';
    }
  }

  async function flush(): Promise<void> {
    const waiting = read().filter((m) => !inFlight.has(m.messageId));
    const batches = batchesOf(waiting, new Date(deps.now()).toISOString());
    // A message too big to send alone would otherwise stay in the outbox for its whole week.
    const batched = new Set(batches.flatMap((batch) => batch.ids));
    const unsendable = waiting.filter((m) => !batched.has(m.messageId));
    if (unsendable.length > 0) remove(new Set(unsendable.map((m) => m.messageId)));
    if (batches.length === 0) {
      // Nothing left to retry (another tab sent it): the next message must not wait for a backoff
      // that no timer will end (add() schedules only while no send is failing).
      if (inFlight.size === 0) failures = 0;
      return;
    }
    for (const batch of batches) {
      for (const id of batch.ids) inFlight.add(id);
      const outcome = await send(batch);
      for (const id of batch.ids) inFlight.delete(id);
      if (outcome === 'retry') {
        failures += 1;
        schedule(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1)));
        return;
      }
      failures = 0;
      remove(new Set(batch.ids));
    }
  }

  return {
    add(message) {
      const outbox = read();
      outbox.push(message);
      store.write(OUTBOX_KEY, outbox.slice(-OUTBOX_MAX));
      if (failures === 0) schedule(BATCH_WINDOW_MS);
    },
    flush,
    leave() {
      const waiting = read().filter((m) => !inFlight.has(m.messageId));
      if (waiting.length === 0) return;
      const handed = new Set<string>();
      for (const batch of batchesOf(waiting, new Date(deps.now()).toISOString())) {
        if (deps.beacon(EVENTS_PATH, batch.body)) for (const id of batch.ids) handed.add(id);
      }
      // After a failed send the collector may be down: keep them for the next page as well.
      if (failures === 0) remove(handed);
    },
  };
}
