/**
 * Typed errors of the content layer. storyblok-js-client rejects with plain objects
 * (`{message, status, response}`, or just `{message}` for network failures and timeouts), never
 * with `Error`s; `toContentError` turns any such rejection into one of these.
 */
import { z } from 'zod';

/** Base class: `status` is the upstream HTTP status, or 0 when no response arrived. */
export class ContentError extends Error {
  readonly status: number;
  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}

/** The CMS answered 404: the story does not exist (or is not visible with this token/version). */
export class ContentNotFoundError extends ContentError {
  constructor(message = 'Content not found', options?: { cause?: unknown }) {
    super(message, 404, options);
  }
}

/** The CMS kept answering 429 after every retry. */
export class ContentRateLimitError extends ContentError {
  constructor(message = 'Content service rate limit exceeded', options?: { cause?: unknown }) {
    super(message, 429, options);
  }
}

/** Any other failure: a non-200 answer, a network failure or a timeout (status 0). */
export class ContentUpstreamError extends ContentError {}

/** A verb was called with input it cannot accept (page, perPage, uuids…). */
export class ContentInputError extends ContentError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, 400, options);
  }
}

const rejectionSchema = z.object({
  message: z.string().optional(),
  status: z.number().int().optional(),
});

/** Maps a storyblok-js-client rejection (or anything thrown) to a typed `ContentError`. */
export function toContentError(reason: unknown): ContentError {
  if (reason instanceof ContentError) return reason;
  const parsed = rejectionSchema.safeParse(reason);
  const message = parsed.success ? (parsed.data.message ?? 'Unknown error') : String(reason);
  const status = parsed.success ? (parsed.data.status ?? 0) : 0;
  if (status === 404) return new ContentNotFoundError(message, { cause: reason });
  if (status === 429) return new ContentRateLimitError(message, { cause: reason });
  return new ContentUpstreamError(`Content service failed: ${message}`, status, { cause: reason });
}
