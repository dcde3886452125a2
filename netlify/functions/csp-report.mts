/** Netlify Functions v2 adapter for src/functions/csp-report. */
import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { parseConfig } from '../../src/config/env.ts';
import { createCspReport, CSP_REPORT_STORE_NAME } from '../../src/functions/csp-report/index.ts';

let handle: ReturnType<typeof createCspReport> | null = null;

export default async (request: Request, context: Context) => {
  handle ??= createCspReport(getStore({ name: CSP_REPORT_STORE_NAME }), {
    limit: parseConfig(process.env).CSP_REPORT_RATE_LIMIT,
  });
  return handle(request, { ip: context.ip });
};

export const config: Config = {
  // Netlify's own limit first: 60 reports a minute per client IP and domain.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
