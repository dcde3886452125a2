/**
 * The fetch handed to storyblok-js-client: a rolling-window limiter (spec §9: 5 requests per
 * second) and our own 429 retry (spec §8: wait 1 s × attempt number, 5 attempts in all). Both take
 * an injected clock and sleep so tests run in virtual time. Web-standard APIs only (edge/Deno).
 */

export type Sleep = (ms: number) => Promise<void>;
export type Clock = () => number;
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export const RATE_LIMIT_PER_SECOND = 5;
export const MAX_ATTEMPTS = 5;
export const RETRY_STEP_MS = 1000;
/**
 * The CMS counts requests as they arrive, and arrivals carry the network's jitter (and, on a busy
 * isolate, the event loop's): a sixth start exactly 1000 ms after the first can land within the
 * CMS's second. Starts are kept 5 per 1100 ms, so arrivals late by up to 100 ms still keep to 5 a
 * second (measured at the stand-in by tests/e2e/drills.test.ts, which a busy machine failed at 1000).
 */
export const RATE_WINDOW_MS = 1100;

/** Real-time sleep (a plain setTimeout; fine in Deno, Workers and Node). */
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Returns `acquire()`: resolves when a request may start, so that at most `limit` starts fall in
 * any half-open window of `windowMs`. Callers are served first come, first served.
 */
export function createWindowLimiter(opts: {
  limit: number;
  windowMs: number;
  now: Clock;
  sleep: Sleep;
}): (signal?: AbortSignal | null) => Promise<void> {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  return (signal) => {
    const turn = queue.then(async () => {
      for (;;) {
        throwIfAborted(signal);
        const t = opts.now();
        while (starts.length > 0 && (starts[0] ?? 0) <= t - opts.windowMs) starts.shift();
        if (starts.length < opts.limit) {
          starts.push(t);
          return;
        }
        await abortable(opts.sleep((starts[0] ?? t) + opts.windowMs - t), signal);
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Wraps `fetch` with the limiter and the 429 retry. After the last attempt the 429 response is
 * returned as is, so the client rejects with status 429 (mapped to ContentRateLimitError).
 */
export function createContentFetch(opts: {
  fetch: FetchLike;
  now: Clock;
  sleep: Sleep;
  limit?: number;
  maxAttempts?: number;
  retryStepMs?: number;
}): FetchLike {
  const acquire = createWindowLimiter({
    limit: opts.limit ?? RATE_LIMIT_PER_SECOND,
    windowMs: RATE_WINDOW_MS,
    now: opts.now,
    sleep: opts.sleep,
  });
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const step = opts.retryStepMs ?? RETRY_STEP_MS;
  return async (input, init) => {
    const signal = init?.signal;
    for (let attempt = 1; ; attempt++) {
      await acquire(signal);
      const res = await opts.fetch(input, init);
      if (res.status !== 429 || attempt >= maxAttempts) return res;
      await res.body?.cancel().catch(() => undefined);
      await abortable(opts.sleep(step * attempt), signal);
    }
  };
}

function throwIfAborted(signal: AbortSignal | null | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/** Lets the client's timeout (an AbortController) end a wait instead of sitting it out. */
function abortable(wait: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return wait;
  throwIfAborted(signal);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
