/**
 * Small factories for Storyblok wire stories (the shape the local stand-in serves), for tests that
 * need a content set without the demo content.
 */
import type { WireStory } from '../../src/content/wire';

let nextId = 1000;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function story(
  folder: string,
  slug: string,
  content: Record<string, unknown>,
  extra: Partial<WireStory> = {},
): WireStory {
  const id = nextId++;
  return {
    id,
    uuid: uuid(id),
    name: String(content.name ?? content.title ?? slug),
    slug,
    full_slug: folder ? `${folder}/${slug}` : slug,
    position: 0,
    tag_list: [],
    published_at: '2026-01-10T10:00:00.000Z',
    first_published_at: '2026-01-10T10:00:00.000Z',
    created_at: '2026-01-09T10:00:00.000Z',
    content: { _uid: `uid-${id}`, ...content },
    ...extra,
  };
}

const asset = (name: string, size = '1600x900') => ({
  id: nextId++,
  alt: `${name} image`,
  filename: `/f/286000/${size}/abcd1234/${name}.jpg`,
  focus: null,
  fieldtype: 'asset' as const,
});

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** A tiny but complete site: layout, one category with one topic, one author, articles. */
export function makeSite(options: { articleTitles?: string[]; futureArticle?: boolean } = {}) {
  const global = story('', 'global', {
    component: 'global',
    announcement: [
      {
        _uid: 'ann-1',
        component: 'announcement',
        active: true,
        headline: 'New gloves',
        text: 'Now in stock',
      },
    ],
    social_links: [
      { _uid: 'so-1', component: 'social_link', name: 'instagram', url: 'https://instagram.com/x' },
    ],
    tagline: 'Train at home',
  });
  const category = story('categories', 'training', {
    component: 'category',
    name: 'Training',
    description: 'Workouts and drills.',
    cover_image: asset('training-cover'),
    block_image: asset('training-block', '800x800'),
    topics: [] as string[],
    meta_info: { title: 'Training guides', description: 'Training meta description' },
  });
  const topic = story('topics', 'technique', {
    component: 'topic',
    name: 'Technique',
    description: 'Punch mechanics.',
    category: category.uuid,
    block_image: asset('technique-block', '800x800'),
  });
  (category.content.topics as string[]).push(topic.uuid);
  const author = story('authors', 'maya-cole', {
    component: 'author',
    name: 'Maya Cole',
    bio: 'Head coach.',
    photo: asset('maya', '600x600'),
    social_link_instagram: 'https://instagram.com/maya',
    social_link_myspace: 'https://myspace.com/maya',
    social_link_twitter: '',
  });
  const titles = options.articleTitles ?? ['The perfect jab', 'Hooks without the shoulder pain'];
  const articles = titles.map((title, i) =>
    story(
      'blogs',
      `article-${i + 1}`,
      {
        component: 'article',
        title,
        description: `About ${title}.`,
        cover_image: asset(`cover-${i + 1}`),
        schedule: '2026-01-10 10:00',
        content: doc('First paragraph.', 'Second paragraph.'),
        faqs: [{ _uid: `faq-${i}`, component: 'faq', question: 'How often?', answer: 'Three times a week.' }],
        author: author.uuid,
        contributors: [],
        topic: topic.uuid,
        category: category.uuid,
        meta_info: { title: null, description: null },
      },
      {
        // A day apart from 10 January 2026, oldest first (any number of articles).
        first_published_at: new Date(Date.UTC(2026, 0, 10 + i, 10)).toISOString(),
        tag_list: ['technique'],
      },
    ),
  );
  if (options.futureArticle) {
    const future = story('blogs', 'coming-soon', {
      component: 'article',
      title: 'Coming soon',
      schedule: '2099-01-01 09:00',
      topic: topic.uuid,
      category: category.uuid,
      author: author.uuid,
      content: doc('Later.'),
    });
    articles.push(future);
  }
  return {
    stories: [global, category, topic, author, ...articles],
    global,
    category,
    topic,
    author,
    articles,
  };
}
