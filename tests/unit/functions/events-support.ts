/**
 * Parts for the events function's tests: the function built from an environment, forwarding with
 * the real analytics-node client to the local Segment collector (its handler reached through a
 * fetch that records every request the client made), a clock the tests move, and message builders.
 */
import { parseConfig } from '../../../src/config/env';
import { createEvents } from '../../../src/functions/events/index';
import { createAnalyticsCollector } from '../../../src/local/analytics-collector';
import { EVENTS_PATH, type AnalyticsMessage } from '../../../src/shared/analytics';

export const WRITE_KEY = 'test-write-key';
export const SITE = 'https://site.test';
export const API_HOST = 'http://segment.test/api';

export type SentRequest = {
  url: string;
  headers: Headers;
  body: { batch: Record<string, unknown>[] } & Record<string, unknown>;
};

export function setup({
  env = {},
  fetch: fetchOverride,
  forwarding = {},
  collectorKey = WRITE_KEY,
}: {
  env?: Record<string, string>;
  /** Replaces the route to the collector (a network that fails or hangs). */
  fetch?: typeof fetch;
  forwarding?: { maxRetries?: number; requestTimeoutMs?: number; deadlineMs?: number };
  collectorKey?: string;
} = {}) {
  const collector = createAnalyticsCollector({ writeKey: collectorKey, prefix: '/api' });
  const sent: SentRequest[] = [];
  const toCollector: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      headers: request.headers,
      body: JSON.parse(await request.clone().text()) as SentRequest['body'],
    });
    return collector.handle(request);
  };
  const logs: string[] = [];
  let clock = Date.parse('2026-11-25T10:00:00Z');
  const handle = createEvents(
    parseConfig({ SEGMENT_WRITE_KEY: WRITE_KEY, SEGMENT_API_HOST: API_HOST, ...env }),
    {
      fetch: fetchOverride ?? toCollector,
      log: (line) => logs.push(line),
      now: () => clock,
      forwarding: { maxRetries: 0, requestTimeoutMs: 2000, deadlineMs: 5000, ...forwarding },
    },
  );

  async function post(
    body: unknown,
    init: { headers?: Record<string, string>; raw?: string; ip?: string; method?: string } = {},
  ) {
    const method = init.method ?? 'POST';
    const request = new Request(`${SITE}${EVENTS_PATH}`, {
      method,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...init.headers },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: init.raw ?? JSON.stringify(body) }),
    });
    const response = await handle(request, { ip: init.ip ?? '203.0.113.5' });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>),
    };
  }

  return { handle, post, collector, sent, logs, advance: (ms: number) => void (clock += ms) };
}

let sequence = 0;
/** A fresh message id (8–64 of [A-Za-z0-9_-]). */
export const messageId = () => `msg_${String(++sequence).padStart(8, '0')}`;

export const pageContext = (page: Record<string, string> = {}) => ({
  page: {
    path: '/training/how-to-throw-a-jab',
    url: `${SITE}/training/how-to-throw-a-jab`,
    search: '',
    title: 'How to throw a jab',
    referrer: '',
    ...page,
  },
  locale: 'en-US',
  userAgent: 'Mozilla/5.0 (test)',
});

const common = () => ({
  messageId: messageId(),
  timestamp: '2026-11-25T09:59:58.123Z',
  anonymousId: 'anon-7f3a',
  context: pageContext(),
});

export const track = (
  event: string,
  properties: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  ...common(),
  type: 'track',
  event,
  properties,
  ...extra,
});

export const page = (
  name: string,
  properties: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  ...common(),
  type: 'page',
  name,
  properties,
  ...extra,
});

export const identify = (traits: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...common(),
  type: 'identify',
  traits,
  ...extra,
});

export const batch = (...messages: unknown[]) => ({ batch: messages, sentAt: '2026-11-25T10:00:00.000Z' });

export type Message = AnalyticsMessage;
