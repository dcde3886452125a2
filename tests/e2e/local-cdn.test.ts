/**
 * The local CDN in front of the built site, as `npm start` runs it: misses then hits with their
 * Age, a stale copy served while one background request refreshes it, purges by tag through the
 * app's own purge (`purgeCache` pointed at the local purge API), Netlify-Vary's query allow-list,
 * preview sessions never stored, brotli and gzip decoding to the same bytes, and the headers the
 * browser never sees. Each test starts from an empty cache (a purge of the whole site).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createPurge } from '../../src/functions/purge';
import { signedEditorUrl } from '../../src/server/preview-token';
import { startBuiltServer, type RunningServer } from '../support/local-server';
import { pageModules } from '../support/page-modules.ts';

const TOKEN = 'e2e-purge-token-0123456789';
const ARTICLE = '/training/how-to-throw-a-jab';
const OTHER = '/author';
const PUBLISHED_TITLE = 'The Jab, Properly: Your First Punch and Your Most Important One';
const DRAFT_TITLE = 'The Jab, Properly: Your First Punch, Your Best Punch (Updated)';

let server: RunningServer;
let purge: (tags: string[]) => Promise<void>;

beforeAll(async () => {
  server = await startBuiltServer({ LOCAL_PURGE_TOKEN: TOKEN });
  purge = createPurge({ apiURL: `${server.url}/_local/netlify`, token: TOKEN, siteID: 'local-site' });
}, 60_000);
afterAll(() => server?.stop());

/** The whole site, as `purgeCache()` without tags would. */
async function purgeAll(token = TOKEN) {
  return fetch(`${server.url}/_local/netlify/api/v1/purge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ site_id: 'local-site' }),
  });
}
beforeEach(async () => {
  expect((await purgeAll()).status).toBe(202);
});

type Got = {
  status: number;
  cacheStatus: string | null;
  age: string | null;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
};

/** One GET as a browser sends it, the body exactly as it came (node:http does not decode). */
function get(path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cacheStatus: (res.headers['cache-status'] as string | undefined) ?? null,
            age: (res.headers.age as string | undefined) ?? null,
            headers: res.headers,
            raw: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const text = ({ headers, raw }: Got) =>
  (headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw)
      : raw
  ).toString();

/** A GET whose answer the CDN has stored once it returns (the stored copy completes with the stream). */
async function warm(path: string, headers: Record<string, string> = {}) {
  const answer = await get(path, headers);
  await expect
    .poll(async () => (await tool()).entries.some((entry) => entry.path === path.split('?')[0]))
    .toBe(true);
  return answer;
}

type ToolAnswer = {
  stats: { refreshes: number; stored: number };
  entries: { path: string; variant: string; tags: string[]; freshForSeconds: number }[];
};
const tool = async () => (await (await fetch(`${server.url}/_local/cdn`)).json()) as ToolAnswer;
async function advanceClock(seconds: number) {
  const response = await fetch(`${server.url}/_local/cdn/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

describe('the local CDN', () => {
  test('a miss, then hits with their Age; the browser never sees the CDN-only headers', async () => {
    const miss = await warm(ARTICLE);
    expect(miss.status).toBe(200);
    expect(miss.cacheStatus).toBe('"Netlify Edge"; fwd=miss');
    expect(miss.age).toBeNull();
    await advanceClock(7);
    const hit = await get(ARTICLE);
    expect(hit.cacheStatus).toBe('"Netlify Edge"; hit');
    expect(hit.age).toBe('7');
    expect(text(hit)).toBe(text(miss));
    for (const answer of [miss, hit]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(answer.headers['netlify-cdn-cache-control']).toBeUndefined();
      expect(answer.headers['netlify-cache-tag']).toBeUndefined();
      // Netlify documents no stripping of Netlify-Vary (see src/local/cdn/index.ts).
      expect(answer.headers['netlify-vary']).toMatch(/^query=page/);
    }
    // Client navigations' payloads are cached the same way.
    await warm(`/_payload${ARTICLE}`);
    expect((await get(`/_payload${ARTICLE}`)).cacheStatus).toBe('"Netlify Edge"; hit');
  });

  test('past its fresh time the stale copy is served at once, refreshed once, then fresh again', async () => {
    const first = await warm(ARTICLE);
    const { entries, stats } = await tool();
    const fresh = entries.find((entry) => entry.path === ARTICLE)!.freshForSeconds;
    await advanceClock(fresh + 1);
    // (Only the first: the refresh takes a few ms, so a request after it finds the new object.)
    const stale = await get(ARTICLE);
    expect(stale.cacheStatus).toBe('"Netlify Edge"; hit, fwd=stale');
    expect(Number(stale.age)).toBeGreaterThanOrEqual(fresh + 1);
    expect(text(stale)).toBe(text(first));
    // One background request, stored as a new object.
    await expect.poll(async () => (await tool()).stats.stored).toBe(stats.stored + 1);
    expect((await tool()).stats.refreshes).toBe(stats.refreshes + 1);
    const refreshed = await get(ARTICLE);
    expect(refreshed.cacheStatus).toBe('"Netlify Edge"; hit');
    expect(refreshed.age).toBe('0');
    expect(text(refreshed)).toContain(PUBLISHED_TITLE);
  });

  test("a purge by the article's tag misses it next; a page without that tag stays a hit", async () => {
    await warm(ARTICLE);
    await warm(OTHER);
    const { entries } = await tool();
    const tagsOf = (path: string) => entries.find((entry) => entry.path === path)!.tags;
    const own = tagsOf(ARTICLE).filter((tag) => !tagsOf(OTHER).includes(tag));
    expect(own.length).toBeGreaterThan(0);
    // A wrong token purges nothing.
    await expect(
      createPurge({
        apiURL: `${server.url}/_local/netlify`,
        token: 'wrong-token-0123456789',
        siteID: 'local-site',
      })(own),
    ).rejects.toThrow(/401/);
    // Another site's page cannot purge (the local tools' guard).
    const crossSite = await fetch(`${server.url}/_local/netlify/api/v1/purge`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
      },
      body: JSON.stringify({ site_id: 'local-site' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await get(ARTICLE)).cacheStatus).toBe('"Netlify Edge"; hit');
    await purge([own[0]!]);
    expect((await get(ARTICLE)).cacheStatus).toBe('"Netlify Edge"; fwd=miss');
    expect((await get(OTHER)).cacheStatus).toBe('"Netlify Edge"; hit');
  });

  test('Netlify-Vary query=page: ?page=2 is its own object, ?utm_source=x shares the page', async () => {
    await warm('/training');
    expect((await get('/training?utm_source=x')).cacheStatus).toBe('"Netlify Edge"; hit');
    const second = await get('/training?page=2');
    expect(second.cacheStatus).toBe('"Netlify Edge"; fwd=miss');
    await expect
      .poll(async () => (await tool()).entries.filter((entry) => entry.path === '/training').length)
      .toBe(2);
    expect((await get('/training?page=2&utm_source=x')).cacheStatus).toBe('"Netlify Edge"; hit');
  });

  test('a preview session is its own key and its private answers are never stored', async () => {
    await warm(ARTICLE);
    const link = await signedEditorUrl(new URL(`${server.url}${ARTICLE}`), {
      storyId: 1,
      spaceId: '1',
      previewToken: 'local-preview-token',
      now: new Date(),
    });
    const opened = await get(link.pathname + link.search);
    expect(opened.cacheStatus).toBe('"Netlify Edge"; fwd=miss');
    const cookie = String(opened.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^rh_preview=/);
    for (let i = 0; i < 2; i += 1) {
      const draft = await get(ARTICLE, { cookie });
      expect(draft.cacheStatus).toBe('"Netlify Edge"; fwd=miss');
      expect(draft.headers['cache-control']).toBe('private, no-store');
      expect(text(draft)).toContain(DRAFT_TITLE);
    }
    const visitor = await get(ARTICLE);
    expect(visitor.cacheStatus).toBe('"Netlify Edge"; hit');
    expect(text(visitor)).toContain(PUBLISHED_TITLE);
    expect(text(visitor)).not.toContain(DRAFT_TITLE);
    expect((await tool()).entries.filter((entry) => entry.path === ARTICLE)).toHaveLength(1);
  });

  test('brotli, gzip and identity decode to the same bytes, pages and static files alike', async () => {
    const identity = await warm(ARTICLE, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    const html = identity.raw.toString();
    const script = pageModules(html)?.entry;
    expect(script).toBeDefined();
    for (const path of [ARTICLE, script!]) {
      const plain = await get(path, { 'accept-encoding': 'identity' });
      for (const encoding of ['br', 'gzip']) {
        const answer = await get(path, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(answer.headers['content-length']).toBe(String(answer.raw.byteLength));
        expect(answer.raw.byteLength).toBeLessThan(plain.raw.byteLength / 2);
        expect(text(answer)).toBe(plain.raw.toString());
      }
    }
  });
});

test('LOCAL_CDN=off: every page from the origin, uncompressed, no Cache-Status', async () => {
  const direct = await startBuiltServer({ LOCAL_CDN: 'off' });
  try {
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${direct.url}${ARTICLE}`, { headers: { 'accept-encoding': 'br' } });
      await response.arrayBuffer();
      expect(response.headers.get('cache-status')).toBeNull();
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('netlify-cdn-cache-control')).not.toBeNull();
    }
  } finally {
    await direct.stop();
  }
});
