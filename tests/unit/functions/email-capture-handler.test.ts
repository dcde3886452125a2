/**
 * The email-capture function's contract: what it accepts (the browser's email rule, the source, the
 * page path, explicit consent) and every status it answers, through the real handler, store and
 * provider adapter.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isValidEmail } from '../../../src/shared/sign-up';
import { ACCEPTED_BODY } from '../../../src/functions/email-capture/handler';
import { signupId } from '../../../src/functions/email-capture/record';
import { setup, signup, startParts, type Parts } from './support';

let parts: Parts;
beforeAll(async () => {
  parts = await startParts();
});
afterAll(() => parts.stop());

const local100 = `${'a'.repeat(100 - '@example.com'.length)}@example.com`;
const local101 = `a${local100}`;

describe('validation: the same rule as the browser form', () => {
  test.each([
    ['reader@example.com', true],
    ['first.last+boxing@sub.example.co.uk', true],
    ['UPPER@EXAMPLE.COM', true], // case-insensitive, upper-case top-level part
    ['  padded@example.com  ', true], // surrounding whitespace is trimmed
    [local100, true], // exactly 100 characters
    [local101, false], // 101 characters
    ['no-at-sign.example.com', false],
    ['two@@example.com', false],
    ['reader@example', false], // no top-level part
    ['reader@example.c', false], // 1-letter top-level part
    [`reader@example.${'a'.repeat(25)}`, false], // 25-letter top-level part
    ['reader@example.c0m', false], // digits in the top-level part
    ['rëader@example.com', false], // non-ASCII local part
    ['reader@exämple.com', false], // non-ASCII domain
    ['read er@example.com', false], // inner whitespace
    ['', false],
  ])('%j → %s, in the function and in the browser', async (email, valid) => {
    expect(local100).toHaveLength(100);
    const { post } = setup(parts);
    const { status, body } = await post(signup(email));
    expect(status).toBe(valid ? 202 : 400);
    if (!valid) expect(body).toEqual({ errors: [{ field: 'email', message: 'invalid email' }] });
    expect(isValidEmail(email)).toBe(valid);
  });

  test('consent must be given explicitly: missing or false is refused', async () => {
    const { post } = setup(parts);
    for (const consent of [undefined, false, 'yes']) {
      const { status, body } = await post(signup('reader@example.com', { consent }));
      expect(status).toBe(400);
      expect(body).toEqual({
        errors: [{ field: 'consent', message: 'consent to marketing email is required' }],
      });
    }
  });

  test('source and path are checked; every bad field is named, the email first', async () => {
    const { post } = setup(parts);
    const { status, body } = await post({
      email: 'x',
      source: 'popup',
      path: 'https://evil.test/',
      consent: true,
    });
    expect(status).toBe(400);
    expect((body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'email',
      'source',
      'path',
    ]);
    expect((await post(signup('reader@example.com', { path: '//evil.test/x' }))).status).toBe(400);
    expect((await post(signup('reader@example.com', { source: 'sidebar', path: '/' }))).status).toBe(202);
  });

  test('a body that is not an object, or not JSON, is a 400 with the reason', async () => {
    const { post } = setup(parts);
    expect(await post(null, { raw: '{"email": ' })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'body', message: 'body must be valid JSON' }] },
    });
    expect((await post(['reader@example.com'])).status).toBe(400);
    expect((await post('reader@example.com')).status).toBe(400);
  });
});

describe('statuses', () => {
  test('202 with a stable body, and the sign-up is stored before the answer', async () => {
    const { post, store } = setup(parts, { forwarding: false });
    const { status, body, headers } = await post(signup('Stored.Reader@Example.com'));
    expect(status).toBe(202);
    expect(body).toEqual(ACCEPTED_BODY);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const stored = await store.read(await signupId('stored.reader@example.com'));
    expect(stored?.record).toMatchObject({
      email: 'stored.reader@example.com',
      state: 'pending',
      source: 'footer',
    });
  });

  test('405 for other methods, naming the allowed one', async () => {
    const { handle } = setup(parts);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await handle(new Request('http://site.test/x', { method }), {});
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  test('403 for a cross-site request (Origin or Sec-Fetch-Site), before anything is stored', async () => {
    const { post, store } = setup(parts);
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.test' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const { status, body, headers: answer } = await post(signup('csrf.victim@example.com'), { headers });
      expect(status).toBe(403);
      expect(body).toEqual({ errors: [{ field: 'origin', message: 'sign-ups must come from this site' }] });
      expect(answer.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await store.read(await signupId('csrf.victim@example.com'))).toBeNull();
    // The site's own page (same origin, or no Origin at all) is served.
    expect(
      (await post(signup('same.site@example.com'), { headers: { Origin: 'http://site.test' } })).status,
    ).toBe(202);
    expect(
      (await post(signup('same.origin@example.com'), { headers: { 'Sec-Fetch-Site': 'same-origin' } }))
        .status,
    ).toBe(202);
    expect((await post(signup('no.origin@example.com'))).status).toBe(202);
  });

  test('415 for a body that is not JSON', async () => {
    const { post } = setup(parts);
    const { status, body } = await post(null, {
      raw: 'email=a@b.co',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(415);
    expect(body).toMatchObject({ errors: [{ field: 'body' }] });
  });

  test('413 past the body limit, whether or not the length is declared', async () => {
    const { post, handle } = setup(parts);
    const big = JSON.stringify(signup('reader@example.com', { company: '', path: `/${'x'.repeat(5000)}` }));
    expect((await post(null, { raw: big })).status).toBe(413);
    // Streamed with no Content-Length: the handler stops reading at the limit.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const response = await handle(
      new Request('http://site.test/x', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
      {},
    );
    expect(response.status).toBe(413);
  });

  test('429 with Retry-After once one client passes the limit; other clients are unaffected', async () => {
    const { post } = setup(parts, { rateLimit: 3 });
    for (let i = 0; i < 3; i += 1)
      expect((await post(signup(`r${i}@example.com`), { ip: '198.51.100.1' })).status).toBe(202);
    const limited = await post(signup('r4@example.com'), { ip: '198.51.100.1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(signup('r5@example.com'), { ip: '198.51.100.2' })).status).toBe(202);
  });

  test('a filled honeypot is answered like a success but nothing is stored or sent', async () => {
    const { post, store } = setup(parts);
    const { status, body } = await post(signup('bot@example.com', { company: 'Acme Ltd' }));
    expect(status).toBe(202);
    expect(body).toEqual(ACCEPTED_BODY);
    expect(await store.read(await signupId('bot@example.com'))).toBeNull();
    expect(parts.sink.deliveries().get('bot@example.com')).toBeUndefined();
  });

  test('storage down: 503 with Retry-After (nothing was acknowledged, so nothing is lost), never a 500', async () => {
    const { createEmailCaptureHandler } = await import('../../../src/functions/email-capture/handler');
    const { createSignupPipeline } = await import('../../../src/functions/email-capture/pipeline');
    const failing = {
      read: () => Promise.reject(new Error('blobs unreachable')),
      create: () => Promise.reject(new Error('blobs unreachable')),
      replace: () => Promise.reject(new Error('blobs unreachable')),
      write: () => Promise.reject(new Error('blobs unreachable')),
      markDue: () => Promise.reject(new Error('blobs unreachable')),
      clearDue: () => Promise.reject(new Error('blobs unreachable')),
      due: () => Promise.reject(new Error('blobs unreachable')),
    };
    const handle = createEmailCaptureHandler({
      pipeline: createSignupPipeline({
        store: failing,
        provider: { subscribe: async () => ({ ok: true }) },
        log: () => {},
      }),
      log: () => {},
    });
    const response = await handle(
      new Request('http://site.test/x', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(signup('reader@example.com')),
      }),
      {},
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  test('addresses never appear in full in the logs', async () => {
    parts.sink.setFault({ mode: 'down', count: 1 });
    const { post, logs, pipeline } = setup(parts);
    await post(signup('private.person@example.com'));
    await post(signup('bot2@example.com', { company: 'x' }));
    await pipeline.retryDue();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toMatch(/private\.person@|bot2@/);
  });
});
