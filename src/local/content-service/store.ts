/** The in-memory content, indexed once per version so requests only filter and copy. */
import type { WireStory } from '../../content/wire.ts';
import { isObject, walkObjects, type JsonObject } from './paths.ts';

export type Version = 'published' | 'draft';

export type Entry = {
  /** Normalized raw story: filters and sorting read this (relations are uuid strings here). */
  story: JsonObject;
  content: JsonObject;
  /** Position in the default order: the published array order, draft-only stories appended. */
  index: number;
  uuid: string;
  id: number;
  fullSlug: string;
  tags: readonly string[];
  /** Response form (assets prefixed, `_editable` added or stripped), built on first use. */
  prepared?: JsonObject;
};

export type VersionView = {
  version: Version;
  entries: readonly Entry[];
  byUuid: ReadonlyMap<string, Entry>;
  bySlug: ReadonlyMap<string, Entry>;
  byId: ReadonlyMap<number, Entry>;
};

export type ContentStore = {
  published: VersionView;
  draft: VersionView;
  prepare(entry: Entry, view: VersionView): JsonObject;
};

export type StoreOptions = { assetOrigin: string; spaceId: number };

/** Fills the CDN's required story fields that demo or test stories may leave out. */
function normalize(input: WireStory): JsonObject {
  const story: JsonObject = structuredClone(input);
  const fullSlug = input.full_slug;
  const defaults: JsonObject = {
    created_at: input.first_published_at ?? input.published_at ?? '2024-01-01T00:00:00.000Z',
    updated_at: input.published_at ?? input.created_at ?? '2024-01-01T00:00:00.000Z',
    published_at: null,
    first_published_at: null,
    is_startpage: fullSlug.endsWith('/'),
    parent_id: 0,
    group_id: input.uuid,
    alternates: [],
    tag_list: [],
    position: 0,
    sort_by_date: null,
    meta_data: null,
    path: null,
    translated_slugs: null,
    release_id: null,
    lang: 'default',
    default_full_slug: null,
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (story[key] === undefined) story[key] = value;
  }
  if (!isObject(story.content)) story.content = {};
  return story;
}

function toEntry(story: JsonObject, index: number): Entry {
  const tags = Array.isArray(story.tag_list) ? story.tag_list.filter((t) => typeof t === 'string') : [];
  return {
    story,
    content: isObject(story.content) ? story.content : {},
    index,
    uuid: String(story.uuid),
    id: Number(story.id),
    fullSlug: String(story.full_slug),
    tags,
  };
}

function buildView(version: Version, stories: JsonObject[]): VersionView {
  const entries = stories.map(toEntry);
  const byUuid = new Map<string, Entry>();
  const bySlug = new Map<string, Entry>();
  const byId = new Map<number, Entry>();
  for (const entry of entries) {
    byUuid.set(entry.uuid, entry);
    bySlug.set(entry.fullSlug, entry);
    byId.set(entry.id, entry);
  }
  return { version, entries, byUuid, bySlug, byId };
}

/** Builds both version views: drafts override published stories by uuid; draft-only stories come last. */
export function buildStore(published: WireStory[], draft: WireStory[], options: StoreOptions): ContentStore {
  const base = published.map(normalize);
  const drafts = new Map(draft.map((story) => [story.uuid, normalize(story)]));
  const baseUuids = new Set(base.map((story) => String(story.uuid)));
  const draftStories = [
    ...base.map((story) => drafts.get(String(story.uuid)) ?? story),
    ...[...drafts.values()].filter((story) => !baseUuids.has(String(story.uuid))),
  ];
  const publishedStories = base.filter(
    (story) => story.published_at !== null && story.published_at !== undefined,
  );

  const prepare = (entry: Entry, view: VersionView): JsonObject => {
    if (!entry.prepared) entry.prepared = prepareStory(entry, view.version, options);
    return entry.prepared;
  };
  return {
    published: buildView('published', publishedStories),
    draft: buildView('draft', draftStories),
    prepare,
  };
}

function prepareStory(entry: Entry, version: Version, options: StoreOptions): JsonObject {
  const story = structuredClone(entry.story);
  walkObjects(story.content, (node) => {
    if (typeof node.filename === 'string' && node.filename.startsWith('/f/')) {
      node.filename = options.assetOrigin + node.filename;
    }
    if (version === 'published') {
      delete node._editable;
    } else if (typeof node._uid === 'string') {
      // The Visual Editor bridge reads this comment to map DOM nodes back to blocks.
      const meta = {
        name: node.component ?? '',
        space: String(options.spaceId),
        uid: node._uid,
        id: String(entry.id),
      };
      node._editable = `<!--#storyblok#${JSON.stringify(meta)}-->`;
    }
  });
  return story;
}
