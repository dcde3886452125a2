/** Netlify Functions v2 adapter for src/functions/email-capture. */
import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createEmailCapture, SIGNUP_STORE_NAME } from '../../src/functions/email-capture/index.ts';

let capture: ReturnType<typeof createEmailCapture> | null = null;

export default async (request: Request, context: Context) => {
  capture ??= createEmailCapture(
    parseConfig(process.env),
    getStore({ name: SIGNUP_STORE_NAME, consistency: 'strong' }),
  );
  return capture.handle(request, { ip: context.ip, waitUntil: (promise) => context.waitUntil(promise) });
};

export const config: Config = {
  // Netlify's own limit runs before the function: 10 sign-ups a minute per client IP and domain.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
