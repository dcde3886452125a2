/**
 * Scheduled: retries sign-ups that are not delivered yet (src/functions/email-capture). Netlify runs
 * it every 5 minutes and documents no URL for it; `scheduledOnly` also refuses any request that is
 * not Netlify's scheduled invocation (src/functions/scheduled.ts), so nobody can trigger it at will.
 */
import { getStore } from '@netlify/blobs';
import type { Config } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createEmailCapture, SIGNUP_STORE_NAME } from '../../src/functions/email-capture/index.ts';
import { scheduledOnly } from '../../src/functions/scheduled.ts';

export default scheduledOnly('email-retry', () =>
  createEmailCapture(
    parseConfig(process.env),
    getStore({ name: SIGNUP_STORE_NAME, consistency: 'strong' }),
  ).retry(),
);

export const config: Config = { schedule: '*/5 * * * *' };
