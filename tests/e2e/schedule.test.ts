/**
 * Schedules on time, on the local stack with its CDN: an article published with a schedule about
 * 30 s ahead is on no page before its time (spec §4: visible once its schedule is earlier than
 * now), and on home and its listing within 60 s of its time: no cached page that
 * lists articles outlives that moment.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

async function editor<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}/_local/editor${path}`, {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const TITLE = "Partner Pad Work at Home: A Beginner's Guide to Holding and Hitting";
const shows = async (path: string) =>
  (await (await fetch(server.url + path)).text()).includes(TITLE.replace(/'/g, '&#x27;'));

test('an article scheduled ~30 s ahead appears on home and its listing within 60 s of its time, not before', async () => {
  const { stories } = await editor<{ stories: { id: number; full_slug: string }[] }>('/stories');
  const id = stories.find((s) => s.full_slug === 'blogs/partner-pad-work-at-home')!.id;
  const { story, path } = await editor<{ story: { content: Record<string, unknown> }; path: string }>(
    `/stories/${id}`,
  );
  const listing = `/${path.split('/')[1]}`;
  for (const p of ['/', listing]) expect(await shows(p)).toBe(false); // warm, and not there

  // The first whole minute at least 30 s from now (a schedule names a minute's start, UTC).
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const schedule = at.toISOString().slice(0, 16).replace('T', ' ');
  const visibleFrom = at.getTime();
  await editor(`/stories/${id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...story, content: { ...story.content, schedule } }),
  });
  await editor(`/stories/${id}/publish`, { method: 'POST', body: '{}' });

  const seen: Record<string, number> = {};
  while (Object.keys(seen).length < 2 && Date.now() < visibleFrom + 60_000) {
    for (const p of ['/', listing]) {
      if (seen[p] === undefined && (await shows(p))) seen[p] = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const p of ['/', listing]) {
    expect(seen[p], `${p} never listed it`).toBeDefined();
    console.log(`${p} listed it ${((seen[p]! - at.getTime()) / 1000).toFixed(1)} s after its schedule time`);
    // Not before its time (a second of slack for the clock read), and within 60 s of it.
    expect(seen[p]! - visibleFrom, p).toBeGreaterThanOrEqual(-1000);
    expect(seen[p]! - at.getTime(), p).toBeLessThanOrEqual(60_000);
  }
}, 200_000);
