/**
 * Forwarding a batch to Segment's HTTP Tracking API with `@segment/analytics-node` (3.x), from a
 * function that must know, before it answers, whether the batch arrived.
 *
 * How the library is used (read in its source, src/app/analytics-node.ts and
 * src/plugins/segmentio/publisher.ts):
 * - One `Analytics` per batch, closed with `closeAndFlush`: the library batches in memory and sends
 *   on a timer or when `flushAt` messages are queued; `closeAndFlush` sends what is queued and
 *   resolves once every message has settled (or its `timeout` passed). A shared instance would not
 *   do: a second `flush` while one runs returns at once (warning of an overlap), so a concurrent
 *   request could not learn whether its own batch arrived, and a closed instance takes nothing more.
 * - `host` + `path` name the endpoint: `new URL(path, host)`, so a base with a path of its own (the
 *   local collector's `/_local/segment`) goes into `path`.
 * - Delivery is reported per message through the emitter: `error` with `code: 'delivery_failure'`
 *   when its batch failed (network error, timeout, 4xx, a 5xx after the retries), the message's
 *   type (`track`, …) otherwise. Callbacks would say the same but wait at least 300 ms each (a
 *   legacy delay). "Otherwise" is too generous: an error thrown inside the library's own Segment.io
 *   plugin (its `normalizeEvent` sets `context.library.name`, which throws on a `context.library`
 *   of null) is only logged into the message's context by analytics-core's `attempt`, and the
 *   message is reported delivered though it never went out (found by the fuzz suite). So a message
 *   counts as delivered here only when its id went out in a request Segment answered 2xx; and the
 *   browser's `context.library` is not passed on (the library that sends names itself there).
 * - Retries: `maxRetries` counted retries (network errors, 5xx but 501/505, 408/410/429/460) with a
 *   0.5 s × 2ⁿ backoff; the browser keeps the batch and retries on our 503, so one retry is enough
 *   here. A 429 with `Retry-After` would be waited out (up to 300 s) without counting: the HTTP
 *   client below hides that header from the library and hands it to the browser instead.
 */
import { Analytics, type HTTPFetchFn, type HTTPResponse, type TrackParams } from '@segment/analytics-node';
import type { AnalyticsMessage } from '../../shared/analytics.ts';
import { messageOf } from '../../shared/errors.ts';

export type ForwardResult = { ok: true } | { ok: false; reason: string; retryAfterSeconds?: number };
/** Sends messages on; resolves (never rejects) once they arrived or could not. */
export type Forwarder = (messages: AnalyticsMessage[]) => Promise<ForwardResult>;

export type SegmentForwarderOptions = {
  writeKey: string;
  /** Base URL of the Tracking API, without `/v1` (SEGMENT_API_HOST). */
  apiHost: string;
  fetch?: typeof fetch;
  /** Counted retries of one batch (the browser retries too). */
  maxRetries?: number;
  /** One HTTP request's time limit. */
  requestTimeoutMs?: number;
  /** The whole delivery's time limit, retries included (a function has seconds, not minutes). */
  deadlineMs?: number;
};

/** Where analytics-node posts: `host` and `path` for `new URL(path, host)`. */
export function segmentEndpoint(apiHost: string): { host: string; path: string } {
  const base = new URL(apiHost);
  return { host: base.origin, path: `${base.pathname.replace(/\/+$/, '')}/v1/batch` };
}

const parseRetryAfter = (value: string | null): number | undefined => {
  const seconds = Number(value);
  return value !== null && value.trim() !== '' && Number.isInteger(seconds) && seconds >= 0
    ? Math.min(Math.max(seconds, 1), 300)
    : undefined;
};

export function createSegmentForwarder({
  writeKey,
  apiHost,
  fetch: fetchImpl = globalThis.fetch,
  maxRetries = 1,
  requestTimeoutMs = 3000,
  deadlineMs = 7000,
}: SegmentForwarderOptions): Forwarder {
  const { host, path } = segmentEndpoint(apiHost);
  return async (messages) => {
    if (messages.length === 0) return { ok: true };
    let retryAfterSeconds: number | undefined;
    /** Ids of the messages that went out in a request Segment accepted. */
    const accepted = new Set<string>();
    const httpClient: HTTPFetchFn = async (url, init): Promise<HTTPResponse> => {
      const response = await fetchImpl(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: init.signal as AbortSignal,
      });
      await response.body?.cancel().catch(() => {});
      if (response.ok) for (const id of messageIdsOf(init.body)) accepted.add(id);
      const headers = new Headers(response.headers);
      const retryAfter = parseRetryAfter(headers.get('retry-after'));
      if (retryAfter !== undefined) retryAfterSeconds = retryAfter;
      // The browser waits, not the function: the library sees no Retry-After (see the top).
      headers.delete('retry-after');
      return { status: response.status, statusText: response.statusText, headers };
    };
    const analytics = new Analytics({
      writeKey,
      host,
      path,
      maxRetries,
      flushAt: messages.length,
      flushInterval: deadlineMs,
      httpRequestTimeout: requestTimeoutMs,
      httpClient,
    });
    let failure: unknown = null;
    analytics.on('error', (error) => {
      failure ??= error.reason ?? error.code;
    });

    for (const message of messages) send(analytics, message);
    await analytics.closeAndFlush({ timeout: deadlineMs });

    const missing = messages.filter((message) => !accepted.has(message.messageId)).length;
    if (failure === null && missing === 0) return { ok: true };
    const reason =
      failure !== null
        ? messageOf(failure).trim()
        : accepted.size > 0
          ? `${missing} of ${messages.length} messages were not sent`
          : `no answer within ${deadlineMs} ms`;
    return retryAfterSeconds === undefined ? { ok: false, reason } : { ok: false, reason, retryAfterSeconds };
  };
}

/** The message ids in a batch body analytics-node sent (its own JSON, so the shape is known). */
function messageIdsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { batch?: { messageId?: unknown }[] };
    return (parsed.batch ?? []).flatMap((event) =>
      typeof event.messageId === 'string' ? [event.messageId] : [],
    );
  } catch {
    return [];
  }
}

/** One message through the library's own call, carrying the browser's ids, times and context. */
function send(analytics: Analytics, message: AnalyticsMessage): void {
  // The library names itself in `context.library` (and throws on a null one: see the top).
  const { library: _library, ...context } = message.context as typeof message.context & { library?: unknown };
  const common = {
    messageId: message.messageId,
    timestamp: message.timestamp,
    anonymousId: message.anonymousId,
    ...(message.userId === undefined ? {} : { userId: message.userId }),
    // Segment's typing wants every campaign field; the browser sends the ones the landing had.
    context: context as TrackParams['context'],
  };
  switch (message.type) {
    case 'track':
      analytics.track({ ...common, event: message.event, properties: message.properties });
      return;
    case 'page':
      analytics.page({ ...common, name: message.name, properties: message.properties });
      return;
    case 'identify':
      analytics.identify({ ...common, traits: message.traits });
      return;
  }
}
