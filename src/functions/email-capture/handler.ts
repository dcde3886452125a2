/**
 * POST /.netlify/functions/email-capture. Platform-neutral: `(Request, context) → Response`, with the
 * Netlify adapter in netlify/functions and the local server calling it directly.
 *
 * 202 `{ status: 'accepted' }` once the sign-up is durable (then it is forwarded in the background);
 * 400 `{ errors: [{ field, message }] }` for bad input; 405 other methods; 413 past the body limit;
 * 415 not JSON; 429 rate-limited; 503 when storage is down (nothing was acknowledged, so nothing is
 * lost: the visitor can try again). Never a 500 for anything a client sends.
 */
import { maskEmail } from './record.ts';
import { fieldErrors, signupRequestSchema, type FieldError } from './schema.ts';
import type { SignupPipeline } from './pipeline.ts';
import type { RateLimiter } from './rate-limit.ts';

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

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

const problem = (status: number, errors: FieldError[], headers?: Record<string, string>) =>
  json(status, { errors }, headers);

class TooLarge extends Error {}

/** Reads the body as text, stopping as soon as it passes the limit. */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

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
    const limited = rateLimit?.(context.ip ?? 'unknown');
    if (limited && !limited.allowed) {
      return problem(429, [{ field: 'body', message: 'too many sign-ups, please try again shortly' }], {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return problem(415, [{ field: 'body', message: 'send JSON (Content-Type: application/json)' }]);
    }
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > bodyLimit) {
      return problem(413, [{ field: 'body', message: `body larger than ${bodyLimit} bytes` }]);
    }
    let text: string;
    try {
      text = await readLimited(request, bodyLimit);
    } catch (error) {
      if (error instanceof TooLarge) {
        return problem(413, [{ field: 'body', message: `body larger than ${bodyLimit} bytes` }]);
      }
      return problem(400, [{ field: 'body', message: 'the body could not be read' }]);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return problem(400, [{ field: 'body', message: 'body must be valid JSON' }]);
    }
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
      log(`email-capture: could not store ${maskEmail(signup.email)}: ${(error as Error).message}`);
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
        log(`email-capture: forwarding deferred: ${(error as Error).message}`);
      });
      context.waitUntil?.(delivery);
    }
    return json(202, ACCEPTED_BODY);
  };
}
