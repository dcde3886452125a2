/**
 * One URL per page, as the render handler answers it: the canonical link (page 2's is page 2,
 * never a tracking parameter), rel=prev/next on paginated listings, noindex where a page must not
 * be indexed, every other spelling of a path (case, escapes, slashes) a 301 to the one URL; and a
 * story whose title an editor filled with markup, quotes and emoji keeps its structured data valid.
 */
import { describe, expect, test } from 'vitest';
import { setupRenderHandler } from '../../support/render-handler';
import { nodesOfType, readHead } from '../../support/head';

const SITE = 'https://example.test';
const titles = Array.from({ length: 30 }, (_, i) => `Drill number ${i + 1}`);

describe('canonical and rel=prev/next on paginated listings', () => {
  const { get } = setupRenderHandler({ articleTitles: titles });

  test.each([
    // path, canonical, prev, next
    ['/training', '/training', null, '/training?page=2'],
    ['/training?page=2', '/training?page=2', '/training', null],
    ['/t/technique', '/t/technique', null, '/t/technique?page=2'],
    ['/t/technique?page=2', '/t/technique?page=2', '/t/technique', null],
    ['/author/maya-cole', '/author/maya-cole', null, '/author/maya-cole?page=2'],
    ['/author/maya-cole?page=2', '/author/maya-cole?page=2', '/author/maya-cole', null],
    ['/', '/', null, '/?page=2'],
    ['/?page=2', '/?page=2', '/', null],
  ])('%s: canonical %s, prev %s, next %s', async (path, canonical, prev, next) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(200);
    const head = readHead(body);
    expect(head.links('canonical')).toEqual([`${SITE}${canonical}`]);
    expect(head.meta('og:url')).toBe(`${SITE}${canonical}`);
    expect(head.links('prev')).toEqual(prev ? [`${SITE}${prev}`] : []);
    expect(head.links('next')).toEqual(next ? [`${SITE}${next}`] : []);
  });

  test("page 2's ItemList goes on counting from the first page", async () => {
    const { body } = await get('/training?page=2');
    const list = nodesOfType(readHead(body).graph, 'ItemList')[0]!;
    const items = list.itemListElement as { position: number; url: string }[];
    expect(items.map((i) => i.position)).toEqual([26, 27, 28, 29, 30]);
  });

  test('a page that does not paginate has a canonical and no prev or next', async () => {
    const { body } = await get('/training/article-1');
    const head = readHead(body);
    expect(head.links('canonical')).toEqual([`${SITE}/training/article-1`]);
    expect(head.links('prev')).toEqual([]);
    expect(head.links('next')).toEqual([]);
  });
});

describe('tracking parameters never reach a canonical URL', () => {
  const { get } = setupRenderHandler({ articleTitles: titles });
  const tracking =
    'utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=jab&utm_content=a&gclid=abc&fbclid=def&referral_aid=1&referral_source=friend&referrer_anonymous_id=x';

  test.each(['/training/article-1', '/training', '/training?page=2', '/', '/t/technique'])(
    '%s with tracking parameters',
    async (path) => {
      const url = `${path}${path.includes('?') ? '&' : '?'}${tracking}`;
      const { res, body } = await get(url);
      expect(res.status).toBe(200);
      const head = readHead(body);
      const canonical = `${SITE}${path}`;
      expect(head.links('canonical')).toEqual([canonical]);
      expect(head.meta('og:url')).toBe(canonical);
      // Nor any URL of the head or its structured data.
      const ownUrls = [...head.scriptTexts, ...head.links('prev'), ...head.links('next')].join(' ');
      expect(ownUrls).not.toMatch(/utm_|gclid|fbclid|referral_|referrer_/);
    },
  );
});

describe('noindex where a page must not be indexed', () => {
  const { get } = setupRenderHandler();

  test.each(['/nope', '/training/nope', '/c/nope', '/training?page=99'])(
    '%s (404) is noindex, names no canonical and carries no structured data',
    async (path) => {
      const { res, body } = await get(path);
      expect(res.status).toBe(404);
      const head = readHead(body);
      expect(head.metas('robots')).toEqual(['noindex']);
      expect(head.links('canonical')).toEqual([]);
      expect(head.scriptCount).toBe(0);
    },
  );

  test('published pages are indexable', async () => {
    for (const path of ['/', '/training', '/training/article-1']) {
      const head = readHead((await get(path)).body);
      expect(head.metas('robots'), path).toEqual([]);
    }
  });
});

describe('one URL per page: other spellings of an article path answer 301', () => {
  const { get } = setupRenderHandler({ articleTitles: ['How to throw a jab'] });
  const own = '/training/article-1';

  test.each([
    '/Training/Article-1',
    '/TRAINING/ARTICLE-1',
    '/training/Article-1',
    '/training/article%2D1',
    '/training/article%2d1',
    '/Training/Article%2D1',
    '/%74raining/article-1',
    '/%54raining/article-1',
    '/training/article-1/',
    '/training//article-1',
    '//training/article-1',
    '/Training/Article-1/',
  ])('%s → the one URL', async (path) => {
    const { res } = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(own);
    expect((await get(res.headers.get('location')!)).res.status).toBe(200);
  });

  test('the query survives the redirect, and the payload URL follows the same rule', async () => {
    const page = await get('/Training/Article%2D1?utm_source=x');
    expect(page.res.headers.get('location')).toBe(`${own}?utm_source=x`);
    const payload = await get('/_payload/Training/Article%2D1');
    expect(payload.res.status).toBe(301);
    expect(payload.res.headers.get('location')).toBe(`/_payload${own}`);
  });

  test.each([
    '/training/article%201',
    '/training/article-1%2F',
    '/training/article_1',
    '/training/article-1.html',
  ])('%s is not a spelling of a page: 404 as it is', async (path) => {
    const { res } = await get(path);
    expect(res.status).toBe(404);
  });
});

describe('a title an editor typed with markup, quotes and emoji', () => {
  const title = `Jab & "hook" <b>'cross'</b> </script><script>alert(1)</script> 🥊\u2028done`;
  const { get } = setupRenderHandler({ articleTitles: [title] });

  test('yields valid JSON-LD that parses back to the same title and never leaves its script', async () => {
    const { body } = await get('/training/article-1');
    expect(body).not.toContain('<script>alert(1)</script>');
    const head = readHead(body);
    expect(head.scriptCount).toBe(1);
    const [text] = head.scriptTexts;
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    const posting = nodesOfType(head.graph, 'BlogPosting')[0]!;
    expect(posting.headline).toBe(title);
    const crumbs = nodesOfType(head.graph, 'BreadcrumbList')[0]!.itemListElement as { name: string }[];
    expect(crumbs.at(-1)?.name).toBe(title);
    // The social tags carry it too, as attribute text.
    expect(head.meta('og:title')).toBe(`${title} | Roundhouse`);
    expect(head.meta('twitter:title')).toBe(`${title} | Roundhouse`);
    // The whole document still has one body: nothing closed early.
    expect(head.document.querySelectorAll('body')).toHaveLength(1);
    expect(head.document.querySelector('h1')?.textContent).toBe(title);
  });

  test('a headline over 110 characters is cut at a word, never through an emoji', async () => {
    const long = `${'Footwork drills for every stance '.repeat(3)}🥊🥊🥊 and more`;
    const { get: getLong } = setupRenderHandler({ articleTitles: [long] });
    const { body } = await getLong('/training/article-1');
    const headline = nodesOfType(readHead(body).graph, 'BlogPosting')[0]!.headline as string;
    expect(Array.from(headline).length).toBeLessThanOrEqual(110);
    expect(headline.endsWith('…')).toBe(true);
    expect(long.startsWith(headline.slice(0, -1))).toBe(true);
    expect(headline).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
