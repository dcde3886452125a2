/** resolve_relations and resolve_links: collect referenced stories into `rels` / `links`. */
import { isObject, splitList, walkObjects, type JsonObject } from './paths.ts';
import type { Entry, VersionView } from './store.ts';

/** The API inlines at most this many; beyond it only uuids are sent and the client fetches them. */
export const RESOLVE_LIMIT = 50;

export type Resolved = { items: Entry[]; overflowUuids?: string[] };

function collect(
  roots: readonly Entry[],
  levels: number,
  view: VersionView,
  refsOf: (content: JsonObject, add: (uuid: unknown) => void) => void,
): Resolved {
  const found = new Map<string, Entry>();
  let frontier: readonly Entry[] = roots;
  for (let level = 0; level < levels && frontier.length > 0; level++) {
    const next: Entry[] = [];
    for (const entry of frontier) {
      refsOf(entry.content, (uuid) => {
        if (typeof uuid !== 'string' || found.has(uuid)) return;
        const target = view.byUuid.get(uuid);
        if (!target) return;
        found.set(uuid, target);
        next.push(target);
      });
    }
    frontier = next;
  }
  const items = [...found.values()];
  // storyblok-js-client replaces `rels` wholesale with what it fetches for `rel_uuids` (index.mjs
  // resolveRelations), so every uuid must be listed there, not only those past the limit.
  if (items.length > RESOLVE_LIMIT) return { items: [], overflowUuids: items.map((e) => e.uuid) };
  return { items };
}

/**
 * Stories referenced through `component.field` relation fields, two levels deep (a resolved
 * story's own listed relations are collected too), as the API documents.
 */
export function resolveRelations(roots: readonly Entry[], spec: string, view: VersionView): Resolved {
  const fields = new Set(splitList(spec).filter((item) => item.includes('.')));
  if (fields.size === 0) return { items: [] };
  return collect(roots, 2, view, (content, add) =>
    walkObjects(content, (node) => {
      if (typeof node.component !== 'string') return;
      for (const key in node) {
        if (!fields.has(`${node.component}.${key}`)) continue;
        const value = node[key];
        if (Array.isArray(value)) value.forEach(add);
        else add(value);
      }
    }),
  );
}

/** Stories targeted by story links: multilink fields (`id`) and rich-text link marks (`uuid`). */
export function resolveLinks(roots: readonly Entry[], level: number, view: VersionView): Resolved {
  return collect(roots, level, view, (content, add) =>
    walkObjects(content, (node) => {
      if (node.linktype !== 'story') return;
      if (typeof node.id === 'string' && node.id !== '') add(node.id);
      else if (typeof node.uuid === 'string') add(node.uuid);
    }),
  );
}

/** The `links` entry in the form `resolve_links` asks for: `url`, `link`, or the whole story. */
export function toLinkObject(mode: string, entry: Entry, prepared: JsonObject): JsonObject {
  const s = entry.story;
  if (mode === 'url') {
    return { id: s.id, uuid: s.uuid, name: s.name, slug: s.slug, full_slug: s.full_slug, url: s.full_slug };
  }
  if (mode === 'link') {
    return {
      id: s.id,
      uuid: s.uuid,
      slug: s.full_slug,
      path: s.path ?? null,
      parent_id: s.parent_id,
      name: s.name,
      is_folder: false,
      published: s.published_at !== null && s.published_at !== undefined,
      is_startpage: s.is_startpage,
      position: s.position,
      real_path: `/${String(s.full_slug)}`,
      lang: s.lang,
    };
  }
  return prepared;
}

/** True for the resolve_links values the client acts on. */
export function isLinkMode(mode: string | undefined): mode is string {
  return mode === 'url' || mode === 'link' || mode === 'story' || mode === '1';
}

/** Drops root-level content fields (excluding_fields) and story fields (excluding_story_fields). */
export function withoutFields(story: JsonObject, contentFields: string[], storyFields: string[]): JsonObject {
  if (contentFields.length === 0 && storyFields.length === 0) return story;
  const copy: JsonObject = { ...story };
  for (const field of storyFields) delete copy[field];
  if (contentFields.length > 0 && isObject(copy.content)) {
    const content = { ...copy.content };
    for (const field of contentFields) delete content[field];
    copy.content = content;
  }
  return copy;
}
