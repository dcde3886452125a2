/**
 * The local editor's endpoints: the picker's list, a story with its signed preview URL and fields,
 * Save and Publish through the Storyblok stand-in, and the answers to bad input.
 */
import { describe, expect, test, vi } from 'vitest';
import type { WireStory } from '../../../src/content/wire';
import { createContentService, type PublishEvent } from '../../../src/local/content-service';
import { createLocalEditor, EDITOR_BODY_LIMIT } from '../../../src/local/editor';
import { verifyEditorParams } from '../../../src/server/preview-token';
import { wireStory } from './wire-story';

const PREVIEW = 'local-preview-token';
const PUBLIC = 'local-public-token';
const NOW = new Date('2026-03-01T12:00:00.000Z');
const ORIGIN = 'http://localhost:8888';

function fixture() {
  const category = wireStory('categories/training', {
    component: 'category',
    name: 'Training',
    description: 'Workouts',
  });
  const topic = wireStory('topics/technique', {
    component: 'topic',
    name: 'Technique',
    category: category.uuid,
  });
  const author = wireStory('authors/dani', { component: 'author', name: 'Dani', bio: 'Coach' });
  const article = wireStory('blogs/jab', {
    component: 'article',
    title: 'The jab',
    description: 'Lede text',
    category: category.uuid,
    content: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First words.' }] },
        {
          type: 'blok',
          attrs: {
            id: 'b',
            body: [{ _uid: 'card-1', component: 'card', title: 'Card title', text: 'Body' }],
          },
        },
      ],
    },
  });
  const viaTopic = wireStory('blogs/slip', { component: 'article', title: 'Slip', topic: topic.uuid });
  const orphan = wireStory('blogs/orphan', { component: 'article', title: 'No category' });
  const home = wireStory('pages/home', { component: 'page', title: 'Home', body: [] });
  const about = wireStory('pages/about', {
    component: 'page',
    title: 'About',
    body: [{ _uid: 'intro', component: 'short_text', headline: 'Who we are', text: 'Coaches.' }],
  });
  // A page in a sub-folder has no page on the site (getPage reads `pages/<slug>` only).
  const nested = wireStory('pages/legal/cookies', { component: 'page', title: 'Cookies', body: [] });
  const global = wireStory('global', { component: 'global' });
  const onPublish = vi.fn<(event: PublishEvent) => void>();
  const service = createContentService({
    stories: [global, category, topic, author, article, viaTopic, orphan, home, about, nested],
    publicToken: PUBLIC,
    previewToken: PREVIEW,
    cv: 1000,
    now: () => NOW,
    onPublish,
  });
  const editor = createLocalEditor({ content: service, previewToken: PREVIEW, spaceId: '1', now: () => NOW });
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('host', 'localhost:8888');
    const res = await editor.handle(new Request(`http://127.0.0.1:8888${path}`, { ...init, headers }));
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // The page is HTML.
    }
    return { status: res.status, headers: res.headers, body: body as Record<string, unknown>, text };
  };
  const published = async (slug: string) => {
    const res = await service.handle(
      new Request(`http://local/v2/cdn/stories/${slug}?version=published&token=${PUBLIC}`),
    );
    return ((await res.json()) as { story: WireStory }).story;
  };
  const send = (method: string, path: string, body: unknown) =>
    call(path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    service,
    editor,
    call,
    send,
    published,
    onPublish,
    category,
    topic,
    author,
    article,
    home,
    about,
    orphan,
  };
}

type Opened = {
  story: WireStory & { content: Record<string, unknown> };
  state: string;
  path: string;
  previewUrl: string;
  fields: { name: string; value: string; uid: string; path: (string | number)[] }[];
};

describe('the picker and a story', () => {
  test('lists the stories the site has a page for, at the paths the site uses', async () => {
    const { call } = fixture();
    const { status, body } = await call('/_local/editor/stories');
    expect(status).toBe(200);
    const paths = Object.fromEntries(
      (body.stories as { full_slug: string; path: string }[]).map((s) => [s.full_slug, s.path]),
    );
    expect(paths).toEqual({
      'categories/training': '/c/training',
      'topics/technique': '/t/technique',
      'authors/dani': '/author/dani',
      'blogs/jab': '/training/jab',
      // No category of its own: its topic's, as the article mapper does.
      'blogs/slip': '/training/slip',
      'pages/home': '/',
      // Editorial pages: /p/<slug>.
      'pages/about': '/p/about',
    });
  });

  test('an editorial page opens at /p/<slug> with its title and first block’s field', async () => {
    const { call, about } = fixture();
    const { status, body } = await call(`/_local/editor/stories/${about.id}`);
    expect(status).toBe(200);
    const opened = body as unknown as Opened;
    expect(opened.path).toBe('/p/about');
    expect(new URL(opened.previewUrl).pathname).toBe('/p/about');
    expect(opened.fields.map((f) => [f.name, f.value])).toEqual([
      ['title', 'About'],
      ['block', 'Who we are'],
    ]);
  });

  test('a story comes as the draft API gives it, with fields and a preview URL the site will verify', async () => {
    const { call, article } = fixture();
    const { status, body } = await call(`/_local/editor/stories/${article.id}`);
    expect(status).toBe(200);
    const opened = body as unknown as Opened;
    expect(opened.story.content._editable).toMatch(/^<!--#storyblok#/);
    expect(opened).toMatchObject({ state: 'published', path: '/training/jab' });

    const url = new URL(opened.previewUrl);
    // Same origin as the editor page, as the browser addressed it.
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/training/jab');
    const check = await verifyEditorParams(url, { spaceId: '1', previewToken: PREVIEW, now: NOW });
    expect(check).toEqual({ ok: true, storyId: String(article.id) });
    const forged = await verifyEditorParams(url, { spaceId: '1', previewToken: 'other', now: NOW });
    expect(forged.ok).toBe(false);

    const fields = Object.fromEntries(opened.fields.map((f) => [f.name, f.value]));
    expect(fields).toEqual({
      title: 'The jab',
      lede: 'Lede text',
      paragraph: 'First words.',
      block: 'Card title',
    });
    expect(opened.fields.find((f) => f.name === 'block')?.uid).toBe('card-1');
  });

  test('a story without a page, or an unknown id, is 404', async () => {
    const { call, orphan } = fixture();
    expect((await call(`/_local/editor/stories/${orphan.id}`)).status).toBe(404);
    expect((await call('/_local/editor/stories/987654')).status).toBe(404);
    expect((await call('/_local/editor/stories/abc')).status).toBe(404);
    expect((await call('/_local/editor/nothing')).status).toBe(404);
  });
});

describe('Save and Publish', () => {
  test('Save stores the draft: preview reads it, the published site does not until Publish', async () => {
    const { call, send, published, article, onPublish, service } = fixture();
    const opened = (await call(`/_local/editor/stories/${article.id}`)).body as unknown as Opened;
    const edited = { ...opened.story, content: { ...opened.story.content, title: 'The jab, edited' } };

    const saved = await send('PUT', `/_local/editor/stories/${article.id}`, edited);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ state: 'changed', story: { content: { title: 'The jab, edited' } } });
    expect((await published('blogs/jab')).content.title).toBe('The jab');
    expect(onPublish).not.toHaveBeenCalled();

    const cv = service.cv;
    const done = await send('POST', `/_local/editor/stories/${article.id}/publish`, {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'published', cv: service.cv });
    expect(service.cv).toBeGreaterThan(cv);
    expect((await published('blogs/jab')).content.title).toBe('The jab, edited');
    expect(onPublish).toHaveBeenCalledTimes(1);
    expect(onPublish).toHaveBeenCalledWith({
      story_id: article.id,
      full_slug: 'blogs/jab',
      space_id: 1,
      action: 'published',
    });
  });

  test('Publish of an unknown story is 404 and tells no one', async () => {
    const { send, onPublish } = fixture();
    expect((await send('POST', '/_local/editor/stories/424242/publish', {})).status).toBe(404);
    expect(onPublish).not.toHaveBeenCalled();
  });
});

describe('bad input gets a 4xx with a reason and changes nothing', () => {
  const reasons = (body: Record<string, unknown>) =>
    (body.errors as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ');

  test('not JSON: 400; not sent as JSON: 415', async () => {
    const { send, call, article } = fixture();
    const bad = await send('PUT', `/_local/editor/stories/${article.id}`, '{"id": ');
    expect(bad.status).toBe(400);
    expect(reasons(bad.body)).toMatch(/not valid JSON/);
    const form = await call(`/_local/editor/stories/${article.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ id: article.id }),
    });
    expect(form.status).toBe(415);
    const formPublish = await call(`/_local/editor/stories/${article.id}/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(formPublish.status).toBe(415);
  });

  test('the wrong shape: 422 naming the fields', async () => {
    const { send, call, article, published } = fixture();
    const opened = (await call(`/_local/editor/stories/${article.id}`)).body as unknown as Opened;
    const noComponent = await send('PUT', `/_local/editor/stories/${article.id}`, {
      ...opened.story,
      content: { _uid: 'x', title: 'Hacked' },
    });
    expect(noComponent.status).toBe(422);
    expect(reasons(noComponent.body)).toMatch(/^content\.component: /);
    const notAStory = await send('PUT', `/_local/editor/stories/${article.id}`, [1, 2]);
    expect(notAStory.status).toBe(422);
    const otherId = await send('PUT', `/_local/editor/stories/${article.id}`, { ...opened.story, id: 5 });
    expect(otherId.status).toBe(422);
    expect(reasons(otherId.body)).toMatch(/^id: /);
    const moved = await send('PUT', `/_local/editor/stories/${article.id}`, {
      ...opened.story,
      full_slug: 'blogs/elsewhere',
    });
    expect(moved.status).toBe(422);
    expect(reasons(moved.body)).toMatch(/^full_slug: /);
    const otherUuid = await send('PUT', `/_local/editor/stories/${article.id}`, {
      ...opened.story,
      uuid: 'u',
    });
    expect(otherUuid.status).toBe(422);
    expect(reasons(otherUuid.body)).toMatch(/^uuid: /);
    // Nothing was saved.
    const draft = (await call(`/_local/editor/stories/${article.id}`)).body as unknown as Opened;
    expect(draft.state).toBe('published');
    expect((await published('blogs/jab')).content.title).toBe('The jab');
  });

  test('an unknown id: 404', async () => {
    const { send, call, article } = fixture();
    const opened = (await call(`/_local/editor/stories/${article.id}`)).body as unknown as Opened;
    const res = await send('PUT', '/_local/editor/stories/424242', { ...opened.story, id: 424242 });
    expect(res.status).toBe(404);
  });

  test('a body over 1 MB: 413, declared or streamed', async () => {
    const { call, send, article } = fixture();
    const huge = JSON.stringify({ id: article.id, padding: 'x'.repeat(EDITOR_BODY_LIMIT) });
    expect((await send('PUT', `/_local/editor/stories/${article.id}`, huge)).status).toBe(413);
    // No Content-Length: the reader stops at the limit.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
        for (let i = 0; i < 20; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await call(`/_local/editor/stories/${article.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  test('a method the resource does not take: 405 with Allow', async () => {
    const { call, article } = fixture();
    const del = await call(`/_local/editor/stories/${article.id}`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, PUT');
    const getPublish = await call(`/_local/editor/stories/${article.id}/publish`);
    expect(getPublish.status).toBe(405);
    expect(getPublish.headers.get('allow')).toBe('POST');
    expect((await call('/_local/editor', { method: 'POST' })).status).toBe(405);
    expect((await call('/_local/editor/stories', { method: 'PUT' })).status).toBe(405);
  });
});
