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

/** The article links of an HTML sitemap page: `/<category>/<slug>`, not a hub, topic, author or page. */
const articleLinks = (page: string) => {
  const section = page.slice(
    page.indexOf('id="sitemap-articles"'),
    page.indexOf('</section>', page.indexOf('id="sitemap-articles"')),
  );
  return [...section.matchAll(/href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/g)].map((m) => m[1]!);
};

test('DEMO_ARTICLES scales the catalogue; the HTML sitemap lists it 100 articles a page, every article once', async () => {
  const plainPage = await html(plain, '/sitemap');
  expect(plainPage).not.toMatch(/-copy-\d+"/);
  expect(plainPage).not.toContain('aria-label="Sitemap pages"');

  const [first, second] = await Promise.all([html(scaled, '/sitemap'), html(scaled, '/sitemap?page=2')]);
  expect(articleLinks(first)).toHaveLength(100);
  expect(first).toContain('aria-label="Sitemap pages"');
  expect(first).toContain('<link rel="next" href="');
  expect(second).toContain('<title>Sitemap – Page 2 | Roundhouse</title>');
  // Page 2 has the rest and not page 1's short lists; page 3 is past the last.
  expect(second).not.toContain('id="sitemap-authors"');
  expect((await fetch(`${scaled.url}/sitemap?page=3`)).status).toBe(404);

  // Together the pages list every article of the XML sitemap, each once.
  const listed = [...articleLinks(first), ...articleLinks(second)];
  expect(new Set(listed).size).toBe(listed.length);
  const xml = await html(scaled, '/sitemap.xml');
  const inXml = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[a-z0-9-]+\/[a-z0-9-]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .filter((p) => !/^\/(c|t|author|p)\//.test(p));
  expect(inXml.length).toBeGreaterThan(100);
  expect(new Set(listed)).toEqual(new Set(inXml));
});
