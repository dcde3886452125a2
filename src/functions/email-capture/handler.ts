/**
 * POST /.netlify/functions/email-capture. Platform-neutral: `(Request, context) → Response`, with the
 * Netlify adapter in netlify/functions and the local server calling it directly.
 *
 * 202 `{ status: 'accepted' }` once the sign-up is durable (then it is forwarded in the background);
 * 400 `{ errors: [{ field, message }] }` for bad input; 403 for a cross-site request (a browser on
 * another site posting for a visitor: its `Origin` or `Sec-Fetch-Site` says so); 405 other methods;
 * 413 past the body limit; 415 not JSON; 429 rate-limited; 503 when storage is down (nothing was acknowledged, so nothing is
 * lost: the visitor can try again). Never a 500 for anything a client sends.
 */
import { maskEmail } from './record.ts';
import { fieldErrors, signupRequestSchema } from './schema.ts';
import { isCrossSite, json, problem, readJsonBody } from '../../http/boundary.ts';
import type { SignupPipeline } from './pipeline.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { messageOf } from '../../shared/errors.ts';

export type FunctionContext = {
  /** The client's IP (Netlify's `context.ip`). */
  ip?: string;
  /** Keeps the function alive for work after the response (Netlify's `context.waitUntil`). */
  waitUntil?: (promise: Promise<unknown>) => void;
};

export type EmailCaptureOptions = {
  pipeline: SignupPipeline;
  rateLimit?: RateLimiter;
  /** Largest body accepted, in bytes. */
  bodyLimit?: number;
  /** false: accept and store, but leave delivery to a later run (an operations switch). */
  forwarding?: boolean;
  log?: (line: string) => void;
};

export const ACCEPTED_BODY = { status: 'accepted' } as const;
const BODY_LIMIT = 4096;

export function createEmailCaptureHandler({
  pipeline,
  rateLimit,
  bodyLimit = BODY_LIMIT,
  forwarding = true,
  log = (line) => console.log(line),
}: EmailCaptureOptions) {
  return async (request: Request, context: FunctionContext = {}): Promise<Response> => {
    if (request.method !== 'POST') {
      return problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' });
    }
    // The same refusal as the cart's, rather than relying on a CORS preflight failing (which any
    // future change of headers or accepted content types could quietly undo).
    if (isCrossSite(request)) {
      return problem(403, [{ field: 'origin', message: 'sign-ups must come from this site' }]);
    }
    // Rate limiting first: a flood is turned away before its bodies are read.
    const limited = rateLimit?.(context.ip ?? 'unknown');
    if (limited && !limited.allowed) {
      return problem(429, [{ field: 'body', message: 'too many sign-ups, please try again shortly' }], {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    const read = await readJsonBody(request, bodyLimit);
    if (!read.ok) return read.response;
    const body = read.body;
    const parsed = signupRequestSchema.safeParse(body);
    if (!parsed.success) return problem(400, fieldErrors(parsed.error));
    const signup = parsed.data;

    if (signup.company) {
      // A bot filled the honeypot: answer as if accepted so it learns nothing; store nothing.
      log(`email-capture: honeypot from ${signup.source} form, ${maskEmail(signup.email)} dropped`);
      return json(202, ACCEPTED_BODY);
    }

    let accepted: Awaited<ReturnType<SignupPipeline['accept']>>;
    try {
      accepted = await pipeline.accept(signup);
    } catch (error) {
      log(`email-capture: could not store ${maskEmail(signup.email)}: ${messageOf(error)}`);
      return problem(
        503,
        [{ field: 'body', message: 'sign-ups are unavailable right now, please try again' }],
        {
          'Retry-After': '30',
        },
      );
    }
    if (forwarding && !accepted.alreadyDelivered) {
      const delivery = pipeline.forward(accepted.id).catch((error: unknown) => {
        // Stored and due: the scheduled job will deliver it.
        log(`email-capture: forwarding deferred: ${messageOf(error)}`);
      });
      context.waitUntil?.(delivery);
    }
    return json(202, ACCEPTED_BODY);
  };
}
