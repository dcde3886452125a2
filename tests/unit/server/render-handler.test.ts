/**
 * The render handler end to end in-process: the local Storyblok stand-in, the real
 * storyblok-js-client, the content API and the React server render.
 */
import { describe, expect, test } from 'vitest';
import { setupRenderHandler as setup } from '../../support/render-handler';
import { bootstrapArguments, pageModules, pagePayloadText } from '../../support/page-modules.ts';

describe('route statuses', () => {
  const { site, get } = setup({ futureArticle: true });
  const article = site.articles[0]!;

  test.each([
    ['/', 200],
    ['/sitemap', 200],
    ['/author', 200],
    ['/author/maya-cole', 200],
    ['/c', 200],
    ['/c/training', 200],
    ['/t', 200],
    ['/t/technique', 200],
    ['/training', 200],
    [`/training/${article.slug}`, 200],
    ['/nope', 404],
    ['/c/nope', 404],
    ['/t/nope', 404],
    ['/author/nope', 404],
    ['/training/nope', 404],
    ['/training/coming-soon', 404],
    ['/wellness/article-1', 404],
    ['/c/Bad_Slug!', 404],
    ['/training?page=0', 404],
    ['/training?page=abc', 404],
    ['/training?page=99', 404],
    ['/sitemap?page=0', 404],
    ['/sitemap?page=2', 404],
    ['/a/b/c', 404],
  ])('%s answers %i', async (path, status) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(status);
    if (status === 404) expect(body).toContain('This page could not be found');
  });
});

test('an article page carries title, meta description, payload and cache tags', async () => {
  const { site, get } = setup();
  const article = site.articles[0]!;
  const { res, body } = await get(`/training/${article.slug}`);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(body).toMatch(/<title>The perfect jab \| Roundhouse<\/title>/);
  expect(body).toContain('<meta name="description" content="About The perfect jab."');
  // The entry and the route's chunk are fetched and run after the first paint.
  expect(pageModules(body)).toEqual({
    entry: '/assets/entry-TEST.js',
    modules: expect.arrayContaining(['/assets/entry-TEST.js', '/assets/article-TEST.js']),
  });
  // The entry's own imports go first, one at a time (React's set-up apart from the entry's).
  expect(bootstrapArguments(body)?.entryImports).toEqual(['/assets/chunks/shared-TEST.js']);
  expect(body).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
  expect(body).toContain('window.__INITIAL_STATE__=');
  // The payload carries what the browser's document links, not the module list again or the nonce.
  const state = JSON.parse(pagePayloadText(body)!) as { assets: Record<string, unknown> };
  expect(Object.keys(state.assets).sort()).toEqual(['css', 'fonts']);
  const tags = res.headers.get('netlify-cache-tag')?.split(',') ?? [];
  expect(tags).toEqual(expect.arrayContaining(['layout', article.uuid, site.global.uuid, site.author.uuid]));
  expect(res.headers.get('netlify-cdn-cache-control')).toContain('stale-while-revalidate');
  expect(body).not.toContain('pub-token');
  expect(res.headers.get('netlify-cache-tag')).not.toContain('pub-token');
});

test('a story titled with a script tag renders as text and cannot break out of the payload', async () => {
  const evil = '</script><script>alert(1)</script>';
  const { site, get } = setup({ articleTitles: [evil] });
  const { body } = await get(`/training/${site.articles[0]!.slug}`);
  expect(body).not.toContain('<script>alert(1)</script>');
  expect(body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  const payload = pagePayloadText(body);
  expect(payload).toBeDefined();
  expect(JSON.stringify(JSON.parse(payload!))).toContain(evil);
});

test('the per-route payload is JSON with the same data and tags as the page', async () => {
  const { site, get } = setup();
  const { res, body } = await get(`/_payload/training/${site.articles[0]!.slug}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const payload = JSON.parse(body);
  expect(payload.loaderData.article.article.title).toBe('The perfect jab');
  expect(payload.loaderData.root.site.year).toBe(2026);
  expect(res.headers.get('netlify-cache-tag')).toContain(site.articles[0]!.uuid);

  const missing = await get('/_payload/training/nope');
  expect(missing.res.status).toBe(404);
  expect(JSON.parse(missing.body).errors.root).toMatchObject({ type: 'response', status: 404 });
});

test('a trailing slash redirects to the canonical path and other methods are refused', async () => {
  const { get } = setup();
  const { res } = await get('/training/');
  expect(res.status).toBe(301);
  expect(res.headers.get('location')).toBe('/training');
});

test('when the content service fails the page is a 503 error page with Retry-After that is never cached', async () => {
  const { service, get } = setup();
  service.faults.set({ status5xx: 100 });
  const errors: unknown[] = [];
  const spy = (await import('vitest')).vi
    .spyOn(console, 'error')
    .mockImplementation((...args) => void errors.push(args));
  const { res, body } = await get('/training');
  spy.mockRestore();
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('30');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(body).not.toContain('This page could not be found');
  expect(errors.length).toBeGreaterThan(0);
});
