/**
 * The bench's two axes on the built local server: `DEMO_ARTICLES` (catalogue size, `--articles`)
 * and `DEMO_ARTICLE_LENGTH` (page size, `--lengths`). An article said three times over shows its
 * text three times, with the rest of the page as it was; the catalogue grows to the count asked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/local-server';

const ARTICLE = '/training/core-training-for-punching-power';
const DEMO_STORY = path.resolve(
  import.meta.dirname,
  '../../src/local/demo/stories/blogs/core-training-for-punching-power.json',
);

let plain: RunningServer;
let scaled: RunningServer;
beforeAll(async () => {
  [plain, scaled] = await Promise.all([
    startBuiltServer(),
    startBuiltServer({ DEMO_ARTICLE_LENGTH: '3', DEMO_ARTICLES: '120' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), scaled?.stop()]);
});

const html = async (server: RunningServer, path: string) => {
  const res = await fetch(server.url + path);
  expect(res.status).toBe(200);
  return res.text();
};
/** The paragraphs of the page's <article> element: its body's and its own (header, author, FAQ). */
const paragraphs = (page: string) => {
  const article = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
  return article.match(/<p[ >]/g)?.length ?? 0;
};

test("DEMO_ARTICLE_LENGTH says an article's body that many times over", async () => {
  const [once, thrice] = await Promise.all([html(plain, ARTICLE), html(scaled, ARTICLE)]);
  // The body's paragraphs (in lists and quotes too), counted in its source: the demo story.
  const story: unknown = JSON.parse(await readFile(DEMO_STORY, 'utf8'));
  const count = (node: unknown): number =>
    Array.isArray(node)
      ? node.reduce((sum: number, n) => sum + count(n), 0)
      : typeof node === 'object' && node !== null
        ? ((node as { type?: unknown }).type === 'paragraph' ? 1 : 0) +
          count((node as { content?: unknown }).content)
        : 0;
  const body = count((story as { content: { content: unknown } }).content.content);
  expect(body).toBeGreaterThan(5);
  expect(paragraphs(once)).toBeGreaterThanOrEqual(body);
  expect(paragraphs(thrice) - paragraphs(once)).toBe(2 * body);
  // The title is said once: only the body grows.
  const title = once.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
  expect(title).toBeTruthy();
  expect(thrice.split(`>${title}</h1>`)).toHaveLength(2);
});

test('DEMO_ARTICLES scales the catalogue the sitemap lists', async () => {
  const [ours, theirs] = await Promise.all([html(plain, '/sitemap'), html(scaled, '/sitemap')]);
  const copies = (page: string) => new Set(page.match(/href="\/[a-z-]+\/[a-z0-9-]+-copy-\d+"/g)).size;
  expect(copies(ours)).toBe(0);
  expect(copies(theirs)).toBeGreaterThan(50);
});
