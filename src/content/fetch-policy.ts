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
 * A slot of the limiter is taken when a request starts and stays taken until `RATE_WINDOW_MS` after
 * its response arrived (or it failed). The CMS counts a request when it arrives, which is after it
 * started and before its response came back, however late the network or a busy isolate's event
 * loop makes it: a slot's next request then arrives at least a window after its last one, so the
 * CMS never sees more than `limit` in any window. (Counting from the start instead, arrivals a
 * moment late bunched into six in a second on a loaded machine: tests/e2e/drills.test.ts.)
 */
export const RATE_WINDOW_MS = 1000;

/** Real-time sleep (a plain setTimeout; fine in Deno, Workers and Node). */
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Gives the slot back: call once the request's response arrived or it failed. */
export type Release = () => void;

/**
 * Returns `acquire()`: resolves, with the slot's release, when a request may start. At most
 * `limit` slots are taken at once, and a slot is taken again only `windowMs` after its release.
 * Callers are served first come, first served.
 */
export function createWindowLimiter(opts: {
  limit: number;
  windowMs: number;
  now: Clock;
  sleep: Sleep;
}): (signal?: AbortSignal | null) => Promise<Release> {
  /** When each taken slot frees: Infinity while its request is out. */
  const slots = new Set<{ freeAt: number }>();
  // Resolved (and replaced) whenever a request out comes back.
  let wake = () => {};
  let released = new Promise<void>((resolve) => (wake = resolve));
  let queue: Promise<unknown> = Promise.resolve();
  const take = (): Release => {
    const slot = { freeAt: Number.POSITIVE_INFINITY };
    slots.add(slot);
    return () => {
      if (slot.freeAt !== Number.POSITIVE_INFINITY) return;
      slot.freeAt = opts.now() + opts.windowMs;
      wake();
      released = new Promise<void>((resolve) => (wake = resolve));
    };
  };
  return (signal) => {
    const turn = queue.then(async () => {
      for (;;) {
        throwIfAborted(signal);
        const t = opts.now();
        let soonest = Number.POSITIVE_INFINITY;
        for (const slot of slots)
          if (slot.freeAt <= t) slots.delete(slot);
          else soonest = Math.min(soonest, slot.freeAt);
        if (slots.size < opts.limit) return take();
        // Wait for the soonest slot to free or, with every request still out, for one to come back.
        // (A request coming back meanwhile frees its slot a window later, never sooner.)
        await abortable(soonest === Number.POSITIVE_INFINITY ? released : opts.sleep(soonest - t), signal);
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Wraps `fetch` with the limiter and the 429 retry. After the last attempt the 429 response is
 * returned as is, so the client rejects with status 429 (mapped to ContentRateLimitError).
 * Identical published reads in flight share one request (`shareInFlight`).
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
  return shareInFlight(async (input, init) => {
    const signal = init?.signal;
    for (let attempt = 1; ; attempt++) {
      const release = await acquire(signal);
      let res: Response;
      try {
        res = await opts.fetch(input, init);
      } finally {
        release();
      }
      if (res.status !== 429 || attempt >= maxAttempts) return res;
      await res.body?.cancel().catch(() => undefined);
      await abortable(opts.sleep(step * attempt), signal);
    }
  });
}

type SharedResponse = { body: ArrayBuffer | null; status: number; statusText: string; headers: Headers };

/**
 * A burst of cold pages each asks for the same stories (the layout's global story, the categories)
 * before the first answer is in the client's cache: without sharing, every page queued its own copy
 * behind the limiter, and half of the CMS's five a second went on copies (a burst of 20 articles
 * fetched the global story 17 times, the 40-page burst drill 20). A published read is the same for
 * everyone who asks while it is out; drafts always go out afresh. A caller's own timeout still ends
 * its wait; the first caller's ends the request itself, and with it the wait of those who asked
 * after it (with the same timeout, theirs was due soon after).
 */
function shareInFlight(fetch: FetchLike): FetchLike {
  const inFlight = new Map<string, Promise<SharedResponse>>();
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || new URL(url).searchParams.get('version') !== 'published')
      return fetch(input, init);
    let shared = inFlight.get(url);
    if (!shared) {
      shared = fetch(input, init).then(async (res) => ({
        body: res.body === null ? null : await res.arrayBuffer(),
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      }));
      inFlight.set(url, shared);
      const done = () => inFlight.delete(url);
      shared.then(done, done);
    }
    const { body, ...rest } = await abortable(shared, init?.signal);
    return new Response(body, rest);
  };
}

function throwIfAborted(signal: AbortSignal | null | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/** Lets the client's timeout (an AbortController) end a wait instead of sitting it out. */
function abortable<T>(wait: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return wait;
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
