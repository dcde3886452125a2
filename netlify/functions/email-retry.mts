/** Scheduled: retries sign-ups that are not delivered yet (src/functions/email-capture). */
import { getStore } from '@netlify/blobs';
import type { Config } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createEmailCapture, SIGNUP_STORE_NAME } from '../../src/functions/email-capture/index.ts';

export default async () => {
  const capture = createEmailCapture(
    parseConfig(process.env),
    getStore({ name: SIGNUP_STORE_NAME, consistency: 'strong' }),
  );
  const report = await capture.retry();
  console.log(`email-retry: ${JSON.stringify(report)}`);
  return Response.json(report);
};

export const config: Config = { schedule: '*/5 * * * *' };
