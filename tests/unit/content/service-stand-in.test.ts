import { expect, test } from 'vitest';
import { articleStory, pageStory, story } from './factories';
import { contentSet } from './fixture';
import { standIn } from './stand-in';

test('getLayout maps the global story', async () => {
  const { api } = standIn(contentSet().stories);
  expect(await api.getLayout()).toMatchObject({
    announcement: { active: true, theme: 'red', headline: 'Hello', cta: { url: '/training', text: 'Go' } },
    socialLinks: [{ name: 'youtube', url: 'https://youtube.com/rh' }],
  });
});

test('getLayout falls back to an empty layout (with a warning) when the global story is missing', async () => {
  const { api, warnings } = standIn(contentSet().stories.filter((s) => s.full_slug !== 'global'));
  expect(await api.getLayout()).toEqual({ uuid: '', announcement: null, socialLinks: [], tagline: '' });
  expect(warnings).toEqual([expect.stringContaining('global')]);
});

test('getCategories returns CMS order (position:desc) with topics resolved', async () => {
  const { api } = standIn(contentSet().stories);
  const categories = await api.getCategories();
  expect(categories.map((c) => c.slug)).toEqual(['wellness', 'training']);
  expect(categories[1]?.topics).toMatchObject([
    { slug: 'footwork', route: '/t/footwork', category: { slug: 'training' } },
  ]);
});

test('getCategory, getTopic, getAuthor and getPage find one story each, null when missing', async () => {
  const { api } = standIn(contentSet().stories);
  expect(await api.getCategory('training')).toMatchObject({ name: 'Training', route: '/c/training' });
  expect(await api.getTopic('footwork')).toMatchObject({
    category: { slug: 'training', listingRoute: '/training' },
  });
  expect(await api.getAuthor('sam')).toMatchObject({
    socialLinks: [{ name: 'instagram', url: 'https://instagram.com/sam' }],
  });
  expect(await api.getPage('about')).toMatchObject({
    title: 'About us',
    body: [{ type: 'blok', component: 'hero' }],
  });
  expect(await api.getCategory('nope')).toBeNull();
  expect(await api.getTopic('nope')).toBeNull();
  expect(await api.getAuthor('nope')).toBeNull();
  expect(await api.getPage('nope')).toBeNull();
});

test('an invalid slug returns null without calling the CMS', async () => {
  const { api, service } = standIn(contentSet().stories);
  for (const slug of ['Jab', '../global', '', '-x', 'a/b', 'a b'])
    expect(await api.getArticle(slug)).toBeNull();
  expect(await api.getCategory('UPPER')).toBeNull();
  expect(service.requests).toHaveLength(0);
});

test('getPage maps a page story with its site path: /p/<slug>, and / for the home page', async () => {
  const { about } = contentSet();
  const home = pageStory('home', { title: 'Home', body: [] });
  const { api } = standIn([about, home]);
  expect(await api.getPage('about')).toMatchObject({
    uuid: about.uuid,
    slug: 'about',
    path: '/p/about',
    publishedAt: '2024-05-01T10:00:00.000Z',
  });
  expect(await api.getPage('home')).toMatchObject({ path: '/' });
});

test('getPages lists the editorial pages by name, without bodies: not home, not a sub-folder’s story', async () => {
  const { about } = contentSet();
  const stories = [
    about,
    pageStory('terms', {
      title: 'Terms of use',
      body: [{ _uid: 't', component: 'short_text', text: 'Be kind.' }],
    }),
    pageStory('home', { title: 'Home' }),
    story('pages/legal/', 'cookies', { component: 'page', title: 'Cookies' }),
    pageStory('privacy', {}),
  ];
  const { api, service } = standIn(stories);
  const pages = await api.getPages();
  expect(pages).toEqual([
    { uuid: about.uuid, slug: 'about', title: 'About us', path: '/p/about', publishedAt: about.published_at },
    // No title: the story's name, as getPage does.
    expect.objectContaining({ slug: 'privacy', title: 'privacy', path: '/p/privacy' }),
    expect.objectContaining({ slug: 'terms', title: 'Terms of use', path: '/p/terms' }),
  ]);
  // One list request, bodies left out at the CMS.
  expect(service.requests).toHaveLength(1);
  const query = new URL(service.requests[0]?.url ?? 'http://x').searchParams;
  expect(query.get('starts_with')).toBe('pages/');
  expect(query.get('excluding_fields')).toBe('body');
});

test('getTopics and getAuthors list every story of their folder', async () => {
  const { api } = standIn(contentSet().stories);
  expect((await api.getTopics()).map((t) => t.slug)).toEqual(['footwork']);
  expect((await api.getAuthors()).map((a) => a.slug).sort()).toEqual(['kim', 'sam']);
});

test('getArticle resolves author, contributors, topic and category', async () => {
  const { api } = standIn(contentSet().stories);
  expect(await api.getArticle('jab-basics')).toMatchObject({
    path: '/training/jab-basics',
    category: { slug: 'training' },
    topic: { slug: 'footwork', category: { slug: 'training' } },
    author: { slug: 'sam' },
    contributors: [{ slug: 'kim' }],
    coverImage: { src: 'https://a.storyblok.com/f/1/1200x630/abc/jab.jpg', width: 1200, height: 630 },
    body: [{ type: 'paragraph' }],
    schedule: '2024-01-01 00:00',
  });
});

test('a future-scheduled article is hidden in published mode and shown in draft mode', async () => {
  const set = contentSet();
  expect(await standIn(set.stories).api.getArticle('future-drill')).toBeNull();
  const draft = standIn(set.stories, { version: 'draft' });
  expect(draft.api.version).toBe('draft');
  expect(await draft.api.getArticle('future-drill')).toMatchObject({ slug: 'future-drill' });
});

test('draft mode sees draft-only stories; published mode does not', async () => {
  const set = contentSet();
  const draftOnly = articleStory('work-in-progress', { category: set.training.uuid });
  expect(
    await standIn(set.stories, { draftStories: [draftOnly] }).api.getArticle('work-in-progress'),
  ).toBeNull();
  const draft = standIn(set.stories, { draftStories: [draftOnly], version: 'draft' });
  expect(await draft.api.getArticle('work-in-progress')).toMatchObject({
    path: '/training/work-in-progress',
  });
});

test('getArticles: newest first, future articles hidden in published mode', async () => {
  const { api } = standIn(contentSet().stories);
  const page = await api.getArticles();
  expect(page.stories.map((a) => a.slug)).toEqual(['sleep-well', 'jab-basics']);
  expect(page).toMatchObject({ perPage: 25, total: 2, page: 1, canFetchMore: false });
});

test('getArticles filters by category, author, topic, tag, cover image and written-or-contributed', async () => {
  const set = contentSet();
  const { api } = standIn(set.stories);
  const slugs = async (query: Parameters<typeof api.getArticles>[0]) =>
    (await api.getArticles(query)).stories.map((a) => a.slug);
  expect(await slugs({ categories: [set.wellness.uuid] })).toEqual(['sleep-well']);
  expect(await slugs({ authors: [set.sam.uuid] })).toEqual(['jab-basics']);
  expect(await slugs({ topics: [set.footwork.uuid] })).toEqual(['jab-basics']);
  expect(await slugs({ tag: 'beginner' })).toEqual(['jab-basics']);
  expect(await slugs({ withCoverImage: true })).toEqual(['jab-basics']);
  expect(await slugs({ writtenOrContributedBy: set.kim.uuid })).toEqual(['sleep-well', 'jab-basics']);
  expect(await slugs({ excludeUuids: [set.jab.uuid] })).toEqual(['sleep-well']);
});

test('an article the CMS sends without a resolvable category is logged and left out', async () => {
  const set = contentSet();
  const orphan = articleStory(
    'orphan',
    { category: 'uuid-missing' },
    { first_published_at: '2024-05-20T00:00:00.000Z' },
  );
  const { api, warnings } = standIn([...set.stories, orphan]);
  expect((await api.getArticles()).stories.map((a) => a.slug)).toEqual(['sleep-well', 'jab-basics']);
  expect(warnings).toEqual([expect.stringContaining('blogs/orphan')]);
});
