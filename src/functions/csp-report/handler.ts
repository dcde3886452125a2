/**
 * POST /.netlify/functions/csp-report: browsers report Content-Security-Policy violations here
 * (the pages' `report-uri` and `report-to`), and the function keeps them in Netlify Blobs for
 * whoever watches the site's health. Both formats browsers send are read: `application/csp-report`
 * (`{ "csp-report": {…} }`, report-uri) and `application/reports+json` (the Reporting API's list).
 *
 * No cross-site check: browsers send reports with `Origin: null`, and a report changes nothing a
 * visitor owns (no CSRF to fear). Rate-limited per client IP, 16 KB a request, at most 20 reports kept a request, each reduced to
 * what a developer needs (directive, blocked resource, where, a sample) with URLs cut to their
 * origin and path (a query string may carry a person's data). 204 for what was kept (or dropped
 * as not a CSP report); 400/405/413/415/429 with a reason; never a 500.
 */
import { z } from 'zod';
import { problem, readJsonBody } from '../../http/boundary.ts';
import type { RateLimiter } from '../rate-limit.ts';

export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
export const CSP_REPORTS_PER_REQUEST = 20;
export const REPORT_CONTENT_TYPES = [
  'application/csp-report',
  'application/reports+json',
  'application/json',
] as const;

/** What is kept of one violation. */
export type CspViolation = {
  at: string;
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | null;
  column: number | null;
  sample: string;
  disposition: string;
};

export type CspReportStore = { keep(violations: CspViolation[]): Promise<void> };

const text = z.string().max(4096).optional().catch(undefined);
const position = z.number().int().nonnegative().optional().catch(undefined);

/** report-uri's body: `{ "csp-report": { "document-uri": …, … } }`. */
const legacySchema = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': position,
    'column-number': position,
    'script-sample': text,
    disposition: text,
  }),
});

/** The Reporting API's body: a list of `{ type, url, body: { … } }`. */
const reportingSchema = z
  .array(
    z.object({
      type: z.string().max(64),
      url: text,
      body: z
        .object({
          documentURL: text,
          effectiveDirective: text,
          blockedURL: text,
          sourceFile: text,
          lineNumber: position,
          columnNumber: position,
          sample: text,
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(100);

/** An address cut to origin and path (or the keyword a browser sends: `inline`, `eval`...). */
export function withoutQuery(value: string | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    return url.origin === 'null' ? url.protocol : `${url.origin}${url.pathname}`;
  } catch {
    return value.slice(0, 64);
  }
}

function violations(body: unknown, at: string): CspViolation[] | null {
  const legacy = legacySchema.safeParse(body);
  if (legacy.success) {
    const r = legacy.data['csp-report'];
    return [
      {
        at,
        document: withoutQuery(r['document-uri']),
        directive: (r['effective-directive'] ?? r['violated-directive'] ?? '').slice(0, 64),
        blocked: withoutQuery(r['blocked-uri']),
        source: withoutQuery(r['source-file']),
        line: r['line-number'] ?? null,
        column: r['column-number'] ?? null,
        sample: (r['script-sample'] ?? '').slice(0, 80),
        disposition: (r.disposition ?? 'enforce').slice(0, 16),
      },
    ];
  }
  const reporting = reportingSchema.safeParse(body);
  if (!reporting.success) return null;
  return reporting.data
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ body: r, url }) => ({
      at,
      document: withoutQuery(r?.documentURL ?? url),
      directive: (r?.effectiveDirective ?? '').slice(0, 64),
      blocked: withoutQuery(r?.blockedURL),
      source: withoutQuery(r?.sourceFile),
      line: r?.lineNumber ?? null,
      column: r?.columnNumber ?? null,
      sample: (r?.sample ?? '').slice(0, 80),
      disposition: (r?.disposition ?? 'enforce').slice(0, 16),
    }));
}

export function createCspReportHandler({
  store,
  rateLimit,
  now = () => new Date(),
  log = (line) => console.log(line),
}: {
  store: CspReportStore;
  rateLimit?: RateLimiter;
  now?: () => Date;
  log?: (line: string) => void;
}) {
  return async (request: Request, context: { ip?: string } = {}): Promise<Response> => {
    if (request.method !== 'POST')
      return problem(405, [{ field: 'method', message: 'use POST' }], { Allow: 'POST' });
    const limited = rateLimit?.(context.ip ?? 'unknown');
    if (limited && !limited.allowed) {
      return problem(429, [{ field: 'rate', message: 'too many reports; try again later' }], {
        'Retry-After': String(limited.retryAfterSeconds),
      });
    }
    const read = await readJsonBody(request, CSP_REPORT_BODY_LIMIT, { types: REPORT_CONTENT_TYPES });
    if (!read.ok) return read.response;
    const found = violations(read.body, now().toISOString());
    if (found === null) return problem(400, [{ field: 'body', message: 'not a CSP violation report' }]);
    const kept = found.slice(0, CSP_REPORTS_PER_REQUEST);
    if (kept.length > 0) {
      try {
        await store.keep(kept);
      } catch (error) {
        log(
          `csp-report: could not keep ${kept.length} report(s): ${error instanceof Error ? error.message : 'unknown'}`,
        );
        return problem(503, [{ field: 'store', message: 'reports cannot be kept right now' }], {
          'Retry-After': '60',
        });
      }
      for (const v of kept)
        log(`csp violation: ${v.directive} blocked ${v.blocked || '(inline)'} on ${v.document}`);
    }
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  };
}
