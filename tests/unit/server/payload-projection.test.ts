/**
 * What the browser is sent for lists: card fields, the nav's names and links, the sitemap's names
 * and paths, through the whole server path (the demo content behind the real client, the render
 * handler), in the page's inline payload and in a client navigation's JSON payload alike; and
 * what the server alone reads (the feed, the JSON-LD) still whole.
 */
import { beforeAll, expect, test } from 'vitest';
import { setupDemoHandler } from '../../support/demo-handler';
import { toArticleCard } from '../../../src/content/cards';
import { articleSummary } from '../app/factories';
import { pagePayloadText } from '../../support/page-modules.ts';

let get: Awaited<ReturnType<typeof setupDemoHandler>>['get'];

beforeAll(async () => {
  ({ get } = await setupDemoHandler());
});

const CARD_KEYS = ['author', 'category', 'coverImage', 'date', 'description', 'path', 'title', 'uuid'];
const NAV_KEYS = ['listingRoute', 'name', 'route', 'slug', 'topics', 'uuid'];

type Json = Record<string, unknown>;
const keys = (value: unknown) => Object.keys(value as Json).sort();

/** The global payload of a server-rendered page. */
function inlinePayload(html: string): { loaderData: Record<string, Json> } {
  const json = pagePayloadText(html);
  if (!json) throw new Error('no payload in the page');
  return JSON.parse(json) as { loaderData: Record<string, Json> };
}

test('a card carries what it shows: title, path, lede, cover file, date, category and author names', () => {
  const summary = articleSummary('jab');
  const card = toArticleCard(summary);
  expect(card).toEqual({
    uuid: summary.uuid,
    path: summary.path,
    title: summary.title,
    description: summary.description,
    coverImage: { src: summary.coverImage!.src, width: 1200, height: 800 },
    date: summary.firstPublishedAt,
    category: { uuid: summary.category.uuid, name: summary.category.name },
    author: { uuid: summary.author!.uuid, name: summary.author!.name },
  });
  // The date falls back to the last publish; projections are remembered per mapped summary.
  expect(toArticleCard(articleSummary('new', { firstPublishedAt: null })).date).toBe(
    '2025-03-05T10:00:00.000Z',
  );
  expect(toArticleCard(summary)).toBe(card);
});

test("home's payload holds the nav's names and links, and of the cards the HTML shows only their uuids", async () => {
  const { body } = await get('/');
  const { loaderData } = inlinePayload(body);
  const [hero, ...stories] = (loaderData.home!.articles as { stories: Json[] }).stories;
  // The first story stays whole (home's hero when its story has no blocks); no tags, topics,
  // photos or alt texts the card never renders.
  expect(keys(hero)).toEqual(CARD_KEYS);
  expect(JSON.stringify(hero)).not.toMatch(/"(tags|topic|photo|blockImage|alt|focus|slug)"/);
  // The others are in the HTML already: the payload names them, the browser keeps their markup.
  expect(stories.length).toBeGreaterThan(10);
  for (const story of stories) expect(story).toEqual({ uuid: expect.any(String), kept: true });
  const { loaderData: whole } = JSON.parse((await get('/_payload')).body) as {
    loaderData: Record<string, Json>;
  };
  const cards = (whole.home!.articles as { stories: (Json & { title: string; path: string })[] }).stories;
  expect(cards.map((c) => c.uuid)).toEqual([hero!.uuid, ...stories.map((s) => s.uuid)]);
  for (const card of cards) {
    expect(keys(card)).toEqual(CARD_KEYS);
    expect(body).toContain(`href="${card.path}"`);
    expect(body).toContain(card.title.replace(/&/g, '&amp;'));
  }
  const categories = loaderData.root!.categories as Json[];
  expect(categories.length).toBeGreaterThan(0);
  for (const category of categories) {
    expect(keys(category)).toEqual(NAV_KEYS);
    for (const topic of category.topics as Json[]) expect(keys(topic)).toEqual(['name', 'route', 'uuid']);
  }
});

test.each([
  ['/training', 'listing', (d: Json) => (d.articles as { stories: Json[] }).stories],
  ['/c/training', 'category', (d: Json) => d.articles as Json[]],
  ['/t/technique', 'topic', (d: Json) => (d.articles as { stories: Json[] }).stories],
  ['/author/marcus-bell', 'author', (d: Json) => (d.articles as { stories: Json[] }).stories],
])("%s's grid goes as uuids in the page's payload (the HTML has its cards)", async (path, id, cardsOf) => {
  const { loaderData } = inlinePayload((await get(path)).body);
  const cards = cardsOf(loaderData[id]!);
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(card).toEqual({ uuid: expect.any(String), kept: true });
});

test("an article's related stories stay whole: its sidebar lists them from their data", async () => {
  const { loaderData } = inlinePayload((await get('/training/how-to-throw-a-jab')).body);
  const related = loaderData.article!.related as Json[];
  expect(related.length).toBeGreaterThan(0);
  for (const story of related) expect(keys(story)).toEqual(CARD_KEYS);
});

test('client navigations get the same projections as the page (the JSON payload)', async () => {
  const { res, body } = await get('/_payload/training');
  expect(res.status).toBe(200);
  const { loaderData } = JSON.parse(body) as { loaderData: Record<string, Json> };
  const stories = (loaderData.listing!.articles as { stories: Json[] }).stories;
  for (const story of stories) expect(keys(story)).toEqual(CARD_KEYS);
  const related = (
    JSON.parse((await get('/_payload/training/how-to-throw-a-jab')).body) as {
      loaderData: Record<string, Json>;
    }
  ).loaderData.article!.related as Json[];
  expect(related.length).toBeGreaterThan(0);
  for (const story of related) expect(keys(story)).toEqual(CARD_KEYS);
});

test('the HTML sitemap is sent names and paths', async () => {
  const { loaderData } = inlinePayload((await get('/sitemap')).body);
  const sitemap = loaderData.sitemap as { index: Record<string, Json[]>; articles: { stories: Json[] } };
  for (const list of ['topics', 'authors'])
    for (const link of sitemap.index[list]!) expect(keys(link)).toEqual(['name', 'path', 'uuid']);
  expect(sitemap.articles.stories.length).toBeGreaterThan(0);
  for (const article of sitemap.articles.stories)
    expect(keys(article)).toEqual(['category', 'name', 'path', 'uuid']);
});

test('what only the server reads stays whole: the feed names authors and categories, JSON-LD lists the stories', async () => {
  const feed = (await get('/feed.xml')).body;
  expect(feed).toContain('<dc:creator>');
  expect(feed).toContain('<media:description');
  expect(feed).toMatch(/<category domain="[^"]*\/t\//);
  const { body } = await get('/');
  const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(body)?.[1] ?? '';
  expect(ld).toContain('"ItemList"');
});

test("home's HTML stays well under its old size (a generous ceiling: full summaries made it 118 KB)", async () => {
  const { body } = await get('/');
  expect(body.length).toBeLessThan(100_000);
});
