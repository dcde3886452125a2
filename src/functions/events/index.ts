/**
 * The events function assembled from the environment (the Netlify adapter and the local server
 * share it): Segment's write key and API host, and the in-function rate limit.
 */
import type { Env } from '../../config/env.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { createSegmentForwarder, type SegmentForwarderOptions } from './forward.ts';
import { createEventsHandler, type EventsFunction } from './handler.ts';

export { EVENTS_PATH } from '../../shared/analytics.ts';
export type { EventsContext, EventsFunction } from './handler.ts';

export function createEvents(
  env: Env,
  options: {
    fetch?: typeof fetch;
    log?: (line: string) => void;
    now?: () => number;
    /** Retries and time limits of the forwarding (tests make them short). */
    forwarding?: Pick<SegmentForwarderOptions, 'maxRetries' | 'requestTimeoutMs' | 'deadlineMs'>;
  } = {},
): EventsFunction {
  const log = options.log ?? ((line: string) => console.log(line));
  const forward = env.SEGMENT_WRITE_KEY
    ? createSegmentForwarder({
        writeKey: env.SEGMENT_WRITE_KEY,
        apiHost: env.SEGMENT_API_HOST,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...options.forwarding,
      })
    : null;
  if (!forward) {
    // Once per instance: a deploy without the key still takes batches (the browser's queue empties)
    // but sends none on. The variable is named here, for whoever deploys.
    log('events: analytics is not configured (set SEGMENT_WRITE_KEY): batches are accepted and dropped');
  }
  const rateLimit =
    env.ANALYTICS_RATE_LIMIT > 0
      ? createRateLimiter({ limit: env.ANALYTICS_RATE_LIMIT, windowMs: 60_000, now: options.now })
      : undefined;
  return createEventsHandler({ forward, rateLimit, log, ...(options.now ? { now: options.now } : {}) });
}
