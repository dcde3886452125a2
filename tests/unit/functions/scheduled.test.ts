/**
 * The deployed retry job runs only for Netlify's scheduled invocation (`{ "next_run": … }`): any
 * other request to its URL runs nothing and learns nothing (issue 18, item 8).
 */
import { expect, test, vi } from 'vitest';
import { isScheduledInvocation, scheduledOnly } from '../../../src/functions/scheduled';

const URL = 'https://shop.roundhouse.test/.netlify/functions/email-retry';
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request(URL, { method: 'POST', headers, body });

test("Netlify's scheduled invocation runs the job; the report goes to the log, not the answer", async () => {
  const job = vi.fn(async () => ({ scanned: 3, delivered: 2, failed: 1, dead: 0, skipped: 0 }));
  const logs: string[] = [];
  const handle = scheduledOnly('email-retry', job, (line) => logs.push(line));
  const response = await handle(post('{"next_run":"2026-11-25T06:10:00.000Z"}'));
  expect(job).toHaveBeenCalledTimes(1);
  expect(response.status).toBe(204);
  expect(await response.text()).toBe('');
  expect(logs).toEqual(['email-retry: {"scanned":3,"delivered":2,"failed":1,"dead":0,"skipped":0}']);
});

test.each([
  ['a POST without a body', new Request(URL, { method: 'POST' })],
  ['an empty JSON object', post('{}')],
  ['a GET', new Request(URL)],
  ['a GET with the query', new Request(`${URL}?next_run=2026-11-25T06:10:00.000Z`)],
  ['next_run that is not a time', post('{"next_run":"soon"}')],
  ['next_run that is not a string', post('{"next_run":1764051000000}')],
  ['an array', post('[{"next_run":"2026-11-25T06:10:00.000Z"}]')],
  ['not JSON', post('next_run=2026-11-25T06:10:00.000Z')],
  ['a body past 1 KB', post(JSON.stringify({ next_run: '2026-11-25T06:10:00.000Z', pad: 'x'.repeat(2000) }))],
])('%s: 404, nothing runs, nothing is told', async (_label, request) => {
  const job = vi.fn(async () => ({ scanned: 0 }));
  const handle = scheduledOnly('email-retry', job, () => {});
  const response = await handle(request);
  expect(response.status).toBe(404);
  expect(job).not.toHaveBeenCalled();
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.text()).not.toMatch(/scanned|delivered/);
});

test('isScheduledInvocation reads the body once, and only a small one', async () => {
  expect(await isScheduledInvocation(post('{"next_run":"2026-11-25T06:10:00Z"}'))).toBe(true);
  expect(
    await isScheduledInvocation(post('{"next_run":"2026-11-25T06:10:00Z"}', { 'Content-Length': '99999' })),
  ).toBe(false);
});
