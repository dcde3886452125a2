/**
 * Where the site shows a story: the same paths the content mappers give (src/content/map): an
 * article under its category, `/c/`, `/t/` and `/author/` for the others, `pages/home` on the home
 * page and other pages at `/p/<slug>`. Pure. The content webhook feeds it a story fetched with its
 * relations resolved; the local editor a lookup over the stand-in's drafts. A unit test checks it
 * against the content layer for every demo story (tests/unit/local/editor-site-path.test.ts), so a
 * change to the site's URLs fails there rather than here.
 */
import { editorialPagePath } from '../shared/editorial-pages.ts';
import { isValidSlug } from './queries.ts';
import type { WireStory } from './wire.ts';

/** A story by uuid. */
export type StoryLookup = (uuid: string) => WireStory | null;

/** The relations an article's path needs (its category, or its topic's): `resolve_relations`. */
export const PAGE_PATH_RELATIONS = 'article.category,article.topic,topic.category';

const segment = (slug: string) => encodeURIComponent(slug);

/** The uuid of a relation field, stored unresolved (a uuid string) or resolved (a story). */
function relationUuid(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'object' && value !== null && 'uuid' in value && typeof value.uuid === 'string') {
    return value.uuid;
  }
  return null;
}

function ofComponent(story: WireStory | null, component: string): WireStory | null {
  return story && story.content.component === component ? story : null;
}

const isStory = (value: unknown): value is WireStory =>
  typeof value === 'object' &&
  value !== null &&
  'uuid' in value &&
  typeof value.uuid === 'string' &&
  'content' in value &&
  typeof value.content === 'object' &&
  value.content !== null;

/**
 * A lookup over the relations resolved inside the story itself (storyblok-js-client replaces a
 * relation's uuid with the story, nested ones too): the article's category and topic, and the
 * topic's category.
 */
export function resolvedRelations(story: WireStory): StoryLookup {
  const found = new Map<string, WireStory>();
  const visit = (candidate: unknown, depth: number) => {
    if (!isStory(candidate) || found.has(candidate.uuid)) return;
    found.set(candidate.uuid, candidate);
    if (depth > 0) for (const field of ['category', 'topic']) visit(candidate.content[field], depth - 1);
  };
  for (const field of ['category', 'topic']) visit(story.content[field], 1);
  return (uuid) => found.get(uuid) ?? null;
}

/** The article's category: its own, else its topic's (as the article mapper falls back). */
function articleCategory(article: WireStory, lookup: StoryLookup): WireStory | null {
  const own = relationUuid(article.content.category);
  if (own) return ofComponent(lookup(own), 'category');
  const topicUuid = relationUuid(article.content.topic);
  const topic = topicUuid ? ofComponent(lookup(topicUuid), 'topic') : null;
  const viaTopic = topic ? relationUuid(topic.content.category) : null;
  return viaTopic ? ofComponent(lookup(viaTopic), 'category') : null;
}

/**
 * The path of a story's page on the site, or null when the site has no page for it (a page story
 * in a sub-folder, the global story, an article without a category). Without `lookup`,
 * relations are taken from the story itself (fetched with `PAGE_PATH_RELATIONS` resolved).
 */
export function pagePath(story: WireStory, lookup: StoryLookup = resolvedRelations(story)): string | null {
  switch (story.content.component) {
    case 'article': {
      const category = articleCategory(story, lookup);
      return category ? `/${segment(category.slug)}/${segment(story.slug)}` : null;
    }
    case 'category':
      return `/c/${segment(story.slug)}`;
    case 'topic':
      return `/t/${segment(story.slug)}`;
    case 'author':
      return `/author/${segment(story.slug)}`;
    case 'page':
      // `pages/home` is the home page, any other `pages/<slug>` an editorial page at `/p/<slug>`
      // (getPage's reach: not a story in a sub-folder, nor a slug no route takes).
      return story.full_slug === `pages/${story.slug}` && isValidSlug(story.slug)
        ? editorialPagePath(story.slug)
        : null;
    default:
      return null;
  }
}
