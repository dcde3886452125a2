/**
 * The CSP report function, assembled: reports kept in the Blobs store `csp-reports`, one entry per
 * request under `<day>/<time>-<random>` (a day's reports list with one prefix).
 */
import type { Store } from '@netlify/blobs';
import { createRateLimiter } from '../rate-limit.ts';
import { createCspReportHandler, type CspReportStore } from './handler.ts';

export const CSP_REPORT_STORE_NAME = 'csp-reports';

export function blobReportStore(blobs: Store, now: () => Date = () => new Date()): CspReportStore {
  return {
    async keep(violations) {
      const at = now().toISOString();
      const random = crypto.getRandomValues(new Uint32Array(2)).join('');
      await blobs.setJSON(`${at.slice(0, 10)}/${at}-${random}`, violations);
    },
  };
}

/**
 * `limit`: reports per client IP per minute (CSP_REPORT_RATE_LIMIT: a broken page reports on every
 * view); 0: no in-function limit.
 */
export function createCspReport(
  blobs: Store,
  { limit, ...options }: { limit: number; now?: () => Date; log?: (line: string) => void },
) {
  return createCspReportHandler({
    store: blobReportStore(blobs, options.now),
    ...(limit > 0 ? { rateLimit: createRateLimiter({ limit, windowMs: 60_000 }) } : {}),
    ...options,
  });
}
