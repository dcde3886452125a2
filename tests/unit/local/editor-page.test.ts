// @vitest-environment jsdom
/**
 * The local editor's page, run in a DOM against the real editor endpoints: what an editor sees and
 * does (pick a story, type, Save, Publish) and what the preview iframe is told, in the Visual
 * Editor's postMessage protocol.
 */
import { createHash } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createContentService, type PublishEvent } from '../../../src/local/content-service';
import { createLocalEditor } from '../../../src/local/editor';
import { EDITOR_PAGE_CSP, EDITOR_PAGE_HTML } from '../../../src/local/editor/page';
import { verifyEditorParams } from '../../../src/server/preview-token';
import { wireStory } from './wire-story';

const PREVIEW = 'local-preview-token';

function stories() {
  const category = wireStory(
    'categories/training',
    { component: 'category', name: 'Training' },
    { name: 'Training' },
  );
  const article = wireStory(
    'blogs/jab',
    {
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
            attrs: { id: 'b', body: [{ _uid: 'card-1', component: 'card', title: 'Card title' }] },
          },
        ],
      },
    },
    { name: 'The jab' },
  );
  const author = wireStory(
    'authors/dani',
    { component: 'author', name: 'Dani Reyes', bio: 'Coach' },
    { name: 'Dani Reyes' },
  );
  return { category, article, author };
}

let onPublish: ReturnType<typeof vi.fn<(event: PublishEvent) => void>>;
let service: ReturnType<typeof createContentService>;
let fixture: ReturnType<typeof stories>;
let requests: { method: string; path: string }[];

/** The page as the browser gets it, its script run, with fetch answered by the editor itself. */
async function openPage() {
  const editor = createLocalEditor({ content: service, previewToken: PREVIEW, spaceId: '1' });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, location.href);
    const headers = new Headers(init.headers);
    headers.set('host', url.host);
    requests.push({ method: init.method ?? 'GET', path: url.pathname });
    return editor.handle(new Request(url, { ...init, headers }));
  });
  const page = new DOMParser().parseFromString(EDITOR_PAGE_HTML, 'text/html');
  const script = page.querySelector('script')?.textContent ?? '';
  page.querySelector('script')?.remove();
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  new Function(script)();
  // The picker is filled from the list endpoint.
  await screen.findByRole('option', { name: /The jab/ });
}

function frame() {
  return screen.getByTitle('Site preview') as HTMLIFrameElement;
}

/** Spies on what the editor posts to the preview window. */
function previewInbox() {
  const win = frame().contentWindow;
  if (!win) throw new Error('the iframe has no window');
  return vi.spyOn(win, 'postMessage').mockImplementation(() => {});
}

const fromPreview = (data: unknown, { source = frame().contentWindow, origin = location.origin } = {}) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

async function openStory(name: RegExp) {
  const option = screen.getByRole('option', { name }) as HTMLOptionElement;
  fireEvent.change(screen.getByLabelText('Story'), { target: { value: option.value } });
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Editing: /));
}

beforeEach(() => {
  fixture = stories();
  onPublish = vi.fn<(event: PublishEvent) => void>();
  service = createContentService({
    stories: [fixture.category, fixture.article, fixture.author],
    publicToken: 'local-public-token',
    previewToken: PREVIEW,
    onPublish,
  });
  requests = [];
  history.replaceState(null, '', '/_local/editor');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the page', () => {
  test('has a heading, a labelled story picker, a titled preview frame and a status line', () => {
    document.body.innerHTML = new DOMParser().parseFromString(EDITOR_PAGE_HTML, 'text/html').body.innerHTML;
    expect(screen.getByRole('heading', { level: 1, name: 'Local editor' })).toBeTruthy();
    expect(screen.getByLabelText('Story').tagName).toBe('SELECT');
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.getByTitle('Site preview').tagName).toBe('IFRAME');
    expect(screen.getByRole('status')).toBeTruthy();
  });

  test('its CSP admits exactly its own inline script and style', () => {
    const page = new DOMParser().parseFromString(EDITOR_PAGE_HTML, 'text/html');
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(EDITOR_PAGE_CSP).toContain(`script-src ${sha(page.querySelector('script')?.textContent ?? '')};`);
    expect(EDITOR_PAGE_CSP).toContain(`style-src ${sha(page.querySelector('style')?.textContent ?? '')};`);
    expect(EDITOR_PAGE_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('editing a story', () => {
  test('the picker groups stories by kind; opening one shows its fields and the signed preview', async () => {
    await openPage();
    const picker = screen.getByLabelText('Story');
    expect(within(picker).getByRole('group', { name: 'Articles' })).toBeTruthy();
    expect(within(picker).getByRole('group', { name: 'Authors' })).toBeTruthy();

    await openStory(/The jab/);

    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('The jab');
    expect((screen.getByLabelText('Lede') as HTMLTextAreaElement).value).toBe('Lede text');
    expect((screen.getByLabelText('First paragraph') as HTMLTextAreaElement).value).toBe('First words.');
    expect((screen.getByLabelText('Nested block (card)') as HTMLTextAreaElement).value).toBe('Card title');
    const src = new URL(frame().src);
    expect(src.origin).toBe(location.origin);
    expect(src.pathname).toBe('/training/jab');
    const check = await verifyEditorParams(src, { spaceId: '1', previewToken: PREVIEW, now: new Date() });
    expect(check).toEqual({ ok: true, storyId: String(fixture.article.id) });
    expect(location.search).toBe(`?story=${fixture.article.id}`);
  });

  test("typing before the preview's bridge is up holds the latest edit and sends it once it is", async () => {
    await openPage();
    await openStory(/The jab/);
    const inbox = previewInbox();
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Typed early' } });
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Typed early, then more' } });
    expect(inbox).not.toHaveBeenCalled();
    fromPreview({ action: 'initialized' });
    const inputs = inbox.mock.calls.filter(([message]) => (message as { action: string }).action === 'input');
    expect(inputs).toHaveLength(1);
    expect(inputs[0]![0]).toMatchObject({ story: { content: { title: 'Typed early, then more' } } });
    expect(frame().dataset.bridge).toBe('ready');
  });

  test('typing posts the whole edited story to the preview, markers kept, to this origin only', async () => {
    await openPage();
    await openStory(/The jab/);
    fromPreview({ action: 'initialized' });
    const inbox = previewInbox();

    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'The jab, sharper' } });
    const [message, target] = inbox.mock.lastCall ?? [];
    expect(target).toBe(location.origin);
    expect(message).toMatchObject({
      action: 'input',
      story: { id: fixture.article.id, content: { title: 'The jab, sharper', description: 'Lede text' } },
    });
    expect(JSON.stringify(message)).toContain('_editable');

    fireEvent.input(screen.getByLabelText('First paragraph'), { target: { value: 'New opening.' } });
    fireEvent.input(screen.getByLabelText('Nested block (card)'), { target: { value: 'New card' } });
    const story = (inbox.mock.lastCall?.[0] as { story: { content: Record<string, unknown> } }).story;
    expect(story.content).toMatchObject({
      title: 'The jab, sharper',
      content: {
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'New opening.' }] },
          { type: 'blok', attrs: { body: [{ _uid: 'card-1', title: 'New card' }] } },
        ],
      },
    });
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    // Nothing is stored before Save.
    expect(service.draftStory(fixture.article.id)?.content.title).toBe('The jab');
  });

  test('answers the bridge: initialized → enterEditmode, ping → pingBack; edit focuses the block’s field', async () => {
    await openPage();
    await openStory(/The jab/);
    const inbox = previewInbox();

    fromPreview({ action: 'initialized' });
    expect(inbox).toHaveBeenLastCalledWith(
      { action: 'enterEditmode', storyId: fixture.article.id, componentNames: {}, appVersion: 'v2' },
      location.origin,
    );
    fromPreview({ action: 'ping' });
    expect(inbox).toHaveBeenLastCalledWith({ action: 'pingBack' }, location.origin);

    fromPreview({
      action: 'edit',
      dataC: { uid: 'card-1', id: String(fixture.article.id), name: 'card', space: '1' },
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Nested block (card)'));
    fromPreview({ action: 'edit', dataC: { uid: 'uid-nope', id: String(fixture.article.id), name: 'faq' } });
    expect(screen.getByRole('status').textContent).toBe('The faq block has no field in this editor.');
  });

  test('ignores messages from another window or another origin', async () => {
    await openPage();
    await openStory(/The jab/);
    const inbox = previewInbox();
    fromPreview({ action: 'initialized' }, { source: window });
    fromPreview({ action: 'ping' }, { origin: 'https://evil.example' });
    fromPreview(
      { action: 'edit', dataC: { uid: 'card-1', id: String(fixture.article.id) } },
      { source: window },
    );
    expect(inbox).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(screen.getByLabelText('Nested block (card)'));
  });

  test('Save stores the draft and tells the preview to reload; Publish makes it live and says so', async () => {
    await openPage();
    await openStory(/The jab/);
    const inbox = previewInbox();
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Saved title' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved draft'));
    expect(requests.at(-1)).toEqual({ method: 'PUT', path: `/_local/editor/stories/${fixture.article.id}` });
    expect(service.draftStory(fixture.article.id)?.content.title).toBe('Saved title');
    expect(inbox).toHaveBeenLastCalledWith(
      { action: 'change', reload: true, storyId: fixture.article.id, slug: 'blogs/jab' },
      location.origin,
    );
    expect(screen.getByRole('option', { name: /The jab \(unpublished changes\)/ })).toBeTruthy();
    expect(onPublish).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Published'));
    expect(onPublish).toHaveBeenCalledTimes(1);
    expect(inbox).toHaveBeenLastCalledWith(
      { action: 'published', storyId: fixture.article.id, slug: 'blogs/jab', slugChanged: false },
      location.origin,
    );
    expect(screen.getByRole('option', { name: 'The jab (published)' })).toBeTruthy();
  });

  test('Publish with unsaved edits saves them first', async () => {
    await openPage();
    await openStory(/Dani Reyes/);
    fireEvent.input(screen.getByLabelText('Lede'), { target: { value: 'Coach and rider' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Published'));
    expect(requests.slice(-2).map((r) => r.method)).toEqual(['PUT', 'POST']);
    const live = await service.handle(
      new Request('http://local/v2/cdn/stories/authors/dani?token=local-public-token'),
    );
    expect(((await live.json()) as { story: { content: { bio: string } } }).story.content.bio).toBe(
      'Coach and rider',
    );
  });

  test('a failed save says why in the status line', async () => {
    await openPage();
    await openStory(/The jab/);
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Lost edit' } });
    // Meanwhile the story went away (setStories replaces the content).
    service.setStories([fixture.category]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Failed: 404 id: no story has the id ${fixture.article.id}`,
      ),
    );
  });

  test('switching stories with unsaved edits asks first', async () => {
    await openPage();
    await openStory(/The jab/);
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Unsaved' } });
    const author = screen.getByRole('option', { name: /Dani Reyes/ }) as HTMLOptionElement;
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: author.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('status').textContent).toMatch(/save them, or press Open again to discard them/);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Editing: The jab');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Editing: Dani Reyes'),
    );
    // An author has a name, not a title: the Title field edits it.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Dani Reyes');
  });
});
