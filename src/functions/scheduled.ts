/**
 * The guard of a scheduled function (email-retry). Netlify runs a function whose `config` has a
 * `schedule` on its cron, on published deploys, calling it with a JSON body
 * `{ "next_run": <ISO time> }`; scheduled functions take no payload of their own
 * (https://docs.netlify.com/functions/scheduled-functions/), and `@netlify/functions` documents
 * them as "not reachable via HTTP". As defence in depth that relies on nothing else,
 * `scheduledOnly` runs the job only for a request carrying that body: anything else (a GET or POST
 * to `/.netlify/functions/<name>`, should one ever reach it) is a 404 that runs nothing and tells
 * nothing. The job's report goes to the log, never into the answer.
 */
import { json } from '../http/boundary.ts';

const BODY_LIMIT = 1024;

/** Whether the request carries Netlify's scheduled-invocation body: `{ "next_run": <ISO time> }`. */
export async function isScheduledInvocation(request: Request): Promise<boolean> {
  if (request.method !== 'POST' || !request.body) return false;
  if (Number(request.headers.get('content-length') ?? 0) > BODY_LIMIT) return false;
  let text: string;
  try {
    text = await request.text();
  } catch {
    return false;
  }
  if (text.length > BODY_LIMIT) return false;
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const nextRun = (body as Record<string, unknown>).next_run;
    return typeof nextRun === 'string' && Number.isFinite(Date.parse(nextRun));
  } catch {
    return false;
  }
}

export function scheduledOnly(
  name: string,
  job: () => Promise<unknown>,
  log: (line: string) => void = (line) => console.log(line),
) {
  return async (request: Request): Promise<Response> => {
    if (!(await isScheduledInvocation(request))) {
      log(`${name}: refused a request that is not a scheduled run`);
      return json(404, { errors: [{ field: 'function', message: 'not found' }] });
    }
    const report = await job();
    log(`${name}: ${JSON.stringify(report)}`);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  };
}
