/**
 * POST /.netlify/functions/events (EVENTS_PATH in src/shared/analytics.ts): the browser's analytics
 * batches, collected first-party and forwarded to Segment with the write key only the server holds.
 * Platform-neutral: `(Request, context) → Response`, with the Netlify adapter in netlify/functions
 * and the local server calling it directly.
 *
 * 200 `{ accepted: n }` once Segment took the batch; 202 `{ accepted: n, forwarded: false }` when no
 * write key is set (validated, then dropped); 204 for a visitor who asked not to be tracked
 * (`Sec-GPC: 1` or `DNT: 1`: nothing is read or sent); 400 `{ errors: [{ field, message }] }`
 * naming the first bad field; 403 for a cross-site request; 405 other methods; 413 past
 * ANALYTICS_LIMITS.batchBytes; 415 neither JSON nor `text/plain` (what `sendBeacon` sends for a
 * string); 429 rate-limited; 503 with `Retry-After` when Segment could not be reached or refused the
 * batch (the browser keeps it and sends it again; message ids make the second copy count once).
 * Never a 500 for anything a client sends. Logs carry counts, fields and reasons, never a body.
 */
import { isCrossSite, json, problem, readJsonBody } from '../../http/boundary.ts';
import { ANALYTICS_LIMITS, type AnalyticsMessage } from '../../shared/analytics.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { Forwarder } from './forward.ts';
import { scrubMessage } from './privacy.ts';
import { batchSchema, firstFieldError } from './schema.ts';

/** What the platform tells the function about the request (Netlify's `context.ip`). */
export type EventsContext = { ip?: string };
export type EventsFunction = (request: Request, context?: EventsContext) => Promise<Response>;

/** Content types a batch may come in: JSON, or a string sent with `navigator.sendBeacon`. */
export const BATCH_CONTENT_TYPES = ['application/json', 'text/plain'] as const;
/** How long the browser waits before sending a batch again, when Segment named no time. */
export const RETRY_AFTER_SECONDS = 30;

/** The visitor's browser says "do not track": Global Privacy Control, or the older Do Not Track. */
export const optedOut = (request: Request) =>
  request.headers.get('sec-gpc')?.trim() === '1' || request.headers.get('dnt')?.trim() === '1';

/**
 * The message's time on the server's clock: shifted by how far the browser's clock is from ours
 * (our time now − the batch's `sentAt`). Segment corrects skew the same way from a batch's `sentAt`,
 * but analytics-node sends its own `sentAt` (the server's), so the correction is made here; a batch
 * kept through an outage keeps its events' real times.
 */
function onServerClock(message: AnalyticsMessage, skewMs: number): AnalyticsMessage {
  const at = Date.parse(message.timestamp) + skewMs;
  return Number.isFinite(at) && Math.abs(at) <= 8.64e15
    ? { ...message, timestamp: new Date(at).toISOString() }
    : message;
}

/** A second copy of a message within one batch is sent once (Segment would drop it anyway). */
function uniqueById(messages: AnalyticsMessage[]): AnalyticsMessage[] {
  const seen = new Set<string>();
  return messages.filter((message) => !seen.has(message.messageId) && seen.add(message.messageId));
}

export function createEventsHandler({
  forward,
  rateLimit,
  now = () => Date.now(),
  log = (line) => console.log(line),
}: {
  /** null: no write key; batches are validated and dropped. */
  forward: Forwarder | null;
  /** Per client IP; none: no in-function limit (`ANALYTICS_RATE_LIMIT=0`). */
  rateLimit?: RateLimiter;
  now?: () => number;
  log?: (line: string) => void;
}): EventsFunction {
  return async (request, context = {}) => {
    if (request.method !== 'POST') {
      return problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' });
    }
    if (isCrossSite(request)) {
      return problem(403, [{ field: 'origin', message: 'events must come from this site' }]);
    }
    // Before anything is read or counted: a visitor who opted out leaves no trace here.
    if (optedOut(request)) {
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    }
    const limited = rateLimit?.(context.ip ?? 'unknown');
    if (limited && !limited.allowed) {
      return problem(429, [{ field: 'body', message: 'too many batches, please send again shortly' }], {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    const read = await readJsonBody(request, ANALYTICS_LIMITS.batchBytes, { types: BATCH_CONTENT_TYPES });
    if (!read.ok) return read.response;
    const parsed = batchSchema.safeParse(read.body);
    if (!parsed.success) return problem(400, [firstFieldError(parsed.error)]);
    const accepted = parsed.data.batch.length;

    if (!forward) return json(202, { accepted, forwarded: false });

    const skewMs = now() - Date.parse(parsed.data.sentAt);
    const messages = uniqueById(parsed.data.batch as AnalyticsMessage[]).map((message) =>
      scrubMessage(Number.isFinite(skewMs) ? onServerClock(message, skewMs) : message),
    );
    const result = await forward(messages);
    if (!result.ok) {
      log(`events: ${messages.length} messages not forwarded: ${result.reason}`);
      return problem(
        503,
        [{ field: 'batch', message: 'analytics is unavailable right now; send the batch again later' }],
        { 'Retry-After': String(result.retryAfterSeconds ?? RETRY_AFTER_SECONDS) },
      );
    }
    return json(200, { accepted });
  };
}
