/**
 * Where the site shows a story: the same paths the content mappers give (src/content/map: an
 * article under its category, `/c/`, `/t/` and `/author/` for the others, `pages/home` on the home
 * page). A unit test checks this against the site's own content layer for every demo story, so a
 * change to the site's URLs fails there rather than here.
 */
import type { WireStory } from '../../content/wire.ts';

/** A story by uuid (the draft view: a preview shows drafts). */
export type StoryLookup = (uuid: string) => WireStory | null;

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

/** The article's category: its own, else its topic's (as the article mapper falls back). */
function articleCategory(article: WireStory, lookup: StoryLookup): WireStory | null {
  const own = relationUuid(article.content.category);
  if (own) return ofComponent(lookup(own), 'category');
  const topicUuid = relationUuid(article.content.topic);
  const topic = topicUuid ? ofComponent(lookup(topicUuid), 'topic') : null;
  const viaTopic = topic ? relationUuid(topic.content.category) : null;
  return viaTopic ? ofComponent(lookup(viaTopic), 'category') : null;
}

/** The site path of a story's page, or null when the site has no page for it. */
export function sitePath(story: WireStory, lookup: StoryLookup): string | null {
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
      // The home page shows `pages/home`; no route shows other pages.
      return story.full_slug === 'pages/home' ? '/' : null;
    default:
      return null;
  }
}
