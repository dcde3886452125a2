import { expect, test, vi } from 'vitest';
import {
  toArticle,
  toArticleSummary,
  isScheduleVisible,
  normalizeSchedule,
} from '../../../src/content/map/article';
import { toAuthor } from '../../../src/content/map/author';
import { defaultMapContext } from '../../../src/content/map/common';
import { toPage } from '../../../src/content/map/page';
import { toCategory, toTopic } from '../../../src/content/map/taxonomy';
import {
  articleStory,
  asset,
  authorStory,
  categoryStory,
  doc,
  pageStory,
  para,
  recordingContext,
  text,
  topicStory,
} from './factories';

test('a category maps with routes, images, meta and its resolved topics', () => {
  const ctx = recordingContext();
  const topic = topicStory('footwork', { block_image: asset() });
  const category = categoryStory('training', {
    name: 'Training',
    description: 'Drills',
    cover_image: asset(),
    block_image: asset({ filename: '' }),
    topics: [topic, 'uuid-unresolved'],
    meta_info: { title: 'Training | Roundhouse', description: '' },
  });
  const mapped = toCategory(category, ctx);
  expect(mapped).toMatchObject({
    uuid: category.uuid,
    slug: 'training',
    name: 'Training',
    route: '/c/training',
    listingRoute: '/training',
    description: 'Drills',
    coverImage: { width: 1200, height: 630 },
    blockImage: null,
    meta: { title: 'Training | Roundhouse', description: null },
  });
  // The topic's own category relation is not resolved in a category query: the parent fills it in.
  expect(mapped?.topics).toEqual([
    {
      uuid: topic.uuid,
      slug: 'footwork',
      name: 'Topic footwork',
      route: '/t/footwork',
      blockImage: expect.objectContaining({ width: 1200 }),
      category: {
        uuid: category.uuid,
        slug: 'training',
        name: 'Training',
        route: '/c/training',
        listingRoute: '/training',
      },
    },
  ]);
  expect(ctx.warnings).toEqual([]);
});

test('a topic maps with its resolved category, or null category when unresolved', () => {
  const ctx = recordingContext();
  const category = categoryStory('boxing-equipment', { name: 'Equipment' });
  expect(toTopic(topicStory('gloves', { category, description: 'All about gloves' }), ctx)).toMatchObject({
    route: '/t/gloves',
    description: 'All about gloves',
    category: { slug: 'boxing-equipment', route: '/c/boxing-equipment' },
    meta: { title: null, description: null },
  });
  expect(toTopic(topicStory('wraps', { category: 'uuid-only' }), ctx)?.category).toBeNull();
});

test('author social links: social_link_* keys with non-empty values, supported names only', () => {
  const ctx = recordingContext();
  const author = toAuthor(
    authorStory('sam-lee', {
      name: 'Sam Lee',
      bio: 'Coach',
      photo: asset({ alt: '' }),
      social_link_instagram: 'https://instagram.com/sam',
      social_link_twitter: '',
      social_link_myspace: 'https://myspace.com/sam',
      social_link_website: { linktype: 'url', url: 'https://sam.example', fieldtype: 'multilink' },
      social_link_youtube: '   ',
      other_field: 'https://facebook.com/sam',
    }),
    ctx,
  );
  expect(author).toMatchObject({
    slug: 'sam-lee',
    name: 'Sam Lee',
    route: '/author/sam-lee',
    bio: 'Coach',
    photo: { alt: 'Roundhouse article image' },
    socialLinks: [
      { name: 'instagram', url: 'https://instagram.com/sam' },
      { name: 'website', url: 'https://sam.example' },
    ],
  });
});

test('an article takes its category from content.category, and its path is /{category}/{slug}', () => {
  const ctx = recordingContext();
  const training = categoryStory('training');
  const wellness = categoryStory('wellness');
  const topic = topicStory('footwork', { category: wellness });
  const author = authorStory('sam');
  const raw = articleStory(
    'jab-basics',
    {
      description: 'Learn the jab',
      cover_image: asset(),
      category: training,
      topic,
      author,
      contributors: [authorStory('kim'), 'uuid-unresolved'],
      faqs: [
        { _uid: 'f1', component: 'faq', question: 'Q?', answer: 'A.' },
        { _uid: 'f2', component: 'faq' },
      ],
      content: doc(para(text('Hello'))),
      meta_info: { title: 'Jab', description: 'Jab basics' },
      schedule: '2024-03-01T09:30:00Z',
    },
    { tag_list: ['beginner'] },
  );
  const article = toArticle(raw, ctx);
  expect(article).toMatchObject({
    uuid: raw.uuid,
    slug: 'jab-basics',
    path: '/training/jab-basics',
    title: 'Title jab-basics',
    description: 'Learn the jab',
    publishedAt: '2024-05-01T10:00:00.000Z',
    firstPublishedAt: '2024-04-01T10:00:00.000Z',
    category: { slug: 'training' },
    topic: { slug: 'footwork', category: { slug: 'wellness' } },
    author: { slug: 'sam', route: '/author/sam' },
    tags: ['beginner'],
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello', marks: [] }] }],
    faqs: [{ question: 'Q?', answer: 'A.' }],
    meta: { title: 'Jab', description: 'Jab basics' },
    schedule: '2024-03-01 09:30',
  });
  expect(article?.contributors.map((c) => c.slug)).toEqual(['kim']);
  expect(ctx.warnings).toEqual([]);
});

test('an article without content.category falls back to topic.category', () => {
  const ctx = recordingContext();
  const raw = articleStory('sleep', {
    topic: topicStory('recovery', { category: categoryStory('wellness') }),
  });
  expect(toArticleSummary(raw, ctx)).toMatchObject({
    path: '/wellness/sleep',
    category: { slug: 'wellness' },
  });
});

test('an article without a resolvable category is left out with a warning', () => {
  const ctx = recordingContext();
  const raw = articleStory('orphan', { category: 'uuid-unresolved', topic: topicStory('x') });
  expect(toArticleSummary(raw, ctx)).toBeNull();
  expect(toArticle(raw, ctx)).toBeNull();
  expect(ctx.warnings[0]).toContain('blogs/orphan');
});

test('an invalid story is logged with its full_slug and skipped', () => {
  const ctx = recordingContext();
  expect(toArticle(articleStory('broken', { title: 42 }), ctx)).toBeNull();
  expect(toCategory(categoryStory('nameless', { name: undefined }), ctx)).toBeNull();
  expect(toAuthor({ nonsense: true }, ctx)).toBeNull();
  expect(ctx.warnings).toEqual([
    expect.stringContaining('"blogs/broken"'),
    expect.stringContaining('"categories/nameless"'),
    expect.stringContaining('"(unknown)"'),
  ]);
});

test('the default context reports invalid stories through console.warn', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(toPage(pageStory('about', { body: 'not a list' }), defaultMapContext)).toBeNull();
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining('pages/about'),
    expect.objectContaining({ issues: expect.any(Array) }),
  );
  warn.mockRestore();
});

test('a page maps its body bloks and falls back to the story name for the title', () => {
  const ctx = recordingContext();
  const page = toPage(
    pageStory('about', { body: [{ _uid: 'h1', component: 'hero', headline: 'Hi' }, 'junk'] }),
    ctx,
  );
  expect(page).toMatchObject({
    slug: 'about',
    title: 'about',
    body: [{ type: 'blok', component: 'hero', uid: 'h1', props: { headline: 'Hi' } }],
    meta: { title: null, description: null },
  });
});

test('schedule normalisation and visibility (a schedule names the start of its minute, UTC)', () => {
  expect(normalizeSchedule('2024-06-01 08:05')).toBe('2024-06-01 08:05');
  expect(normalizeSchedule('2024-06-01T08:05:59.000Z')).toBe('2024-06-01 08:05');
  expect(normalizeSchedule('')).toBeNull();
  expect(normalizeSchedule('soon')).toBeNull();
  const now = new Date('2024-06-01T08:05:30Z');
  expect(isScheduleVisible('2024-06-01 08:04', now)).toBe(true);
  // 08:05 is 08:05:00, earlier than 08:05:30 (spec §4: earlier than now); 08:06 is not yet.
  expect(isScheduleVisible('2024-06-01 08:05', now)).toBe(true);
  expect(isScheduleVisible('2024-06-01 08:06', now)).toBe(false);
  expect(isScheduleVisible('2024-06-01 08:05', new Date('2024-06-01T08:05:00Z'))).toBe(false);
  expect(isScheduleVisible(null, now)).toBe(false);
});
