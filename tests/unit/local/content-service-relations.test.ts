import StoryblokClient from 'storyblok-js-client';
import { describe, expect, test } from 'vitest';
import type { WireStory } from '../../../src/content/wire';
import { wireStory } from './wire-story';
import { createContentService, createContentServiceFetch } from '../../../src/local/content-service';

const TOKEN = 'public-token';
const PREVIEW = 'preview-token';

const makeStory = wireStory;

const makeAuthor = (slug: string, extra: Record<string, unknown> = {}) =>
  makeStory(`authors/${slug}`, { component: 'author', name: slug, ...extra });

const storyLink = (uuid: string) => ({
  fieldtype: 'multilink',
  linktype: 'story',
  id: uuid,
  url: '',
  cached_url: 'stale',
});

function setup(stories: WireStory[], draftStories: WireStory[] = []) {
  const service = createContentService({
    stories,
    draftStories,
    publicToken: TOKEN,
    previewToken: PREVIEW,
    cv: 5,
  });
  const client = (accessToken = TOKEN) =>
    new StoryblokClient({
      accessToken,
      endpoint: 'http://content.local/v2',
      cache: { type: 'none' },
      fetch: createContentServiceFetch(service),
      rateLimit: 1000,
    });
  const raw = async (query: string) => {
    const res = await service.handle(new Request(`http://content.local/v2/cdn/stories${query}`));
    return (await res.json()) as Record<string, unknown>;
  };
  return { service, client, raw };
}

describe('resolve_relations', () => {
  const mentor = makeAuthor('mentor');
  const author = makeAuthor('coach', { mentor: mentor.uuid });
  const unpublished: WireStory = { ...makeAuthor('hidden'), published_at: null };
  const article = makeStory('blogs/post', {
    component: 'article',
    author: author.uuid,
    contributors: [mentor.uuid, unpublished.uuid],
    body: [{ _uid: 'b1', component: 'quote', author: mentor.uuid }],
  });

  test('puts related stories in rels and the client injects them', async () => {
    const { client, raw } = setup([article, author, mentor, unpublished]);
    const wire = await raw(`/blogs/post?token=${TOKEN}&resolve_relations=article.author`);
    expect((wire.rels as WireStory[]).map((s) => s.uuid)).toEqual([author.uuid]);
    expect(wire).not.toHaveProperty('rel_uuids');

    const { data } = await client().getStory('blogs/post', {
      resolve_relations: 'article.author,article.contributors',
    });
    expect(data.story.content.author.full_slug).toBe('authors/coach');
    // The unpublished contributor is not served, so it stays a uuid string.
    expect(
      data.story.content.contributors.map((c: WireStory | string) =>
        typeof c === 'string' ? c : c.full_slug,
      ),
    ).toEqual(['authors/mentor', unpublished.uuid]);
  });

  test('matches the immediate parent component: quote.author is not article.author', async () => {
    const { raw } = setup([article, author, mentor]);
    const wire = await raw(`/blogs/post?token=${TOKEN}&resolve_relations=quote.author`);
    expect((wire.rels as WireStory[]).map((s) => s.uuid)).toEqual([mentor.uuid]);
  });

  test('resolves a second level when the nested relation is requested too', async () => {
    const { client, raw } = setup([article, author, mentor]);
    const oneLevel = await raw(`/blogs/post?token=${TOKEN}&resolve_relations=article.author`);
    expect(oneLevel.rels).toHaveLength(1);
    const { data } = await client().getStory('blogs/post', {
      resolve_relations: 'article.author,author.mentor',
    });
    expect(data.rels.map((s: WireStory) => s.uuid)).toEqual([author.uuid, mentor.uuid]);
    expect(data.story.content.author.content.mentor.full_slug).toBe('authors/mentor');
  });

  test('draft rels carry _editable and draft content', async () => {
    const draftAuthor: WireStory = { ...author, content: { ...author.content, name: 'Draft coach' } };
    const { client } = setup([article, author, mentor], [draftAuthor]);
    const { data } = await client(PREVIEW).getStory('blogs/post', {
      version: 'draft',
      resolve_relations: 'article.author',
    });
    expect(data.story.content.author.content.name).toBe('Draft coach');
    expect(data.rels[0]?.content._editable).toContain('"name":"author"');
  });

  test('beyond 50 relations sends rel_uuids and the client fetches them in batches of 50', async () => {
    const authors = Array.from({ length: 120 }, (_, i) => makeAuthor(`a-${i}`));
    const big = makeStory('blogs/big', { component: 'article', contributors: authors.map((a) => a.uuid) });
    const { service, client, raw } = setup([big, ...authors]);

    const wire = await raw(`/blogs/big?token=${TOKEN}&resolve_relations=article.contributors`);
    expect(wire.rels).toEqual([]);
    expect(wire.rel_uuids).toEqual(authors.map((a) => a.uuid));

    service.requests.length = 0;
    const { data } = await client().getStory('blogs/big', { resolve_relations: 'article.contributors' });
    const followUps = service.requests.slice(1).map((r) => new URL(r.url).searchParams);
    expect(followUps).toHaveLength(3);
    expect(followUps.map((p) => p.get('by_uuids')?.split(',').length)).toEqual([50, 50, 20]);
    expect(followUps.every((p) => p.get('per_page') === '50')).toBe(true);
    expect(data.story.content.contributors).toHaveLength(120);
    expect(data.story.content.contributors.every((c: unknown) => typeof c === 'object')).toBe(true);
    expect(data.story.content.contributors[119].full_slug).toBe('authors/a-119');
  });

  test('the follow-up keeps starts_with, which by_uuids honours (so foreign folders stay unresolved)', async () => {
    const authors = Array.from({ length: 51 }, (_, i) => makeAuthor(`b-${i}`));
    const big = makeStory('blogs/big2', { component: 'article', contributors: authors.map((a) => a.uuid) });
    const { service, client } = setup([big, ...authors]);
    const { data } = await client().getStories({
      starts_with: 'blogs/',
      resolve_relations: 'article.contributors',
    });
    const followUp = new URL(service.requests[1]?.url ?? '').searchParams;
    expect(followUp.get('starts_with')).toBe('blogs/');
    expect(data.stories[0]?.content.contributors[0]).toBe(authors[0]?.uuid);
  });
});

describe('resolve_links', () => {
  const topic = makeStory('topics/footwork', { component: 'topic', name: 'Footwork' });
  const other = makeStory('pages/about', { component: 'page' });
  const article = makeStory('blogs/links', {
    component: 'article',
    cta: storyLink(topic.uuid),
    external: { fieldtype: 'multilink', linktype: 'url', url: 'https://example.com' },
    text: {
      type: 'doc',
      content: [
        {
          type: 'text',
          text: 'x',
          marks: [{ type: 'link', attrs: { linktype: 'story', uuid: other.uuid } }],
        },
      ],
    },
  });

  test('url form lists minimal link objects and the client injects them into multilinks', async () => {
    const { client, raw } = setup([article, topic, other]);
    const wire = await raw(`/blogs/links?token=${TOKEN}&resolve_links=url`);
    expect(wire.links).toEqual([
      {
        id: topic.id,
        uuid: topic.uuid,
        name: 'footwork',
        slug: 'footwork',
        full_slug: 'topics/footwork',
        url: 'topics/footwork',
      },
      {
        id: other.id,
        uuid: other.uuid,
        name: 'about',
        slug: 'about',
        full_slug: 'pages/about',
        url: 'pages/about',
      },
    ]);
    const { data } = await client().getStory('blogs/links', { resolve_links: 'url' });
    expect(data.story.content.cta.story).toMatchObject({
      full_slug: 'topics/footwork',
      url: 'topics/footwork',
    });
    expect(data.story.content.external.story).toBeUndefined();
  });

  test('story form returns whole stories; without resolve_links links stay empty', async () => {
    const { raw } = setup([article, topic, other]);
    const full = await raw(`/blogs/links?token=${TOKEN}&resolve_links=story`);
    expect((full.links as WireStory[])[0]?.content).toMatchObject({ name: 'Footwork' });
    expect((await raw(`/blogs/links?token=${TOKEN}`)).links).toEqual([]);
  });

  test('beyond 50 links sends link_uuids for the client to fetch', async () => {
    const targets = Array.from({ length: 60 }, (_, i) => makeStory(`pages/p-${i}`, { component: 'page' }));
    const many = makeStory('blogs/many-links', {
      component: 'article',
      body: targets.map((t, i) => ({ _uid: `l-${i}`, component: 'button', link: storyLink(t.uuid) })),
    });
    const { service, client, raw } = setup([many, ...targets]);
    const wire = await raw(`/blogs/many-links?token=${TOKEN}&resolve_links=url`);
    expect(wire.links).toEqual([]);
    expect(wire.link_uuids).toHaveLength(60);
    service.requests.length = 0;
    const { data } = await client().getStory('blogs/many-links', { resolve_links: 'url' });
    expect(service.requests).toHaveLength(3);
    expect(data.story.content.body[59].link.story.full_slug).toBe('pages/p-59');
  });
});
