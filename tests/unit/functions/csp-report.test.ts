/**
 * The CSP report endpoint: both report formats browsers send are kept, reduced, without query
 * strings; everything else gets a 4xx with a reason; a store that fails is a 503, never a 500.
 */
import { describe, expect, test } from 'vitest';
import {
  createCspReportHandler,
  withoutQuery,
  type CspViolation,
} from '../../../src/functions/csp-report/handler';
import { createRateLimiter } from '../../../src/functions/rate-limit';

const AT = new Date('2026-11-25T12:00:00Z');
function setup(options: { limit?: number; failing?: boolean } = {}) {
  const kept: CspViolation[][] = [];
  const handle = createCspReportHandler({
    store: {
      keep: async (v) => {
        if (options.failing) throw new Error('blobs down');
        kept.push(v);
      },
    },
    rateLimit: createRateLimiter({ limit: options.limit ?? 100, windowMs: 60_000, now: () => 0 }),
    now: () => AT,
    log: () => {},
  });
  return { kept, handle };
}
const post = (body: unknown, type = 'application/csp-report', headers: Record<string, string> = {}) =>
  new Request('https://site.test/.netlify/functions/csp-report', {
    method: 'POST',
    headers: { 'Content-Type': type, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('reports kept', () => {
  test('report-uri format: reduced, URLs without their query', async () => {
    const { kept, handle } = setup();
    const res = await handle(
      post({
        'csp-report': {
          'document-uri': 'https://site.test/training/jab?email=jo@example.com',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.test/x.js?token=1',
          'source-file': 'https://site.test/assets/entry.js',
          'line-number': 3,
          'column-number': 14,
          'script-sample': '',
          'original-policy': "default-src 'self'",
          disposition: 'enforce',
        },
      }),
    );
    expect(res.status).toBe(204);
    expect(kept).toEqual([
      [
        {
          at: AT.toISOString(),
          document: 'https://site.test/training/jab',
          directive: 'script-src-elem',
          blocked: 'https://evil.test/x.js',
          source: 'https://site.test/assets/entry.js',
          line: 3,
          column: 14,
          sample: '',
          disposition: 'enforce',
        },
      ],
    ]);
  });

  test('Reporting API format: csp-violation entries only, 20 at most', async () => {
    const { kept, handle } = setup();
    const report = (i: number) => ({
      type: 'csp-violation',
      url: `https://site.test/p/${i}?q=1`,
      body: {
        documentURL: `https://site.test/p/${i}?q=1`,
        effectiveDirective: 'img-src',
        blockedURL: 'inline',
        disposition: 'enforce',
      },
    });
    const res = await handle(
      post(
        [
          { type: 'deprecation', url: 'https://site.test/', body: {} },
          ...Array.from({ length: 25 }, (_, i) => report(i)),
        ],
        'application/reports+json',
      ),
    );
    expect(res.status).toBe(204);
    expect(kept[0]).toHaveLength(20);
    expect(kept[0]![0]).toMatchObject({
      document: 'https://site.test/p/0',
      directive: 'img-src',
      blocked: 'inline',
    });
  });
});

describe('refused', () => {
  test.each([
    ['a GET', new Request('https://site.test/.netlify/functions/csp-report'), 405],
    ['another content type', post('{}', 'text/plain'), 415],
    ['a body that is not JSON', post('{nope'), 400],
    ['JSON that is not a report', post({ hello: 'world' }), 400],
    ['a body over 16 KB', post({ 'csp-report': { 'document-uri': 'x'.repeat(17_000) } }), 413],
  ])('%s', async (_name, request, status) => {
    const { kept, handle } = setup();
    const res = await handle(request);
    expect(res.status).toBe(status);
    expect(kept).toEqual([]);
    if (status !== 405) expect(((await res.json()) as { errors: unknown[] }).errors.length).toBe(1);
  });

  test('past the rate limit: 429 with Retry-After', async () => {
    const { handle } = setup({ limit: 1 });
    expect((await handle(post({ 'csp-report': {} }), { ip: '1.2.3.4' })).status).toBe(204);
    const second = await handle(post({ 'csp-report': {} }), { ip: '1.2.3.4' });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeTruthy();
  });

  test('a store that fails: 503, not 500', async () => {
    const { handle } = setup({ failing: true });
    expect((await handle(post({ 'csp-report': { 'blocked-uri': 'inline' } }))).status).toBe(503);
  });
});

test('URLs keep origin and path; keywords stay', () => {
  expect(withoutQuery('https://a.test/x?y=1#z')).toBe('https://a.test/x');
  expect(withoutQuery('inline')).toBe('inline');
  expect(withoutQuery('data:image/png;base64,AAAA')).toBe('data:');
  expect(withoutQuery(undefined)).toBe('');
});
