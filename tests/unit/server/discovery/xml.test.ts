// @vitest-environment jsdom
/**
 * Whatever an editor types comes out as well-formed XML: the escaper alone, and a story whose
 * title, summary, author and category carry `&<>"'`, emoji and control characters through the
 * sitemap and every feed, read by a strict XML 1.0 parser (jsdom's DOMParser) and the feed library.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { expect, test } from 'vitest';
import { escapeXml } from '../../../../src/server/discovery/xml';
import { setupRenderHandler } from '../../../support/render-handler';
import { expectXmlChars, parseXml } from '../../../support/xml';

/** Parses with a strict XML 1.0 parser; fails the test on any well-formedness error. */
function strictXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')[0]?.textContent ?? null).toBeNull();
  return doc;
}

const HOSTILE = `Jab & "cross" <hook> 'n' ]]> 🥊\u0007\u0000 done\uFFFE\uD83D`;
/** What survives: the markup characters as text, the emoji; not the control characters. */
const CLEAN = `Jab & "cross" <hook> 'n' ]]> 🥊 done`;

test('the escaper: markup characters become entities, forbidden characters go, the rest stays', () => {
  expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  expect(escapeXml('tab\tnew\nline\rcr')).toBe('tab\tnew\nline\rcr');
  expect(escapeXml('\u0000\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF')).toBe('');
  expect(escapeXml('🥊 é ✓ \u2028 \uE000')).toBe('🥊 é ✓ \u2028 \uE000');
  // Lone halves of a surrogate pair (a string cut inside an emoji) go; whole pairs stay.
  expect(escapeXml('a\uD83Db\uDC4Ac\uD83E\uDD4A')).toBe('abc🥊');
  expect(escapeXml('&amp;')).toBe('&amp;amp;');
});

test('escaped text and attribute values read back as what was meant, strictly parsed', () => {
  const doc = strictXml(`<a title="${escapeXml(HOSTILE)}">${escapeXml(HOSTILE)}</a>`);
  expect(doc.documentElement.textContent).toBe(CLEAN);
  expect(doc.documentElement.getAttribute('title')).toBe(CLEAN);
});

test('a hostile story gives a valid sitemap and valid feeds of every kind', async () => {
  const { handle } = setupRenderHandler({
    articleTitles: [HOSTILE, 'Plain'],
    virtualTime: true,
    edit: (site) => {
      site.author.content.name = `Maya "Iron" O'Neil & <Co> 🥊\u0007`;
      site.category.content.name = `Training & <Conditioning>`;
      site.category.content.meta_info = { title: null, description: `Drills "&" more\u0001` };
      site.topic.content.name = `Tech'nique 🥊`;
      site.articles[0]!.content.description = HOSTILE;
      site.articles[0]!.tag_list = [HOSTILE];
    },
  });
  const read = async (path: string) => {
    const res = await handle(new Request(`https://example.test${path}`));
    expect(res.status, path).toBe(200);
    return expectXmlChars(new Uint8Array(await res.arrayBuffer()));
  };
  const sitemap = await read('/sitemap.xml');
  strictXml(sitemap);
  parseXml(sitemap);
  for (const path of [
    '/feed.xml',
    '/c/training/feed.xml',
    '/t/technique/feed.xml',
    '/author/maya-cole/feed.xml',
  ]) {
    const text = await read(path);
    const doc = strictXml(text);
    parseXml(text);
    const feed = parseFeed(text);
    const item = feed.items.find((i) => i.url?.endsWith('/article-1'));
    expect(item?.title, path).toBe(CLEAN);
    expect(item?.description, path).toBe(CLEAN);
    expect(item?.authors[0]?.name).toBe(`Maya "Iron" O'Neil & <Co> 🥊`);
    expect(item?.categories.map((c) => c.label)).toEqual(['Training & <Conditioning>', "Tech'nique 🥊"]);
    expect(doc.getElementsByTagName('title')[0]?.textContent).not.toMatch(/[\u0000-\u0008]/);
  }
  const category = parseFeed(await read('/c/training/feed.xml'));
  expect(category.title).toBe('Training & <Conditioning> stories | Roundhouse');
  expect(category.description).toBe('Drills "&" more');
});
