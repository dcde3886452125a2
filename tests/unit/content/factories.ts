/** Small factories for wire stories (Storyblok CDN shapes) used by the content tests. */
import type { WireStory } from '../../../src/content/wire';
import type { MapContext } from '../../../src/content/map/common';

let seq = 0;
const next = () => ++seq;

type Content = Record<string, unknown>;

/** A story envelope around `content`; `full_slug` is `${folder}${slug}`. */
export function story(
  folder: string,
  slug: string,
  content: Content,
  extra: Partial<WireStory> = {},
): WireStory {
  const id = next();
  return {
    id,
    uuid: `uuid-${slug}-${id}`,
    name: slug,
    slug,
    full_slug: `${folder}${slug}`,
    tag_list: [],
    published_at: '2024-05-01T10:00:00.000Z',
    first_published_at: '2024-04-01T10:00:00.000Z',
    ...extra,
    content: { _uid: `uid-${id}`, ...content },
  };
}

/** An asset field whose filename carries a `/{W}x{H}/` segment. */
export function asset(overrides: Content = {}): Content {
  return {
    id: next(),
    filename: 'https://a.storyblok.com/f/1/1200x630/abc123/cover.jpg',
    alt: 'A cover',
    focus: '600x315:601x316',
    fieldtype: 'asset',
    ...overrides,
  };
}

export function categoryStory(
  slug: string,
  content: Content = {},
  extra: Partial<WireStory> = {},
): WireStory {
  return story(
    'categories/',
    slug,
    { component: 'category', name: `Category ${slug}`, topics: [], ...content },
    extra,
  );
}

export function topicStory(slug: string, content: Content = {}, extra: Partial<WireStory> = {}): WireStory {
  return story('topics/', slug, { component: 'topic', name: `Topic ${slug}`, ...content }, extra);
}

export function authorStory(slug: string, content: Content = {}, extra: Partial<WireStory> = {}): WireStory {
  return story('authors/', slug, { component: 'author', name: `Author ${slug}`, ...content }, extra);
}

export function articleStory(slug: string, content: Content = {}, extra: Partial<WireStory> = {}): WireStory {
  return story(
    'blogs/',
    slug,
    { component: 'article', title: `Title ${slug}`, schedule: '2024-01-01 00:00', ...content },
    extra,
  );
}

export function globalStory(content: Content = {}): WireStory {
  return { ...story('', 'global', { component: 'global', ...content }), full_slug: 'global' };
}

export function pageStory(slug: string, content: Content = {}): WireStory {
  return story('pages/', slug, { component: 'page', ...content });
}

/** A rich-text doc. */
export function doc(...content: Content[]): Content {
  return { type: 'doc', content };
}

/** A text node with marks given by type name or full mark objects. */
export function text(value: string, ...marks: (string | Content)[]): Content {
  return { type: 'text', text: value, marks: marks.map((m) => (typeof m === 'string' ? { type: m } : m)) };
}

export function para(...content: Content[]): Content {
  return { type: 'paragraph', content };
}

/** A mapping context that records warnings instead of logging them. */
export function recordingContext(
  siteOrigin: string | null = 'https://roundhouse.example',
): MapContext & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, siteOrigin, siteName: 'Roundhouse', warn: (message) => warnings.push(message) };
}
