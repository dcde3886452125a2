/** Small factories for the domain data the app renders (route-data.ts shapes). */
import type {
  Announcement,
  Article,
  ArticleCard,
  ArticleSummary,
  Author,
  AuthorSummary,
  Category,
  CategorySummary,
  Image,
  Layout,
  Page,
  PageSummary,
  Paginated,
  Topic,
  TopicSummary,
} from '../../../src/content/types';
import type { RootData, SiteInfo } from '../../../src/app/route-data';
import { toArticleCard } from '../../../src/content/cards';

let seq = 0;
const next = () => ++seq;

export function image(overrides: Partial<Image> = {}): Image {
  return {
    src: `/images/${next()}/1200x800/cover.jpg`,
    alt: 'A boxer throwing a jab',
    width: 1200,
    height: 800,
    focus: null,
    ...overrides,
  };
}

export function categorySummary(
  slug = 'training',
  overrides: Partial<CategorySummary> = {},
): CategorySummary {
  const name = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return { uuid: `cat-${slug}`, slug, name, route: `/c/${slug}`, listingRoute: `/${slug}`, ...overrides };
}

export function topicSummary(slug = 'footwork', overrides: Partial<TopicSummary> = {}): TopicSummary {
  const name = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return {
    uuid: `topic-${slug}`,
    slug,
    name,
    route: `/t/${slug}`,
    blockImage: image(),
    category: categorySummary(),
    ...overrides,
  };
}

export function category(slug = 'training', overrides: Partial<Category> = {}): Category {
  const summary = categorySummary(slug);
  return {
    ...summary,
    description: `Everything about ${summary.name}.`,
    coverImage: image(),
    blockImage: image(),
    topics: [
      topicSummary(`${slug}-basics`, { category: summary }),
      topicSummary(`${slug}-drills`, { category: summary }),
    ],
    meta: { title: null, description: null },
    ...overrides,
  };
}

export function topic(slug = 'footwork', overrides: Partial<Topic> = {}): Topic {
  return {
    ...topicSummary(slug),
    description: 'Move your feet.',
    coverImage: image(),
    meta: { title: null, description: null },
    ...overrides,
  };
}

export function authorSummary(slug = 'sam-jones', overrides: Partial<AuthorSummary> = {}): AuthorSummary {
  const name = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return {
    uuid: `author-${slug}`,
    slug,
    name,
    route: `/author/${slug}`,
    photo: image({ alt: name }),
    ...overrides,
  };
}

export function author(slug = 'sam-jones', overrides: Partial<Author> = {}): Author {
  return {
    ...authorSummary(slug),
    bio: 'Former amateur champion and head coach.',
    socialLinks: [{ name: 'instagram', url: 'https://instagram.example/sam' }],
    meta: { title: null, description: null },
    ...overrides,
  };
}

export function articleSummary(
  slug = `story-${next()}`,
  overrides: Partial<ArticleSummary> = {},
): ArticleSummary {
  const cat = overrides.category ?? categorySummary();
  return {
    uuid: `article-${slug}`,
    slug,
    path: `/${cat.slug}/${slug}`,
    title: `Story ${slug}`,
    description: `About ${slug}.`,
    coverImage: image(),
    publishedAt: '2025-03-05T10:00:00.000Z',
    firstPublishedAt: '2025-03-04T23:30:00.000Z',
    category: cat,
    topic: topicSummary(),
    author: authorSummary(),
    tags: [],
    ...overrides,
  };
}

/** An article as lists carry it: the server's own projection of `articleSummary`. */
export function articleCard(slug?: string, overrides: Partial<ArticleSummary> = {}): ArticleCard {
  return toArticleCard(articleSummary(slug, overrides));
}

export function article(slug = 'the-perfect-jab', overrides: Partial<Article> = {}): Article {
  return {
    ...articleSummary(slug),
    title: 'The perfect jab',
    description: 'Your most important punch.',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Keep your chin down.', marks: [] }] }],
    faqs: [],
    contributors: [],
    authorSocialLinks: [],
    meta: { title: null, description: null },
    schedule: null,
    ...overrides,
  };
}

export function pageSummary(slug = 'privacy', overrides: Partial<PageSummary> = {}): PageSummary {
  const title = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return {
    uuid: `page-${slug}`,
    slug,
    title,
    path: `/p/${slug}`,
    publishedAt: '2025-01-06T08:00:00.000Z',
    ...overrides,
  };
}

/** A `pages/<slug>` story whose body is one short_text block (validated props, as loaders hand them). */
export function page(slug = 'privacy', overrides: Partial<Page> = {}): Page {
  return {
    ...pageSummary(slug),
    body: [
      {
        type: 'blok',
        component: 'short_text',
        uid: `${slug}-intro`,
        props: { headline: 'What we collect', text: 'Your email, when you sign up.', body: [] },
      },
    ],
    meta: { title: null, description: `What ${slug} means here.` },
    ...overrides,
  };
}

export function paginated<T>(stories: T[], overrides: Partial<Paginated<T>> = {}): Paginated<T> {
  const page = overrides.page ?? 1;
  const perPage = overrides.perPage ?? 25;
  const total = overrides.total ?? stories.length;
  return { stories, perPage, total, page, canFetchMore: total > perPage * page, ...overrides };
}

export function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    active: true,
    theme: 'red',
    headline: 'Summer sale',
    text: '30% off all gloves.',
    cta: { url: '/boxing-equipment', text: 'Shop gear' },
    ...overrides,
  };
}

export function layout(overrides: Partial<Layout> = {}): Layout {
  return {
    uuid: 'layout',
    announcement: null,
    socialLinks: [
      { name: 'instagram', url: 'https://instagram.example/roundhouse' },
      { name: 'youtube', url: 'https://youtube.example/roundhouse' },
    ],
    tagline: 'Train like a fighter, at home.',
    ...overrides,
  };
}

export function site(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    name: 'Roundhouse',
    baseUrl: 'https://roundhouse.example',
    defaultTitle: 'Roundhouse: home boxing and kickboxing',
    defaultDescription: 'Workouts, technique and gear for home boxing.',
    year: 2026,
    draft: false,
    ...overrides,
  };
}

export function rootData(overrides: Partial<RootData> = {}): RootData {
  return {
    site: site(),
    layout: layout(),
    categories: [category('training'), category('wellness')],
    ...overrides,
  };
}
