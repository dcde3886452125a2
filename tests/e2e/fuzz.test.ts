/**
 * Fuzzing the built local server (the render handler, payloads and functions, behind the same Node
 * adapter `npm start` uses) with property-based inputs (fast-check). Properties for every input:
 * no 5xx, no off-site Location, no stack trace or source path in a body, no cart key in a cart
 * answer, no email address forwarded to analytics outside the traits, and the process still serving
 * at the end.
 *
 * Inside `npm test` each target gets FUZZ_RUNS inputs (default 150); `npm run fuzz` runs thousands
 * and prints what it tried per target.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { signBody } from '../../src/functions/content-webhook/signature';
import { ANALYTICS_EVENTS } from '../../src/shared/analytics';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789abcdef';
const TIMEOUT = Math.max(120_000, RUNS * 200);

let server: RunningServer;
beforeAll(async () => {
  // Rate limits off: every input should reach the code under test, not the limiter.
  server = await startBuiltServer({
    EMAIL_RATE_LIMIT: '100000',
    CART_RATE_LIMIT: '0',
    ANALYTICS_RATE_LIMIT: '0',
    CSP_REPORT_RATE_LIMIT: '0',
    STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
}, 60_000);
afterAll(async () => {
  expect(server.output()).not.toMatch(/loopback handler failed|Uncaught|unhandled/i);
  await server?.stop();
});

const LEAKS = /\n\s+at [^\n]+\(|node:internal|\/src\/[a-z-]+\/[\w./-]+\.tsx?|\/work\//;

/** One request over a raw socket, with the request target exactly as given. */
const raw = (method: string, target: string, headers: string[] = [], body = '') =>
  rawRequest(server.url, { method, target, headers, body });

type Tally = { inputs: number; statuses: Record<number, number> };
const tallies: Record<string, Tally> = {};
function record(target: string, answer: RawAnswer) {
  const tally = (tallies[target] ??= { inputs: 0, statuses: {} });
  tally.inputs += 1;
  tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
}

/** The properties every answer keeps, whatever was sent. */
function expectSafe(answer: RawAnswer, method: string) {
  // A CONNECT the server does not take is closed without an answer; everything else is answered.
  if (method !== 'CONNECT') expect(answer.status).toBeGreaterThanOrEqual(100);
  expect(answer.status, answer.body.slice(0, 200)).not.toBeGreaterThanOrEqual(500);
  if (answer.location !== null) {
    expect(new URL(answer.location, `${server.url}/x/y`).origin).toBe(server.url);
  }
  expect(answer.body).not.toMatch(LEAKS);
}

const pathPiece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E', '%2f', '%5C', '%00') },
  { weight: 2, arbitrary: fc.constantFrom('%', '%zz', '%FF', '@', ':', '?', '#', '[', ']', '&', '=', ';') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'evil.example',
      'page=',
      'page=1',
      'page=99999',
      'page=-1',
      'page=1&page=2',
      'training',
      'SITEMAP',
      'sitemap',
      'c',
      't',
      'author',
      'for-members',
      'your-first-week-at-roundhouse',
      '_payload',
      '.netlify',
      'functions',
      'é',
      '💥',
      '\u2028',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constant('a'.repeat(8192)) },
);
const target = fc
  .tuple(fc.constantFrom('/', '//', '/_payload/', '/./', ''), fc.array(pathPiece, { maxLength: 10 }))
  .map(([start, parts]) => `${start}${parts.join('')}`)
  // Characters a request line cannot carry are refused by Node's parser before our code: encode
  // them as a browser would, so the input reaches the handler.
  .map((t) => t.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c)))
  // Past Node's 16 KiB request-head limit the parser answers 431 and closes mid-send, a race a client
  // may see as a reset; inputs stay under it so they reach our code (hostile-requests.test.ts sends
  // one oversize head on purpose).
  .map((t) => t.slice(0, 15_000));
const method = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'TRACE',
);

describe('fuzz', () => {
  test(
    `render and payload: ${RUNS} request targets and methods`,
    async () => {
      await fc.assert(
        fc.asyncProperty(method, target, async (m, t) => {
          const answer = await raw(m, t || '/');
          record('render', answer);
          expectSafe(answer, m);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  const gid = (kind: string) =>
    fc.oneof(
      fc.constantFrom(
        `gid://shopify/${kind}/100102`,
        `gid://shopify/${kind}/1`,
        `gid://shopify/${kind}/x?key=y`,
      ),
      fc.string({ maxLength: 40 }),
    );
  const quantity = fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double(), fc.string({ maxLength: 3 }));
  const country = fc.oneof(
    fc.constantFrom('US', 'XX', 'us', 'GB', 'AU', 'ZZ', ''),
    fc.string({ maxLength: 3 }),
  );
  const address = fc.record(
    {
      address1: fc.string({ maxLength: 30 }),
      city: fc.string({ maxLength: 20 }),
      zip: fc.string({ maxLength: 12 }),
      countryCode: country,
      provinceCode: fc.string({ maxLength: 4 }),
    },
    { requiredKeys: [] },
  );
  const cartBody = fc.oneof(
    fc.record(
      {
        action: fc.constantFrom(
          'get',
          'create',
          'linesAdd',
          'linesUpdate',
          'linesRemove',
          'discountCodesUpdate',
          'buyerIdentityUpdate',
          'deliveryAddressesAdd',
          'deliveryAddressesUpdate',
          'deliveryOptionSelect',
          'checkout',
          '__proto__',
          'constructor',
        ),
        lines: fc.array(fc.record({ merchandiseId: gid('ProductVariant'), id: gid('CartLine'), quantity }), {
          maxLength: 3,
        }),
        lineIds: fc.array(gid('CartLine'), { maxLength: 3 }),
        discountCodes: fc.array(fc.string({ maxLength: 70 }), { maxLength: 3 }),
        buyerIdentity: fc.record(
          { email: fc.string({ maxLength: 30 }), countryCode: country, phone: fc.string({ maxLength: 10 }) },
          { requiredKeys: [] },
        ),
        addresses: fc.array(
          fc.record({ address, id: fc.string({ maxLength: 10 }), selected: fc.boolean() }),
          {
            maxLength: 2,
          },
        ),
        deliveryGroupId: fc.string({ maxLength: 20 }),
        deliveryOptionHandle: fc.string({ maxLength: 20 }),
      },
      { requiredKeys: ['action'] },
    ),
    fc.jsonValue({ maxDepth: 4 }),
  );
  const bodyText = (json: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 8, arbitrary: json.map((v) => JSON.stringify(v) ?? '') },
      { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('{"a":'.repeat(2000), `{"__proto__":{"x":1},"constructor":{}}`),
      },
      { weight: 1, arbitrary: fc.constant(JSON.stringify({ action: 'get', pad: 'x'.repeat(20_000) })) },
    );
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
  const requestHeaders = fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json',
      'text/plain',
      'application/json; charset=utf-8',
      '',
    ),
    cookie: fc.option(
      fc.oneof(
        fc.constantFrom(
          'rh_cart=%E0%A4%A',
          'rh_cart=gid%3A%2F%2Fshopify%2FCart%2Fnope',
          'rh_cart=',
          'rh_cart_count=-1',
        ),
        fc.string({ maxLength: 200 }).map((v) => `rh_cart=${encodeURIComponent(v)}`),
        fc.constant(`rh_cart=${'x'.repeat(6000)}`),
      ),
    ),
    // Mostly what the site's own pages send, so most inputs get past the cross-site check.
    origin: rarely(fc.constantFrom('https://evil.example', 'null', 'not a url')),
    site: rarely(fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none')),
  });
  function headerLines(h: {
    type: string;
    cookie: string | null;
    origin: string | null;
    site: string | null;
  }): string[] {
    return [
      ...(h.type ? [`Content-Type: ${h.type}`] : []),
      ...(h.cookie ? [`Cookie: ${h.cookie}`] : []),
      ...(h.origin ? [`Origin: ${h.origin}`] : []),
      ...(h.site ? [`Sec-Fetch-Site: ${h.site}`] : []),
    ];
  }

  test(
    `cart function: ${RUNS} bodies, cookies and origins`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'POST', 'POST', 'GET', 'PUT'),
          fc.constantFrom('', '', '', '?action=checkout', '?action=nope'),
          bodyText(cartBody),
          requestHeaders,
          async (m, query, body, h) => {
            const answer = await raw(m, `/.netlify/functions/cart${query}`, headerLines(h), body);
            record('cart', answer);
            expectSafe(answer, m);
            // No cart id or checkout key in any body. The store may quote an id the request sent
            // (`…/x?key=y`, one of the generated ids) in its error message: that echo is not a key.
            expect(answer.body.replaceAll('/x?key=y', '')).not.toMatch(/key=|gid:\/\/shopify\/Cart\//);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  const signup = fc.oneof(
    fc.record(
      {
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 120 })),
        source: fc.constantFrom('footer', 'sidebar', 'block', 'evil', ''),
        path: fc.oneof(
          fc.constantFrom('/', '/training', '//evil.example', 'javascript:alert(1)'),
          fc.string(),
        ),
        consent: fc.oneof(fc.boolean(), fc.constant('true')),
        company: fc.option(fc.string({ maxLength: 5 })),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 4 }),
  );

  test(
    `email capture: ${RUNS} bodies and headers`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'POST', 'POST', 'GET', 'DELETE'),
          bodyText(signup),
          requestHeaders,
          async (m, body, h) => {
            const answer = await raw(m, '/.netlify/functions/email-capture', headerLines(h), body);
            record('email-capture', answer);
            expectSafe(answer, m);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  // Analytics batches: valid messages, a quarter of them with one field replaced by something
  // wrong, oversized or of another type, so validation, scrubbing and forwarding to the local
  // collector all run. Addresses and phone numbers are planted where only the traits may keep them.
  const isoTime = fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString());
  const jsonish = fc.jsonValue({ maxDepth: 3 });
  const oddValue = fc.oneof(
    jsonish,
    fc.constantFrom(
      'yesterday',
      '',
      '2026-13-45T99:99:99Z',
      'x'.repeat(2001),
      'a'.repeat(65),
      'short',
      '__proto__',
    ),
  );
  const anAddress = fc.constantFrom('reader@example.com', 'Reader@Example.com', 'reader%40example.com');
  const text = (maxLength: number) =>
    fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength }) }, { weight: 1, arbitrary: anAddress });
  const url = fc.oneof(
    fc.constantFrom(
      'https://site.test/training?utm_source=x&email=reader%40example.com',
      '/?e=reader@example.com#x',
      '?%E0%A4%A=1&mobile=1',
      'https://mail.example/u/reader@example.com',
      'not a url',
      '',
    ),
    fc.string({ maxLength: 40 }),
  );
  const leaf = fc.oneof(
    text(40),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const key = fc.oneof(
    fc.constantFrom(
      'sku',
      'price',
      'email',
      'Email',
      'phone',
      'phoneNumber',
      'tel',
      'mobile',
      'note',
      'hotel',
      '__proto__',
      'constructor',
    ),
    fc.string({ maxLength: 12 }),
  );
  const properties = fc.dictionary(
    key,
    fc.oneof(
      { weight: 4, arbitrary: leaf },
      {
        weight: 1,
        arbitrary: fc.array(fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 })), { maxLength: 3 }),
      },
    ),
    { maxKeys: 6 },
  );
  const traits = fc.record(
    {
      email: anAddress,
      phone: fc.constantFrom('+1 555 0100', '07700 900123'),
      firstName: fc.string({ maxLength: 20 }),
    },
    { requiredKeys: [] },
  );
  const context = fc.record(
    {
      page: fc.record({
        path: fc.constantFrom('/', '/training'),
        url,
        search: url,
        title: text(40),
        referrer: url,
      }),
      traits,
      campaign: fc.dictionary(fc.constantFrom('source', 'medium', 'name', 'term', 'content'), text(20), {
        maxKeys: 3,
      }),
      locale: fc.constantFrom('en-US', 'de'),
      userAgent: fc.string({ maxLength: 60 }),
      library: jsonish,
    },
    { requiredKeys: ['page'] },
  );
  const validMessage = fc.record(
    {
      type: fc.constantFrom('track', 'track', 'page', 'identify'),
      event: fc.constantFrom(...ANALYTICS_EVENTS),
      name: text(30),
      messageId: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      timestamp: isoTime,
      anonymousId: fc.string({ minLength: 1, maxLength: 64 }),
      userId: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), anAddress),
      properties,
      traits,
      context,
    },
    {
      requiredKeys: [
        'type',
        'event',
        'name',
        'messageId',
        'timestamp',
        'anonymousId',
        'properties',
        'traits',
        'context',
      ],
    },
  );
  const field = fc.constantFrom(
    'type',
    'event',
    'name',
    'messageId',
    'timestamp',
    'anonymousId',
    'userId',
    'properties',
    'traits',
    'context',
  );
  const analyticsMessage = fc
    .tuple(
      validMessage,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(field, oddValue) },
      ),
    )
    .map(([message, change]) => (change ? { ...message, [change[0]]: change[1] } : message));
  const analyticsBatch = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        batch: fc.array(analyticsMessage, { minLength: 1, maxLength: 4 }),
        sentAt: isoTime,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        batch: fc.array(analyticsMessage, { minLength: 49, maxLength: 52 }),
        sentAt: isoTime,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ batch: fc.array(analyticsMessage, { maxLength: 3 }), sentAt: oddValue }),
    },
    { weight: 1, arbitrary: jsonish },
  );
  const privacyHeaders = fc.oneof(
    { weight: 8, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.constantFrom(['Sec-GPC: 1'], ['DNT: 1'], ['DNT: 0']) },
  );

  test(
    `events: ${RUNS} batches and headers`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'GET', 'OPTIONS'),
          bodyText(analyticsBatch),
          requestHeaders,
          privacyHeaders,
          async (m, body, h, privacy) => {
            const answer = await raw(m, '/.netlify/functions/events', [...headerLines(h), ...privacy], body);
            record('events', answer);
            expectSafe(answer, m);
            // Only the traits may carry an anAddress: a refusal never echoes one back.
            if (answer.status >= 400) expect(answer.body).not.toMatch(/reader@example\.com/i);
          },
        ),
        { numRuns: RUNS },
      );
      // What reached the collector carries no anAddress outside the traits.
      const collected = (await (await fetch(`${server.url}/_local/analytics?format=json`)).json()) as {
        events: { traits?: unknown; context?: { traits?: unknown } }[];
      };
      for (const message of collected.events) {
        const { traits: _traits, context, ...rest } = message;
        const { traits: _contextTraits, ...restOfContext } = context ?? {};
        expect(JSON.stringify([rest, restOfContext])).not.toMatch(
          /reader@example\.com|reader%40example\.com/i,
        );
      }
    },
    TIMEOUT,
  );

  const cspReport = fc.oneof(
    fc.record(
      {
        'csp-report': fc.record(
          {
            'document-uri': fc.oneof(fc.webUrl(), fc.string()),
            'effective-directive': fc.oneof(fc.constantFrom('script-src-elem', 'img-src'), fc.string()),
            'blocked-uri': fc.oneof(
              fc.webUrl({ withQueryParameters: true }),
              fc.constantFrom('inline', 'eval'),
            ),
            'line-number': fc.oneof(fc.nat(), fc.integer(), fc.string()),
            'script-sample': fc.string({ maxLength: 200 }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
    fc.array(
      fc.record({
        type: fc.constantFrom('csp-violation', 'deprecation', ''),
        url: fc.webUrl(),
        body: fc.option(fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }))),
      }),
      { maxLength: 30 },
    ),
    fc.jsonValue({ maxDepth: 4 }),
  );

  test(
    `CSP reports: ${RUNS} bodies and headers`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET'),
          fc.constantFrom(
            'application/csp-report',
            'application/reports+json',
            'application/json',
            'text/plain',
            '',
          ),
          bodyText(cspReport),
          async (m, type, body) => {
            const headers = type ? [`Content-Type: ${type}`, 'Origin: null'] : [];
            const answer = await raw(m, '/.netlify/functions/csp-report', headers, body);
            record('csp-report', answer);
            expectSafe(answer, m);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  const webhookBody = fc.oneof(
    fc.record(
      {
        text: fc.string({ maxLength: 80 }),
        action: fc.constantFrom(
          'published',
          'unpublished',
          'deleted',
          'moved',
          'branch_deployed',
          'nope',
          '',
        ),
        space_id: fc.oneof(fc.integer(), fc.string()),
        story_id: fc.oneof(fc.integer({ min: -5, max: 2_000_000_000 }), fc.string(), fc.constant(null)),
        full_slug: fc.oneof(
          fc.constantFrom('blogs/how-to-throw-a-jab', '../../etc', 'a'.repeat(500)),
          fc.string(),
        ),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 4 }),
  );

  test(
    `content webhook: ${RUNS} bodies, signed and not`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'GET'),
          bodyText(webhookBody),
          fc.constantFrom('signed', 'signed', 'unsigned', 'wrong', 'garbage'),
          async (m, body, signing) => {
            const signature =
              signing === 'signed'
                ? await signBody(WEBHOOK_SECRET, body)
                : signing === 'wrong'
                  ? await signBody('another-secret', body)
                  : signing === 'garbage'
                    ? 'zz-not-hex'
                    : null;
            const headers = [
              'Content-Type: application/json',
              ...(signature ? [`webhook-signature: ${signature}`] : []),
            ];
            const answer = await raw(m, '/.netlify/functions/content-webhook', headers, body);
            record('content-webhook', answer);
            expectSafe(answer, m);
            // Only a body signed with the secret is ever taken.
            if (signing !== 'signed' && m === 'POST') expect(answer.status).toBeGreaterThanOrEqual(400);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  test('the server is still serving, and the tally of what was tried', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    for (const [name, tally] of Object.entries(tallies)) {
      const statuses = Object.entries(tally.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      console.log(`fuzz ${name}: ${tally.inputs} inputs, 0 × 5xx, 0 off-site Location; statuses ${statuses}`);
    }
    expect(Object.keys(tallies).sort()).toEqual([
      'cart',
      'content-webhook',
      'csp-report',
      'email-capture',
      'events',
      'render',
    ]);
  });
});
