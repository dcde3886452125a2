/**
 * Saving and publishing in the Storyblok stand-in (what the local editor's Save and Publish do):
 * a saved draft is what preview reads and the public API does not, until it is published.
 */
import { describe, expect, test, vi } from 'vitest';
import type { WireStory } from '../../../src/content/wire';
import {
  createContentService,
  type ContentServiceOptions,
  type PublishEvent,
} from '../../../src/local/content-service';
import { wireStory } from './wire-story';

const PUBLIC = 'public-token';
const PREVIEW = 'preview-token';
const NOW = new Date('2026-03-01T12:00:00.000Z');

function setup(stories: WireStory[], extra: Partial<ContentServiceOptions> = {}) {
  const service = createContentService({
    stories,
    publicToken: PUBLIC,
    previewToken: PREVIEW,
    cv: 1000,
    now: () => NOW,
    ...extra,
  });
  const get = async (slug: string, version: 'draft' | 'published') => {
    const token = version === 'draft' ? PREVIEW : PUBLIC;
    const res = await service.handle(
      new Request(`http://content.local/v2/cdn/stories/${slug}?version=${version}&token=${token}`),
    );
    return { status: res.status, body: (await res.json()) as { story: WireStory; cv: number } };
  };
  return { service, get };
}

const article = (title: string, extra: Partial<WireStory> = {}) =>
  wireStory(
    'blogs/jab',
    { component: 'article', title, body: [{ _uid: 'b1', component: 'card', title: 'Card' }] },
    { first_published_at: '2024-05-01T10:00:00.000Z', ...extra },
  );

/** The story as the editor sends it back: the draft response, edited. */
async function editedDraft(get: ReturnType<typeof setup>['get'], slug: string, title: string) {
  const { body } = await get(slug, 'draft');
  return { ...body.story, content: { ...body.story.content, title } };
}

describe('saveDraft', () => {
  test('the saved draft is what version=draft serves; the published story is unchanged', async () => {
    const { service, get } = setup([article('Old title')]);
    const saved = service.saveDraft(await editedDraft(get, 'blogs/jab', 'New title'));
    expect(saved?.content.title).toBe('New title');

    expect((await get('blogs/jab', 'draft')).body.story.content.title).toBe('New title');
    expect((await get('blogs/jab', 'published')).body.story.content.title).toBe('Old title');
    expect(service.storyList().find((s) => s.full_slug === 'blogs/jab')?.state).toBe('changed');
    expect(service.publishes).toEqual([]);
  });

  test('drops the response-only _editable markers and keeps assets relative to the asset origin', async () => {
    const story = wireStory('blogs/pic', {
      component: 'article',
      cover_image: { id: 1, filename: '/f/1/10x10/abc/pic.jpg' },
    });
    const { service, get } = setup([story], { assetOrigin: 'https://assets.example' });
    const draft = await editedDraft(get, 'blogs/pic', 'Pic');
    expect(JSON.stringify(draft)).toContain('_editable');
    service.saveDraft(draft);

    const stored = service.draftStory(story.id);
    expect(JSON.stringify(stored)).not.toContain('_editable');
    expect(stored?.content.cover_image).toMatchObject({ filename: '/f/1/10x10/abc/pic.jpg' });
    // Served again with exactly one origin and fresh markers.
    const again = (await get('blogs/pic', 'draft')).body.story;
    expect(again.content.cover_image).toMatchObject({
      filename: 'https://assets.example/f/1/10x10/abc/pic.jpg',
    });
    expect(typeof again.content._editable).toBe('string');
  });

  test('keeps the identity and dates the service owns; name, tags and a new slug are the editor’s', async () => {
    const story = article('Title', { tag_list: ['a'] });
    const { service, get } = setup([story]);
    const draft = await editedDraft(get, 'blogs/jab', 'Title');
    service.saveDraft({
      ...draft,
      name: 'Renamed',
      tag_list: ['b'],
      full_slug: 'blogs/elsewhere',
      slug: 'elsewhere',
      published_at: '1999-01-01T00:00:00.000Z',
    });
    const stored = service.draftStory(story.id);
    expect(stored).toMatchObject({
      name: 'Renamed',
      tag_list: ['b'],
      full_slug: 'blogs/elsewhere',
      slug: 'elsewhere',
      published_at: story.published_at,
      updated_at: NOW.toISOString(),
    });
    // The draft has moved; the published story stays where it was until it is published.
    expect((await get('blogs/elsewhere', 'draft')).status).toBe(200);
    expect((await get('blogs/jab', 'published')).status).toBe(200);
    expect((await get('blogs/elsewhere', 'published')).status).toBe(404);
  });

  test('an unknown id is null; a malformed story or another story’s uuid is refused', async () => {
    const story = article('Title');
    const { service } = setup([story]);
    expect(service.saveDraft({ ...story, id: 999_999 })).toBeNull();
    expect(() => service.saveDraft({ ...story, uuid: 'someone-else' })).toThrow(/another uuid/);
    expect(() => service.saveDraft({ ...story, content: { title: 'no component' } })).toThrow(
      /content\.component/,
    );
    expect(() => service.saveDraft({ ...story, id: '1' } as unknown as WireStory)).toThrow(/id/);
    expect(service.draftStory(story.id)?.content.title).toBe('Title');
  });
});

describe('publish', () => {
  test('the draft becomes the published story, cv goes up and onPublish hears it once', async () => {
    const onPublish = vi.fn<(event: PublishEvent) => void>();
    const story = article('Old title');
    const { service, get } = setup([story], { onPublish });
    service.saveDraft(await editedDraft(get, 'blogs/jab', 'New title'));
    const before = service.cv;

    const published = await service.publish(story.id);

    expect(published?.content.title).toBe('New title');
    const live = (await get('blogs/jab', 'published')).body;
    expect(live.story.content.title).toBe('New title');
    expect(live.story.published_at).toBe(NOW.toISOString());
    // The first publish date is history: a republish does not move it.
    expect(live.story.first_published_at).toBe('2024-05-01T10:00:00.000Z');
    expect(JSON.stringify(live.story)).not.toContain('_editable');
    expect(service.cv).toBeGreaterThan(before);
    expect(live.cv).toBe(service.cv);
    const event = { story_id: story.id, full_slug: 'blogs/jab', space_id: 1, action: 'published' };
    expect(onPublish).toHaveBeenCalledTimes(1);
    expect(onPublish).toHaveBeenCalledWith(event);
    expect(service.publishes).toEqual([event]);
    expect(service.storyList().find((s) => s.id === story.id)?.state).toBe('published');
  });

  test('cv rises on every publish, even twice in the same second', async () => {
    const story = article('Title');
    const { service } = setup([story], { cv: Math.floor(NOW.getTime() / 1000) + 50 });
    const first = service.cv;
    await service.publish(story.id);
    const second = service.cv;
    await service.publish(story.id);
    expect(second).toBeGreaterThan(first);
    expect(service.cv).toBeGreaterThan(second);
  });

  test('a draft-only story appears in the published API only once published, with both dates set', async () => {
    const draftOnly = wireStory(
      'blogs/new',
      { component: 'article', title: 'Brand new' },
      { published_at: null, first_published_at: null },
    );
    const { service, get } = setup([], { draftStories: [draftOnly] });
    expect((await get('blogs/new', 'published')).status).toBe(404);
    expect(service.storyList()).toMatchObject([{ id: draftOnly.id, state: 'draft' }]);

    await service.publish(draftOnly.id);

    const live = (await get('blogs/new', 'published')).body.story;
    expect(live).toMatchObject({ published_at: NOW.toISOString(), first_published_at: NOW.toISOString() });
    expect(service.storyList()).toMatchObject([{ id: draftOnly.id, state: 'published' }]);
  });

  test('an unknown id publishes nothing and tells no one', async () => {
    const onPublish = vi.fn();
    const { service } = setup([article('Title')], { onPublish });
    const before = service.cv;
    expect(await service.publish(424242)).toBeNull();
    expect(onPublish).not.toHaveBeenCalled();
    expect(service.publishes).toEqual([]);
    expect(service.cv).toBe(before);
  });

  test('a failing onPublish is logged and the story is published anyway', async () => {
    const log = vi.fn();
    const story = article('Title');
    const { service, get } = setup([story], {
      onPublish: () => Promise.reject(new Error('webhook down')),
      log,
    });
    service.saveDraft(await editedDraft(get, 'blogs/jab', 'Fresh'));
    expect(await service.publish(story.id)).not.toBeNull();
    expect((await get('blogs/jab', 'published')).body.story.content.title).toBe('Fresh');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('webhook down'));
  });
});
