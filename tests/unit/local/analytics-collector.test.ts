/**
 * The local stand-in for Segment's HTTP Tracking API: it takes batches as analytics-node sends them
 * (Basic auth with the write key), counts a message id once, keeps the last 1000 messages, lists
 * them for people (HTML, newest first, escaped) and for tests (JSON, oldest first), and can be
 * switched into an outage.
 */
import { describe, expect, test } from 'vitest';
import { Analytics } from '@segment/analytics-node';
import { createAnalyticsCollector } from '../../../src/local/analytics-collector';

const KEY = 'local-key';
const ORIGIN = 'http://127.0.0.1:8888';
const auth = (key: string) => `Basic ${btoa(`${key}:`)}`;

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'Product Viewed',
  messageId: id,
  anonymousId: 'anon-1',
  timestamp: '2026-11-25T10:00:00.000Z',
  properties: { product_id: 'gloves' },
  ...extra,
});

function setup(keep?: number) {
  const collector = createAnalyticsCollector({ writeKey: KEY, ...(keep ? { keep } : {}) });
  const send = (
    messages: unknown[],
    headers: Record<string, string> = { Authorization: auth(KEY) },
    body?: unknown,
  ) =>
    collector.handle(
      new Request(`${ORIGIN}/_local/segment/v1/batch`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body ?? { batch: messages, sentAt: new Date().toISOString(), writeKey: KEY }),
      }),
    );
  const tool = (path: string, init: RequestInit = {}) =>
    collector.handle(new Request(`${ORIGIN}/_local/analytics${path}`, init));
  const listed = async () =>
    ((await (await tool('?format=json')).json()) as { events: { messageId: string }[] }).events;
  return { collector, send, tool, listed };
}

describe('the batch endpoint', () => {
  test('takes a batch with Basic auth of the write key and answers like Segment', async () => {
    const { send, listed } = setup();
    const answer = await send([message('m-000001'), message('m-000002', { type: 'page', name: 'Home' })]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true });
    expect((await listed()).map((m) => m.messageId)).toEqual(['m-000001', 'm-000002']);
  });

  test('refuses another write key, a malformed header and no key at all (401), and records nothing', async () => {
    const { send, listed } = setup();
    for (const headers of [
      { Authorization: auth('other-key') },
      { Authorization: 'Bearer local-key' },
      { Authorization: 'Basic !!!' },
    ]) {
      const answer = await send([message('m-000003')], headers, { batch: [message('m-000003')] });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ success: false });
    }
    expect((await send([], {}, { batch: [message('m-000003')] })).status).toBe(401);
    expect(await listed()).toEqual([]);
    // Segment also takes the key in the body when no header is sent.
    expect((await send([], {}, { batch: [message('m-000003')], writeKey: KEY })).status).toBe(200);
  });

  test('a body that is not a batch is a 400', async () => {
    const { send } = setup();
    expect((await send([], undefined, { batch: 'no' })).status).toBe(400);
    expect((await send([], undefined, { batch: [{ type: 'track' }] })).status).toBe(400);
  });

  test('a message id counts once, across batches and within one', async () => {
    const { send, listed } = setup();
    await send([message('m-000010'), message('m-000010')]);
    await send([message('m-000010', { event: 'Cart Viewed' }), message('m-000011')]);
    const events = await listed();
    expect(events.map((m) => m.messageId)).toEqual(['m-000010', 'm-000011']);
    expect(events[0]).toMatchObject({ event: 'Product Viewed' });
  });

  test('keeps the last `keep` messages, oldest dropped first', async () => {
    const { send, listed } = setup(5);
    await send(Array.from({ length: 7 }, (_, i) => message(`m-${String(i).padStart(6, '0')}`)));
    expect((await listed()).map((m) => m.messageId)).toEqual([
      'm-000002',
      'm-000003',
      'm-000004',
      'm-000005',
      'm-000006',
    ]);
    // A dropped message's id is still remembered: a late copy is not recorded again.
    await send([message('m-000000')]);
    expect(await listed()).toHaveLength(5);
    expect((await listed())[0]!.messageId).toBe('m-000002');
  });

  test('keeps 1000 by default', async () => {
    const { send, listed } = setup();
    for (let b = 0; b < 21; b += 1) {
      await send(Array.from({ length: 50 }, (_, i) => message(`b${b}-m${i}-xxxx`)));
    }
    const events = await listed();
    expect(events).toHaveLength(1000);
    expect(events[0]!.messageId).toBe('b1-m0-xxxx');
  });

  test('analytics-node itself delivers to it', async () => {
    const { collector, listed } = setup();
    const analytics = new Analytics({
      writeKey: KEY,
      host: ORIGIN,
      path: '/_local/segment/v1/batch',
      flushAt: 2,
      httpClient: (url, init) => collector.handle(new Request(url, init as RequestInit)),
    });
    analytics.track({
      event: 'Order Completed',
      anonymousId: 'anon-2',
      messageId: 'node-000001',
      properties: { total: 5 },
    });
    analytics.page({ name: 'Home', anonymousId: 'anon-2', messageId: 'node-000002' });
    await analytics.closeAndFlush({ timeout: 5000 });
    expect(await listed()).toEqual([
      expect.objectContaining({
        type: 'track',
        event: 'Order Completed',
        messageId: 'node-000001',
        properties: { total: 5 },
      }),
      expect.objectContaining({ type: 'page', name: 'Home', messageId: 'node-000002' }),
    ]);
  });
});

describe('the developer page and API', () => {
  test('HTML lists the newest first, every value escaped', async () => {
    const { send, tool } = setup();
    await send([
      message('m-000020', { properties: { name: '<script>alert(1)</script>' } }),
      message('m-000021', { type: 'identify', traits: { firstName: 'A&B' }, event: undefined }),
    ]);
    const answer = await tool('');
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await answer.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('A&#38;B');
    expect(html.indexOf('identify')).toBeLessThan(html.indexOf('Product Viewed'));
    expect(html).toContain('2 events');
  });

  test('JSON with Accept: application/json or ?format=json, oldest first, each message as received', async () => {
    const { send, tool } = setup();
    const sent = [message('m-000030'), message('m-000031', { context: { page: { path: '/' } } })];
    await send(sent);
    for (const answer of [
      await tool('', { headers: { Accept: 'application/json' } }),
      await tool('?format=json'),
    ]) {
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(await answer.json()).toEqual({ events: sent });
    }
  });

  test('DELETE forgets everything, ids included', async () => {
    const { send, tool, listed } = setup();
    await send([message('m-000040')]);
    expect((await tool('', { method: 'DELETE' })).status).toBe(204);
    expect(await listed()).toEqual([]);
    await send([message('m-000040')]);
    expect(await listed()).toHaveLength(1);
  });

  test('the outage switch: every batch gets the status until it is cleared; nothing is recorded meanwhile', async () => {
    const { send, tool, listed } = setup();
    const on = await tool('/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    expect(on.status).toBe(204);
    const down = await send([message('m-000050')]);
    expect(down.status).toBe(503);
    expect(down.statusText).toBe('Service Unavailable');
    expect(await listed()).toEqual([]);
    expect((await tool('/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await send([message('m-000050')])).status).toBe(200);
    expect(await listed()).toHaveLength(1);
  });

  test('a fault must be an error status, sent as JSON', async () => {
    const { tool } = setup();
    const post = (body: string, type = 'application/json') =>
      tool('/faults', { method: 'POST', headers: { 'Content-Type': type }, body });
    for (const body of ['{"status":200}', '{"status":"503"}', '{}', '{"status":600}']) {
      expect((await post(body)).status, body).toBe(400);
    }
    expect((await post('{"status":503}', 'text/plain')).status).toBe(415);
  });

  test('other methods are 405; other paths 404', async () => {
    const { tool, collector } = setup();
    expect((await tool('', { method: 'POST' })).status).toBe(405);
    expect((await tool('/faults')).status).toBe(405);
    expect((await collector.handle(new Request(`${ORIGIN}/_local/segment/v1/batch`))).status).toBe(405);
    expect(
      (await collector.handle(new Request(`${ORIGIN}/_local/segment/v1/track`, { method: 'POST' }))).status,
    ).toBe(404);
  });
});
