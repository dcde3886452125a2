/**
 * The events function's contract, through its handler and the real analytics-node client talking
 * to the local Segment collector: what it forwards (Segment's batch body, with the browser's ids,
 * times and context), every status it answers, what it refuses and why, and what it takes out of
 * a message before it leaves (contact details outside the traits).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { ANALYTICS_LIMITS } from '../../../src/shared/analytics';
import { RETRY_AFTER_SECONDS } from '../../../src/functions/events/handler';
import { API_HOST, WRITE_KEY, batch, identify, page, pageContext, setup, track } from './events-support';

/** The log of every function a test built: no line may carry an address, a phone number or a body. */
const logsOfTest: string[][] = [];
afterEach(() => {
  for (const line of logsOfTest.splice(0).flat()) expect(line).not.toMatch(/@|%40|555|"batch"|\{/);
});
const start = (options: Parameters<typeof setup>[0] = {}) => {
  const parts = setup(options);
  logsOfTest.push(parts.logs);
  return parts;
};

describe('200: forwarded to Segment', () => {
  test("the batch reaches Segment's /v1/batch with the write key, the browser's ids, times and context", async () => {
    const { post, sent, collector } = start();
    const messages = [
      track('Product Viewed', { product_id: 'gloves', price: 59.99, currency: 'USD' }, { userId: 'user-42' }),
      page('Article', { path: '/training/how-to-throw-a-jab' }),
      identify({ email: 'reader@example.com', firstName: 'Ada' }),
    ];
    const answer = await post(batch(...messages));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ accepted: 3 });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe(`${API_HOST}/v1/batch`);
    expect(request!.headers.get('authorization')).toBe(`Basic ${btoa(`${WRITE_KEY}:`)}`);
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.body.writeKey).toBe(WRITE_KEY);
    expect(request!.body.batch).toHaveLength(3);
    const [t, p, i] = request!.body.batch;
    expect(t).toMatchObject({
      type: 'track',
      event: 'Product Viewed',
      messageId: messages[0]!.messageId,
      timestamp: messages[0]!.timestamp,
      anonymousId: 'anon-7f3a',
      userId: 'user-42',
      properties: { product_id: 'gloves', price: 59.99, currency: 'USD' },
      context: { ...pageContext(), library: { name: '@segment/analytics-node' } },
    });
    expect(p).toMatchObject({
      type: 'page',
      name: 'Article',
      messageId: messages[1]!.messageId,
      properties: { path: '/training/how-to-throw-a-jab' },
      context: pageContext(),
    });
    expect(i).toMatchObject({
      type: 'identify',
      messageId: messages[2]!.messageId,
      traits: { email: 'reader@example.com', firstName: 'Ada' },
    });
    expect(p).not.toHaveProperty('userId');
    expect(collector.events().map((m) => m.messageId)).toEqual(messages.map((m) => m.messageId));
  });

  test("sendBeacon's text/plain and plain application/json are both batches", async () => {
    const { post, collector } = start();
    for (const type of [
      'text/plain;charset=UTF-8',
      'text/plain',
      'application/json',
      'application/json; charset=utf-8',
    ]) {
      const answer = await post(batch(track('Element Clicked', { element: 'nav' })), {
        headers: { 'Content-Type': type },
      });
      expect(answer.status, type).toBe(200);
    }
    expect(collector.events()).toHaveLength(4);
  });

  test('a message repeated inside one batch is sent once; all are acknowledged', async () => {
    const { post, sent } = start();
    const once = track('Cart Viewed', { cart_id: 'c1' });
    const answer = await post(batch(once, once, track('Checkout Started')));
    expect(answer.body).toEqual({ accepted: 3 });
    expect(sent[0]!.body.batch.map((m) => m.messageId)).toEqual([once.messageId, expect.any(String)]);
  });

  test('a context.library from the browser (even null) is replaced by the sending library, and the message is really sent', async () => {
    // analytics-node throws inside its plugin on a null context.library and then reports the
    // message delivered without sending it: the fuzz suite found it.
    const { post, collector } = start();
    const odd = [null, 'x', ['a'], { name: 'analytics.js' }].map((library) =>
      track('Element Viewed', {}, { context: { ...pageContext(), library } }),
    );
    const answer = await post(batch(...odd));
    expect(answer).toMatchObject({ status: 200, body: { accepted: 4 } });
    expect(collector.events().map((e) => e.messageId)).toEqual(odd.map((m) => m.messageId));
    for (const event of collector.events()) {
      expect(event.context).toMatchObject({ library: { name: '@segment/analytics-node' } });
    }
  });

  test("times move onto the server's clock by the browser's skew (its sentAt against our now)", async () => {
    const { post, sent } = start();
    // The browser's clock runs 90 s ahead of ours (the test clock is 10:00:00Z).
    const ahead = track('Product Clicked', {}, { timestamp: '2026-11-25T10:01:20.000Z' });
    await post({ batch: [ahead], sentAt: '2026-11-25T10:01:30.000Z' });
    expect(sent[0]!.body.batch[0]!.timestamp).toBe('2026-11-25T09:59:50.000Z');
  });
});

describe('400: the first bad field, in plain words', () => {
  const cases: [string, (b: ReturnType<typeof batch>) => unknown, string, RegExp][] = [
    ['not an object', () => ['x'], 'body', /object/],
    ['no batch', () => ({ sentAt: '2026-11-25T10:00:00.000Z' }), 'batch', /list of messages/],
    ['an empty batch', (b) => ({ ...b, batch: [] }), 'batch', /empty/],
    [
      '51 messages',
      (b) => ({ ...b, batch: Array.from({ length: 51 }, () => b.batch[0]) }),
      'batch',
      /more than 50/,
    ],
    ['no sentAt', (b) => ({ batch: b.batch }), 'sentAt', /ISO 8601/],
    ['a message that is not an object', (b) => ({ ...b, batch: [42] }), 'batch.0', /must be an object/],
    [
      'an unknown type',
      (b) => ({ ...b, batch: [{ ...m(b), type: 'alias' }] }),
      'batch.0.type',
      /track, page or identify/,
    ],
    [
      'an event not in the spec',
      (b) => ({ ...b, batch: [{ ...m(b), event: 'Made Up' }] }),
      'batch.0.event',
      /one of the events/,
    ],
    [
      'a short messageId',
      (b) => ({ ...b, batch: [{ ...m(b), messageId: 'abc' }] }),
      'batch.0.messageId',
      /8 to 64/,
    ],
    [
      'a messageId with a space',
      (b) => ({ ...b, batch: [{ ...m(b), messageId: 'abc def ghi' }] }),
      'batch.0.messageId',
      /8 to 64/,
    ],
    [
      'a 65-character messageId',
      (b) => ({ ...b, batch: [{ ...m(b), messageId: 'a'.repeat(65) }] }),
      'batch.0.messageId',
      /8 to 64/,
    ],
    [
      'a timestamp that is not ISO',
      (b) => ({ ...b, batch: [{ ...m(b), timestamp: 'yesterday' }] }),
      'batch.0.timestamp',
      /ISO 8601/,
    ],
    [
      'an empty anonymousId',
      (b) => ({ ...b, batch: [{ ...m(b), anonymousId: '' }] }),
      'batch.0.anonymousId',
      /empty/,
    ],
    [
      'a 65-character anonymousId',
      (b) => ({ ...b, batch: [{ ...m(b), anonymousId: 'a'.repeat(65) }] }),
      'batch.0.anonymousId',
      /64/,
    ],
    [
      'no page in the context',
      (b) => ({ ...b, batch: [{ ...m(b), context: {} }] }),
      'batch.0.context.page',
      /./,
    ],
    [
      'properties that are a list',
      (b) => ({ ...b, batch: [{ ...m(b), properties: [] }] }),
      'batch.0.properties',
      /object/,
    ],
    [
      'properties nested six deep',
      (b) => ({ ...b, batch: [{ ...m(b), properties: { a: { b: { c: { d: { e: {} } } } } } }] }),
      'batch.0.properties.a.b.c.d.e',
      /deeper than 5/,
    ],
    [
      'a string past the limit',
      (b) => ({
        ...b,
        batch: [{ ...m(b), properties: { name: 'x'.repeat(ANALYTICS_LIMITS.stringLength + 1) } }],
      }),
      'batch.0.properties.name',
      /longer than 2000/,
    ],
    [
      'an object with 101 keys',
      (b) => ({
        ...b,
        batch: [
          { ...m(b), properties: Object.fromEntries(Array.from({ length: 101 }, (_, k) => [`k${k}`, k])) },
        ],
      }),
      'batch.0.properties',
      /more than 100 keys/,
    ],
    [
      'a list of 51 products',
      (b) => ({
        ...b,
        batch: [{ ...m(b), properties: { products: Array.from({ length: 51 }, () => ({ sku: 'x' })) } }],
      }),
      'batch.0.properties.products',
      /more than 50 items/,
    ],
    [
      'a context string past the limit',
      (b) => ({ ...b, batch: [{ ...m(b), context: pageContext({ title: 'x'.repeat(2001) }) }] }),
      'batch.0.context.page.title',
      /2000/,
    ],
    [
      'traits that are not strings',
      (b) => ({ ...b, batch: [identify({ email: 42 })] }),
      'batch.0.traits.email',
      /string/,
    ],
    [
      'the second message is the bad one',
      (b) => ({ ...b, batch: [m(b), { ...m(b), messageId: 'x' }] }),
      'batch.1.messageId',
      /8 to 64/,
    ],
  ];
  const m = (b: ReturnType<typeof batch>) => b.batch[0] as Record<string, unknown>;

  test.each(cases)('%s', async (_name, change, field, message) => {
    const { post, sent } = start();
    const answer = await post(change(batch(track('Product Viewed', { product_id: 'gloves' }))));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ field, message: expect.stringMatching(message) }] });
    expect(sent).toHaveLength(0);
  });

  test('a body that is not JSON is a 400 saying so', async () => {
    const { post } = start();
    const answer = await post(null, { raw: '{"batch": [' });
    expect(answer).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'body', message: 'body must be valid JSON' }] },
    });
  });

  test('a refusal never quotes the value it refused', async () => {
    const { post } = start();
    const answer = await post(
      batch(track('reader@example.com'), track('Product Viewed', {}, { anonymousId: '' })),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('reader@example.com');
  });

  test('every event of spec §7 is taken', async () => {
    const { ANALYTICS_EVENTS } = await import('../../../src/shared/analytics');
    const { post, collector } = start();
    const answer = await post(batch(...ANALYTICS_EVENTS.map((event) => track(event))));
    expect(answer.status).toBe(200);
    expect(collector.events().map((e) => e.event)).toEqual([...ANALYTICS_EVENTS]);
  });
});

describe('boundary statuses', () => {
  test('413 past the batch limit, whether the length is declared or streamed', async () => {
    const { post, handle, sent } = start();
    const big = batch(track('Product List Viewed', { note: 'x'.repeat(1900) }));
    big.batch = Array.from({ length: 17 }, () => track('Product List Viewed', { note: 'x'.repeat(1900) }));
    const text = JSON.stringify(big);
    expect(text.length).toBeGreaterThan(ANALYTICS_LIMITS.batchBytes);
    const declared = await post(null, { raw: text });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({
      errors: [{ field: 'body', message: `body larger than ${ANALYTICS_LIMITS.batchBytes} bytes` }],
    });

    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    });
    const streamed = await handle(
      new Request('https://site.test/.netlify/functions/events', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(sent).toHaveLength(0);
  });

  test('415 for a body that is neither JSON nor text', async () => {
    const { post } = start();
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/html',
      '',
    ]) {
      const answer = await post(batch(track('Product Viewed')), { headers: { 'Content-Type': type } });
      expect(answer.status, type).toBe(415);
      expect(answer.body).toEqual({
        errors: [{ field: 'body', message: 'send JSON (Content-Type: application/json or text/plain)' }],
      });
    }
  });

  test('405 for other methods, naming POST', async () => {
    const { post } = start();
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const answer = await post(null, { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  test("403 for a cross-site request; the site's own pages pass", async () => {
    const { post, sent } = start();
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' } as Record<string, string>,
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ]) {
      const answer = await post(batch(track('Ad Clicked')), { headers });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        errors: [{ field: 'origin', message: 'events must come from this site' }],
      });
    }
    expect(sent).toHaveLength(0);
    expect(
      (
        await post(batch(track('Ad Clicked')), {
          headers: { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://site.test' },
        })
      ).status,
    ).toBe(200);
  });

  test('204 and nothing sent on for a visitor with Global Privacy Control or Do Not Track', async () => {
    const { post, sent, collector } = start();
    const optOuts: Record<string, string>[] = [
      { 'Sec-GPC': '1' },
      { DNT: '1' },
      { 'Sec-GPC': '1', DNT: '0' },
    ];
    for (const headers of optOuts) {
      const answer = await post(batch(track('Product Viewed')), { headers });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      // Not even read: a malformed body gets the same answer.
      expect((await post(null, { raw: 'not json', headers })).status).toBe(204);
    }
    expect(sent).toHaveLength(0);
    expect(collector.events()).toHaveLength(0);
    // DNT: 0 (and no header) is no opt-out.
    expect((await post(batch(track('Product Viewed')), { headers: { DNT: '0' } })).status).toBe(200);
  });

  test('429 with Retry-After past ANALYTICS_RATE_LIMIT from one IP; other IPs and the next minute pass', async () => {
    const { post, advance } = start({ env: { ANALYTICS_RATE_LIMIT: '2' } });
    const send = (ip: string) => post(batch(track('Element Viewed')), { ip });
    expect((await send('198.51.100.1')).status).toBe(200);
    expect((await send('198.51.100.1')).status).toBe(200);
    const limited = await send('198.51.100.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ errors: [{ field: 'body' }] });
    expect((await send('198.51.100.2')).status).toBe(200);
    advance(60_000);
    expect((await send('198.51.100.1')).status).toBe(200);
  });

  test('ANALYTICS_RATE_LIMIT=0 turns the in-function limit off', async () => {
    const { post } = start({ env: { ANALYTICS_RATE_LIMIT: '0' } });
    for (let i = 0; i < 300; i += 1) expect((await post({})).status).toBe(400);
  });
});

describe('503: Segment did not take the batch, so the browser keeps it', () => {
  test('an outage answers 503 with Retry-After; the same batch sent again later counts once', async () => {
    const { post, collector, logs } = start();
    const kept = batch(
      track('Order Completed', { order_id: 'o-1', total: 99 }),
      identify({ email: 'reader@example.com' }),
    );
    collector.setFault(503);
    const down = await post(kept);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(down.body).toEqual({
      errors: [{ field: 'batch', message: 'analytics is unavailable right now; send the batch again later' }],
    });
    expect(collector.events()).toHaveLength(0);
    expect(logs).toEqual(['events: 2 messages not forwarded: [503] Service Unavailable']);

    collector.setFault(null);
    expect((await post(kept)).status).toBe(200);
    expect((await post(kept)).status).toBe(200); // a beacon that was also retried
    expect(collector.events()).toHaveLength(2);
  });

  test('a 5xx is retried once by the function, then answered 503', async () => {
    const { post, collector, sent } = start({ forwarding: { maxRetries: 1 } });
    collector.setFault(500);
    expect((await post(batch(track('Product Added', { cart_id: 'c' })))).status).toBe(503);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('x-retry-count')).toBe('1');
  });

  test("Segment's 429 is not waited out: its Retry-After goes to the browser", async () => {
    const { post, sent } = start({
      fetch: async () => new Response('{}', { status: 429, headers: { 'Retry-After': '17' } }),
    });
    const answer = await post(batch(track('Product Added')));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('17');
    expect(sent).toHaveLength(0);
  });

  test('a collector that cannot be reached is a 503', async () => {
    const { post, logs } = start({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect((await post(batch(track('Cart Viewed')))).status).toBe(503);
    expect(logs).toEqual(['events: 1 messages not forwarded: fetch failed']);
  });

  test('a collector that does not answer in time is a 503', async () => {
    const { post } = start({
      forwarding: { requestTimeoutMs: 50 },
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        ),
    });
    expect((await post(batch(track('Cart Viewed')))).status).toBe(503);
  });

  test('past the whole deadline the function answers 503 without waiting further', async () => {
    let release = () => {};
    const { post, logs } = start({
      forwarding: { requestTimeoutMs: 60_000, deadlineMs: 50 },
      fetch: () => new Promise<Response>((resolve) => (release = () => resolve(new Response('{}')))),
    });
    try {
      expect((await post(batch(track('Cart Viewed')))).status).toBe(503);
      expect(logs).toEqual(['events: 1 messages not forwarded: no answer within 50 ms']);
    } finally {
      release();
    }
  });

  test('a write key Segment refuses is a 503 (and logged), not a silent loss', async () => {
    const { post, collector, logs } = start({ collectorKey: 'another-key' });
    expect((await post(batch(track('Cart Viewed')))).status).toBe(503);
    expect(collector.events()).toHaveLength(0);
    expect(logs).toEqual(['events: 1 messages not forwarded: [401] Unauthorized']);
  });
});

describe('202: no write key', () => {
  test('batches are validated, acknowledged and dropped; the log says once what to set', async () => {
    const { createEvents } = await import('../../../src/functions/events/index');
    const { parseConfig } = await import('../../../src/config/env');
    const logs: string[] = [];
    let calls = 0;
    const handle = createEvents(parseConfig({}), {
      log: (line) => logs.push(line),
      fetch: async () => {
        calls += 1;
        return new Response('{}');
      },
    });
    const post = (body: unknown) =>
      handle(
        new Request('https://site.test/.netlify/functions/events', {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify(body),
        }),
      );
    const answer = await post(batch(track('Product Viewed'), page('Home')));
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ accepted: 2, forwarded: false });
    expect((await post(batch(track('Product Viewed')))).status).toBe(202);
    expect((await post({ batch: [] })).status).toBe(400);
    expect(calls).toBe(0);
    expect(logs).toEqual([
      'events: analytics is not configured (set SEGMENT_WRITE_KEY): batches are accepted and dropped',
    ]);
  });
});

describe('contact details stay in the traits', () => {
  test('properties lose contact keys and address values at any depth; nothing else', async () => {
    const { post, collector } = start();
    const answer = await post(
      batch(
        track('Order Completed', {
          order_id: 'o-77',
          email: 'buyer@example.com',
          customerEmail: 'buyer@example.com',
          phone: '+1 555 0100',
          phone_number: '5550100',
          tel: '5550100',
          mobileNumber: '5550100',
          note: 'write to buyer@example.com',
          encoded: 'buyer%40example.com',
          hotel: 'kept',
          telemetry: 'kept',
          products: [
            { sku: 'GLV-12', contact: { email_address: 'buyer@example.com', city: 'Leeds' } },
            'buyer@example.com',
            { sku: 'WRP-120' },
          ],
          count: 2,
          gift: true,
          coupon: null,
        }),
      ),
    );
    expect(answer).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(collector.events()[0]!.properties).toEqual({
      order_id: 'o-77',
      hotel: 'kept',
      telemetry: 'kept',
      products: [{ sku: 'GLV-12', contact: { city: 'Leeds' } }, { sku: 'WRP-120' }],
      count: 2,
      gift: true,
      coupon: null,
    });
  });

  test('page addresses lose the query parameters that name or hold a contact detail; the rest keep their spelling', async () => {
    const { post, collector } = start();
    const context = pageContext({
      url: 'https://site.test/checkout?utm_source=news%20letter&email=buyer%40example.com&step=2&Phone=5550100#top',
      search: '?utm_source=news%20letter&e=buyer@example.com&step=2',
      referrer: 'https://mail.example/?to=buyer%40example.com&tel=5550100',
      title: 'Thanks, buyer@example.com',
    });
    await post(batch(page('Checkout', {}, { context })));
    expect(collector.events()[0]!.context).toMatchObject({
      page: {
        url: 'https://site.test/checkout?utm_source=news%20letter&step=2#top',
        search: '?utm_source=news%20letter&step=2',
        referrer: 'https://mail.example/',
        title: 'Thanks, (email removed)',
        path: '/training/how-to-throw-a-jab',
      },
    });
  });

  test('identify traits and context traits keep the address and phone the visitor gave', async () => {
    const { post, collector } = start();
    const traits = { email: 'reader@example.com', phone: '+1 555 0100', firstName: 'Ada' };
    await post(
      batch(
        identify(traits),
        track(
          'Campaign Subscribed',
          { email: 'reader@example.com', list: 'newsletter' },
          { context: { ...pageContext(), traits } },
        ),
      ),
    );
    const [who, subscribed] = collector.events();
    expect(who!.traits).toEqual(traits);
    expect(subscribed!.context).toMatchObject({ traits });
    expect(subscribed!.properties).toEqual({ list: 'newsletter' });
  });

  test('an address as userId or in the campaign is dropped; the anonymous id stays', async () => {
    const { post, collector } = start();
    await post(
      batch(
        track(
          'Ad Clicked',
          {},
          {
            userId: 'reader@example.com',
            context: { ...pageContext(), campaign: { source: 'newsletter', term: 'reader@example.com' } },
          },
        ),
      ),
    );
    const [event] = collector.events();
    expect(event).not.toHaveProperty('userId');
    expect(event!.anonymousId).toBe('anon-7f3a');
    expect(event!.context).toMatchObject({ campaign: { source: 'newsletter' } });
    expect(JSON.stringify(event)).not.toContain('reader@example.com');
  });
});
