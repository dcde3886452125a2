/**
 * The events function on the built local stack (`npm start`), forwarding over HTTP with the real
 * analytics-node client to the local Segment collector: a batch sent as `sendBeacon` sends it is
 * listed at /_local/analytics, the outage switch turns forwarding into a 503 the browser retries
 * on, and the same batch sent again after the outage counts once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { rawRequest } from '../support/raw-http';

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

let sequence = 0;
const message = (event: string, properties: Record<string, unknown> = {}) => ({
  type: 'track',
  event,
  properties,
  messageId: `e2e-${Date.now()}-${++sequence}`,
  timestamp: new Date().toISOString(),
  anonymousId: 'anon-e2e',
  context: {
    page: {
      path: '/',
      url: `${server.url}/?utm_source=mail&email=reader%40example.com`,
      search: '',
      title: 'Home',
      referrer: '',
    },
    traits: { email: 'reader@example.com' },
  },
});
const beacon = (messages: unknown[]) =>
  fetch(`${server.url}/.netlify/functions/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ batch: messages, sentAt: new Date().toISOString() }),
  });
type Listed = {
  events: {
    messageId: string;
    properties?: unknown;
    context?: { page?: { url?: string }; traits?: unknown };
  }[];
};
const listed = async () =>
  (await (await fetch(`${server.url}/_local/analytics?format=json`)).json()) as Listed;
const faults = (init: RequestInit) => fetch(`${server.url}/_local/analytics/faults`, init);

describe('events on the local stack', () => {
  test('a beaconed batch is forwarded to the local collector and listed there', async () => {
    expect((await fetch(`${server.url}/_local/analytics`, { method: 'DELETE' })).status).toBe(204);
    const viewed = message('Product Viewed', { product_id: 'gloves', email: 'reader@example.com' });
    const answer = await beacon([viewed]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ accepted: 1 });
    const { events } = await listed();
    expect(events.map((e) => e.messageId)).toEqual([viewed.messageId]);
    expect(events[0]!.properties).toEqual({ product_id: 'gloves' });
    expect(events[0]!.context?.page?.url).toBe(`${server.url}/?utm_source=mail`);
    expect(events[0]!.context?.traits).toEqual({ email: 'reader@example.com' });

    const html = await (await fetch(`${server.url}/_local/analytics`)).text();
    expect(html).toContain('Product Viewed');
    expect(html).toContain('anon-e2e');
  });

  test('the outage drill: 503 with Retry-After while the collector is down; the retried batch counts once', async () => {
    expect((await fetch(`${server.url}/_local/analytics`, { method: 'DELETE' })).status).toBe(204);
    const kept = [message('Order Completed', { order_id: 'o-1' }), message('Cart Viewed')];
    const on = await faults({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"status":503}',
    });
    expect(on.status).toBe(204);
    const down = await beacon(kept);
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await listed()).events).toEqual([]);

    expect((await faults({ method: 'DELETE' })).status).toBe(204);
    expect((await beacon(kept)).status).toBe(200);
    expect((await beacon(kept)).status).toBe(200);
    expect((await listed()).events.map((e) => e.messageId)).toEqual(kept.map((m) => m.messageId));
  });

  test('the collector and its switches refuse other sites, like every local tool', async () => {
    const evil = ['Origin: https://evil.example', 'Sec-Fetch-Site: cross-site'];
    expect((await rawRequest(server.url, { target: '/_local/analytics', headers: evil })).status).toBe(403);
    const forged = await rawRequest(server.url, {
      method: 'POST',
      target: '/_local/analytics/faults',
      headers: [...evil, 'Content-Type: text/plain'],
      body: '{"status":503}',
    });
    expect(forged.status).toBe(403);
    const notJson = await rawRequest(server.url, {
      method: 'POST',
      target: '/_local/analytics/faults',
      headers: ['Content-Type: text/plain'],
      body: '{"status":503}',
    });
    expect(notJson.status).toBe(415);
    // No fault was set by either.
    expect((await beacon([message('Element Clicked')])).status).toBe(200);
  });
});
