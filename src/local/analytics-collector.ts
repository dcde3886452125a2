/**
 * A loopback stand-in for Segment's HTTP Tracking API, as the events function's analytics-node
 * client speaks it: `POST <prefix>/v1/batch` with `Authorization: Basic base64(<write key>:)` (or,
 * as Segment also takes, `writeKey` in the body) and `{ batch: [...], sentAt, writeKey }`. It answers
 * like Segment (200 `{ success: true }`; 400 for a body that is not a batch; 401 for another write
 * key), records every message it took (the last 1000) and, like Segment, counts a message id once:
 * a beacon sent again after an outage is not a second event.
 *
 * Developer and test API (under `toolPath`, `/_local/analytics` on the local server):
 *   GET     an HTML page of the last events, newest first; `Accept: application/json` or
 *           `?format=json` gives `{ events: [...] }`, oldest first, each message as received
 *   DELETE  forgets every event (and the ids seen)
 *   POST   /faults `{ "status": 503 }`  every batch is answered with that status until
 *   DELETE /faults                       clears it (an outage drill)
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { problem, readJsonBody } from '../http/boundary.ts';

/** Where the local server mounts the collector's API (the events function's SEGMENT_API_HOST). */
export const LOCAL_SEGMENT_PREFIX = '/_local/segment';
/** The developer's view and switches. */
export const LOCAL_ANALYTICS_PATH = '/_local/analytics';

/** A message as analytics-node sent it (only what the collector relies on is checked). */
export type CollectedMessage = { messageId: string; type: string; [key: string]: unknown };

const batchBody = z.object({
  batch: z.array(z.looseObject({ messageId: z.string().min(1), type: z.string().min(1) })),
  writeKey: z.string().optional(),
});
const faultBody = z.object({ status: z.number().int().min(400).max(599) });

/** Segment takes batches up to 500 KB. */
const BATCH_BYTES = 500 * 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Segment's error answer (with the reason phrase a socket would carry, for callers reached directly). */
const segmentError = (status: number, message: string) =>
  Response.json(
    { success: false, message },
    { status, statusText: STATUS_CODES[status] ?? '', headers: { 'Cache-Control': 'no-store' } },
  );

export function createAnalyticsCollector({
  writeKey,
  prefix = LOCAL_SEGMENT_PREFIX,
  toolPath = LOCAL_ANALYTICS_PATH,
  keep = 1000,
}: {
  /** The only key accepted. */
  writeKey: string;
  prefix?: string;
  toolPath?: string;
  /** How many messages are kept (the oldest go first). */
  keep?: number;
}) {
  const events: CollectedMessage[] = [];
  /** Ids already counted, in arrival order; remembered well past the kept events. */
  const seen = new Set<string>();
  const remember = keep * 10;
  let faultStatus: number | null = null;
  const batchPath = `${prefix}/v1/batch`;

  function authorized(request: Request, bodyKey: string | undefined): boolean {
    const header = request.headers.get('authorization');
    if (header === null) return bodyKey === writeKey;
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    // Segment's convention: the write key is the user name, the password is empty.
    return decoded === `${writeKey}:` || decoded === writeKey;
  }

  function record(messages: CollectedMessage[]): number {
    let added = 0;
    for (const message of messages) {
      if (seen.has(message.messageId)) continue;
      seen.add(message.messageId);
      if (seen.size > remember) seen.delete(seen.values().next().value!);
      events.push(message);
      added += 1;
    }
    if (events.length > keep) events.splice(0, events.length - keep);
    return added;
  }

  async function receive(request: Request): Promise<Response> {
    if (request.method !== 'POST') return segmentError(405, 'Method not allowed');
    if (faultStatus !== null)
      return segmentError(faultStatus, 'Fault switched on (/_local/analytics/faults)');
    const read = await readJsonBody(request, BATCH_BYTES);
    if (!read.ok)
      return read.response.status === 413 ? segmentError(400, 'Request too large') : read.response;
    const parsed = batchBody.safeParse(read.body);
    if (!authorized(request, parsed.success ? parsed.data.writeKey : undefined)) {
      return segmentError(401, 'Invalid write key');
    }
    if (!parsed.success) return segmentError(400, 'Invalid batch');
    record(parsed.data.batch as CollectedMessage[]);
    return Response.json({ success: true }, { headers: { 'Cache-Control': 'no-store' } });
  }

  async function faults(request: Request): Promise<Response> {
    if (request.method === 'DELETE') {
      faultStatus = null;
      return new Response(null, { status: 204 });
    }
    const read = await readJsonBody(request, 1024);
    if (!read.ok) return read.response;
    const parsed = faultBody.safeParse(read.body);
    if (!parsed.success) {
      return problem(400, [{ field: 'status', message: 'status must be an HTTP error status (400 to 599)' }]);
    }
    faultStatus = parsed.data.status;
    return new Response(null, { status: 204 });
  }

  function list(request: Request, url: URL): Response {
    const wantsJson =
      url.searchParams.get('format') === 'json' ||
      /application\/json/i.test(request.headers.get('accept') ?? '');
    const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    if (wantsJson) return Response.json({ events }, { headers });
    return new Response(page(events), {
      headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Referrer-Policy': 'no-referrer' },
    });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    if (path === batchPath) return receive(request);
    if (path === `${toolPath}/faults`) {
      return request.method === 'POST' || request.method === 'DELETE'
        ? faults(request)
        : new Response(null, { status: 405, headers: { Allow: 'POST, DELETE' } });
    }
    if (path === toolPath) {
      if (request.method === 'GET' || request.method === 'HEAD') return list(request, url);
      if (request.method === 'DELETE') {
        clear();
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 405, headers: { Allow: 'GET, DELETE' } });
    }
    return new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }

  function clear() {
    events.length = 0;
    seen.clear();
  }

  return {
    handle,
    /** Whether a path is the collector's (its API or its tools). */
    matches: (pathname: string) =>
      pathname === prefix ||
      pathname.startsWith(`${prefix}/`) ||
      pathname === toolPath ||
      pathname.startsWith(`${toolPath}/`),
    /** The kept messages, oldest first. */
    events: (): readonly CollectedMessage[] => events,
    clear,
    /** An outage drill from code: every batch answered `status` (null: back to normal). */
    setFault(status: number | null) {
      faultStatus = status;
    },
    /** The URL the events function forwards to (SEGMENT_API_HOST), given the server's origin. */
    apiHost: (origin: string) => `${origin}${prefix}`,
  };
}

export type AnalyticsCollector = ReturnType<typeof createAnalyticsCollector>;

function cell(value: unknown): string {
  return `<td>${escapeHtml(value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value))}</td>`;
}

function page(events: readonly CollectedMessage[]): string {
  const rows = [...events]
    .reverse()
    .map((message) => {
      const what = message.type === 'track' ? message.event : message.name;
      const data = message.type === 'identify' ? message.traits : message.properties;
      return `<tr>${cell(message.type)}${cell(what)}${cell(message.timestamp)}${cell(message.anonymousId)}<td><pre>${escapeHtml(JSON.stringify(data ?? {}, null, 1))}</pre></td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Analytics: local collector</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap;font-size:.8rem}</style></head>
<body>
<h1>Analytics events (local collector)</h1>
<p>${events.length} event${events.length === 1 ? '' : 's'}, newest first. JSON: <a href="?format=json">?format=json</a>.</p>
<table>
<thead><tr><th>type</th><th>event / name</th><th>time</th><th>anonymousId</th><th>properties / traits</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
