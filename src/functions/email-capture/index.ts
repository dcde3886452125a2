/**
 * The email-capture function and its retry job, assembled from the environment. Used by the Netlify
 * adapters (netlify/functions) and by the local server, so both run the same code.
 */
import type { Store } from '@netlify/blobs';
import type { Env } from '../../config/env.ts';
import { createEmailCaptureHandler } from './handler.ts';
import { createSignupPipeline, DEFAULT_RETRY } from './pipeline.ts';
import { createKlaviyoProvider, type EmailProvider } from './provider.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { createBlobSignupStore } from './store.ts';

export { SIGNUP_STORE_NAME } from './store.ts';
export type { FunctionContext } from './handler.ts';

/** Without an account the sign-ups are kept (and visible as failed) until one is configured. */
const unconfigured: EmailProvider = {
  subscribe: async () => ({ ok: false, retry: true, error: 'provider not configured (KLAVIYO_COMPANY_ID)' }),
};

export function createEmailCapture(
  env: Env,
  blobs: Store,
  options: { now?: () => number; log?: (line: string) => void; fetch?: typeof fetch } = {},
) {
  const provider =
    env.KLAVIYO_COMPANY_ID && env.KLAVIYO_LIST_ID
      ? createKlaviyoProvider({
          companyId: env.KLAVIYO_COMPANY_ID,
          listId: env.KLAVIYO_LIST_ID,
          baseUrl: env.EMAIL_PROVIDER_URL,
          sourceLabel: env.SITE_NAME,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        })
      : unconfigured;
  const pipeline = createSignupPipeline({
    store: createBlobSignupStore(blobs),
    provider,
    now: options.now,
    retry: { ...DEFAULT_RETRY, baseMs: env.EMAIL_RETRY_BASE_MS },
    log: options.log,
  });
  const forwarding = env.EMAIL_FORWARDING === 'on';
  const handle = createEmailCaptureHandler({
    pipeline,
    rateLimit: createRateLimiter({ limit: env.EMAIL_RATE_LIMIT, windowMs: 60_000, now: options.now }),
    forwarding,
    log: options.log,
  });
  /** The scheduled job (does nothing while forwarding is paused). */
  const retry = async () =>
    forwarding ? pipeline.retryDue() : { scanned: 0, delivered: 0, failed: 0, dead: 0, skipped: 0 };
  return { handle, retry, pipeline };
}
