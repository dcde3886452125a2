/**
 * Preview through the render handler: only a verified Visual Editor link or a valid session sees
 * drafts; every other attempt gets published content (or a 403 with the reason) and never a draft;
 * preview answers are private, unindexed and framable by the editor only; live editing renders
 * the editor's unsaved copy through the same validation.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createStoryblokClient } from '../../../src/content/client.server';
import { withEditedStory } from '../../../src/content/edited-story.server';
import { createContentApi, type ContentClient } from '../../../src/content/service.server';
import type { ContentVersion } from '../../../src/content/types';
import type { WireStory } from '../../../src/content/wire';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';
import { createRenderHandler } from '../../../src/server/handler.server';
import { createPreview } from '../../../src/server/preview.server';
import { createPreviewSessions } from '../../../src/server/preview-session';
import { makeSite } from '../../support/stories';
import { testManifest } from '../../support/render-handler';

const NOW = new Date('2026-06-01T12:00:00Z');
const SPACE = '42';
const PREVIEW_TOKEN = 'prev-token';
const SECRET = 'a-test-secret-that-is-long-enough-123456';
const DRAFT_MARKER = 'DRAFT-ONLY-MARKER';

/** `clock` is the render handler's clock (sessions age by it); content is read at NOW. */
function setup(clock: () => Date = () => NOW) {
  const site = makeSite();
  const article = site.articles[0]!;
  const draftArticle: WireStory = structuredClone(article);
  draftArticle.content.title = `The perfect jab ${DRAFT_MARKER}`;
  draftArticle.content.content = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'Draft body.' }] },
      {
        type: 'blok',
        attrs: {
          id: 'b1',
          body: [
            { _uid: 'btn-1', component: 'button', text: 'Join now', link: { url: '/join', linktype: 'url' } },
          ],
        },
      },
    ],
  };
  const service = createContentService({
    stories: site.stories,
    draftStories: [draftArticle],
    publicToken: 'pub-preview-test',
    previewToken: PREVIEW_TOKEN,
  });
  const clientFor = (version: ContentVersion) =>
    createStoryblokClient({
      accessToken: version === 'draft' ? PREVIEW_TOKEN : 'pub-preview-test',
      endpoint: 'http://content.test/v2',
      fetch: createContentServiceFetch(service),
    });
  const clients = { published: clientFor('published'), draft: clientFor('draft') };
  const api = (version: ContentVersion, client: ContentClient = clients[version]) =>
    createContentApi({ client, version, now: () => NOW });
  const apis = { published: api('published'), draft: api('draft') };
  const handle = createRenderHandler({
    manifest: testManifest,
    contentFor: (version, edited) =>
      edited ? api('draft', withEditedStory(clients.draft, edited)) : apis[version],
    siteName: 'Roundhouse',
    baseUrl: 'https://example.test',
    now: clock,
    preview: createPreview({
      spaceId: SPACE,
      previewToken: PREVIEW_TOKEN,
      secret: SECRET,
      editorOrigin: 'https://app.storyblok.com',
    }),
  });
  const categorySlug = String(site.category.slug);
  const path = `/${categorySlug}/${article.slug}`;
  return { site, article, draftArticle, handle, path };
}

/** The link Storyblok's app would open, with each part overridable to forge it. */
function editorLink(path: string, over: { space?: string; timestamp?: number; token?: string } = {}) {
  const timestamp = String(over.timestamp ?? Math.floor(NOW.getTime() / 1000) - 60);
  const space = over.space ?? SPACE;
  const token =
    over.token ?? createHash('sha1').update(`${space}:${PREVIEW_TOKEN}:${timestamp}`).digest('hex');
  const params = new URLSearchParams({
    _storyblok: '1001',
    '_storyblok_tk[space_id]': space,
    '_storyblok_tk[timestamp]': timestamp,
    '_storyblok_tk[token]': token,
  });
  return `https://example.test${path}?${params}`;
}

async function get(handle: (r: Request) => Promise<Response>, url: string, cookie?: string) {
  const res = await handle(new Request(url, cookie ? { headers: { cookie } } : {}));
  return { res, body: await res.text() };
}

/** One directive's value in the answer's Content-Security-Policy. */
const directive = (res: Response, name: string) =>
  (res.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('a verified Visual Editor link', () => {
  test('shows the draft, with the preview badge, click-to-edit markers and private headers', async () => {
    const { handle, path } = setup();
    const { res, body } = await get(handle, editorLink(path));
    expect(res.status).toBe(200);
    expect(body).toContain(DRAFT_MARKER);
    expect(body).toContain('aria-label="Preview mode"');
    expect(body).toMatch(/data-blok-uid="\d+-btn-1"/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(res.headers.get('netlify-cache-tag')).toBeNull();
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(directive(res, 'frame-ancestors')).toBe("'self' https://app.storyblok.com");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const cookie = res.headers.get('set-cookie') ?? '';
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Max-Age=3600', 'Path=/'])
      expect(cookie).toContain(attribute);
    // The session cookie names no Storyblok token.
    expect(cookie).not.toContain(PREVIEW_TOKEN);
    expect(body).not.toContain(PREVIEW_TOKEN);
  });

  test('the session then carries drafts to other pages and to payloads, without the link', async () => {
    const { handle, path } = setup();
    const first = await get(handle, editorLink(path));
    const cookie = cookieOf(first.res);
    const page = await get(handle, `https://example.test${path}`, cookie);
    expect(page.body).toContain(DRAFT_MARKER);
    const payload = await get(handle, `https://example.test/_payload${path}`, cookie);
    expect(payload.res.headers.get('cache-control')).toBe('private, no-store');
    expect(payload.body).toContain(DRAFT_MARKER);
    const home = await get(handle, 'https://example.test/_payload', cookie);
    expect(home.body).toContain('"draft":true');
  });

  test.each([
    ['a forged token', { token: 'f'.repeat(40) }, 'not valid for this site'],
    ['a token older than an hour', { timestamp: Math.floor(NOW.getTime() / 1000) - 3601 }, 'expired'],
    ["another space's token", { space: '7' }, 'another Storyblok space'],
  ])('%s gets a 403 with the reason and no draft', async (_name, over, reason) => {
    const { handle, path } = setup();
    const { res, body } = await get(handle, editorLink(path, over));
    expect(res.status).toBe(403);
    expect(body).toContain(reason);
    expect(body).not.toContain(DRAFT_MARKER);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the story parameter alone proves nothing', async () => {
    const { handle, path } = setup();
    const { res, body } = await get(handle, `https://example.test${path}?_storyblok=1001`);
    expect(res.status).toBe(403);
    expect(body).not.toContain(DRAFT_MARKER);
  });

  test('a site without preview settings refuses editor links', async () => {
    const { handle: _unused, path } = setup();
    const handle = createRenderHandler({
      manifest: testManifest,
      contentFor: () => {
        throw new Error('no content needed');
      },
      siteName: 'Roundhouse',
      now: () => NOW,
    });
    const { res, body } = await get(handle, editorLink(path));
    expect(res.status).toBe(403);
    expect(body).toContain('Preview is not set up');
  });
});

describe('sessions', () => {
  test('a session is renewed only in its second half-hour, so a late answer cannot undo Exit preview', async () => {
    let now = NOW;
    const { handle, path } = setup(() => now);
    const cookie = cookieOf((await get(handle, editorLink(path))).res);
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    now = at(29);
    const early = await get(handle, `https://example.test/_payload${path}`, cookie);
    expect(early.body).toContain(DRAFT_MARKER);
    expect(early.res.headers.get('set-cookie')).toBeNull();
    now = at(31);
    const late = await get(handle, `https://example.test${path}`, cookie);
    expect(late.body).toContain(DRAFT_MARKER);
    const renewed = late.res.headers.get('set-cookie') ?? '';
    expect(renewed).toMatch(/^rh_preview=v1\.\d+\..*Max-Age=3600/);
    // The renewed cookie outlives the first one: at 70 minutes only it still opens drafts.
    now = at(70);
    expect((await get(handle, `https://example.test${path}`, cookie)).body).not.toContain(DRAFT_MARKER);
    expect((await get(handle, `https://example.test${path}`, cookieOf(late.res))).body).toContain(
      DRAFT_MARKER,
    );
  });

  test('a tampered, expired or foreign session cookie gets published content and is cleared', async () => {
    const { handle, path } = setup();
    const valid = cookieOf((await get(handle, editorLink(path))).res).split('=')[1]!;
    const [version, expires, signature] = valid.split('.');
    const expired = await createPreviewSessions(SECRET).issue(new Date(NOW.getTime() - 2 * 3600_000));
    const foreign = await createPreviewSessions('another-secret-that-is-long-enough-0000').issue(NOW);
    for (const value of [
      `${version}.${Number(expires) + 3600}.${signature}`,
      `${version}.${expires}.${signature!.slice(0, -2)}AA`,
      expired,
      foreign,
      'garbage',
    ]) {
      const { res, body } = await get(handle, `https://example.test${path}`, `rh_preview=${value}`);
      expect(res.status, value).toBe(200);
      expect(body, value).not.toContain(DRAFT_MARKER);
      expect(body).not.toContain('data-blok');
      expect(res.headers.get('set-cookie')).toMatch(/^rh_preview=; Max-Age=0/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  test('exit preview ends the session and returns to the page, never to another site', async () => {
    const { handle, path } = setup();
    const exit = await handle(
      new Request(`https://example.test/_preview/exit?to=${encodeURIComponent(path)}`),
    );
    expect(exit.status).toBe(303);
    expect(exit.headers.get('location')).toBe(path);
    expect(exit.headers.get('set-cookie')).toMatch(/^rh_preview=; Max-Age=0.*Partitioned/);
    for (const to of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const res = await handle(
        new Request(`https://example.test/_preview/exit?to=${encodeURIComponent(to)}`),
      );
      expect(res.headers.get('location'), to).toBe('/');
    }
  });
});

describe('published answers', () => {
  test('carry no draft, no editor markers, public caching and deny framing', async () => {
    const { handle, path } = setup();
    for (const url of [path, `/_payload${path}`, '/', '/_payload']) {
      const { res, body } = await get(handle, `https://example.test${url}`);
      expect(res.status, url).toBe(200);
      expect(body, url).not.toContain(DRAFT_MARKER);
      expect(body, url).not.toMatch(/data-blok|_editable|Preview mode/);
      expect(directive(res, 'frame-ancestors')).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy'), url).toBeNull();
      expect(res.headers.get('netlify-vary')).toContain('cookie=rh_preview');
    }
  });
});

describe('live editing', () => {
  const post = (
    handle: (r: Request) => Promise<Response>,
    path: string,
    body: string,
    headers: Record<string, string>,
  ) =>
    handle(
      new Request(`https://example.test/_preview/payload${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );

  test("renders the editor's unsaved copy, validated like saved content", async () => {
    const { handle, path, draftArticle } = setup();
    const cookie = cookieOf((await get(handle, editorLink(path))).res);
    const edited = structuredClone(draftArticle);
    edited.content.title = 'Typed just now';
    edited.content.content = {
      type: 'doc',
      content: [
        { type: 'blok', attrs: { id: 'x', body: [{ _uid: 'bad-1', component: 'button', text: 42 }] } },
      ],
    };
    const res = await post(handle, path, JSON.stringify(edited), { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const payload = (await res.json()) as {
      loaderData: { article: { article: { title: string; body: unknown[] } } };
    };
    expect(payload.loaderData.article.article.title).toBe('Typed just now');
    // The invalid block arrives marked, for the draft notice; it never crashes the render.
    expect(JSON.stringify(payload.loaderData.article.article.body)).toMatch(/"uid":"bad-1".*"error"/);
  });

  test('needs a session, JSON, a story shape and a bounded body', async () => {
    const { handle, path, draftArticle } = setup();
    expect((await post(handle, path, JSON.stringify(draftArticle), {})).status).toBe(403);
    const cookie = cookieOf((await get(handle, editorLink(path))).res);
    expect((await post(handle, path, '{', { cookie })).status).toBe(400);
    const wrong = await post(handle, path, JSON.stringify({ id: 'x' }), { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/story\.(id|uuid|content)/);
    expect((await post(handle, path, 'x'.repeat(1_000_001), { cookie })).status).toBe(413);
    expect((await post(handle, path, '{}', { cookie, 'content-type': 'text/plain' })).status).toBe(415);
    expect(
      (await post(handle, path, JSON.stringify(draftArticle), { cookie, 'sec-fetch-site': 'cross-site' }))
        .status,
    ).toBe(403);
  });
});
