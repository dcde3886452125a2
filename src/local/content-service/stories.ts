/** GET /v2/cdn/stories and /v2/cdn/stories/{full_slug | id | uuid}. */
import { compileFilters } from './filter-query.ts';
import { jsonResponse, notFound, unprocessable } from './http.ts';
import { positiveInt, type ParsedQuery } from './params.ts';
import { globMatcher, parseApiDate, splitList, type JsonObject } from './paths.ts';
import { isLinkMode, resolveLinks, resolveRelations, toLinkObject, withoutFields } from './resolve.ts';
import { parseSortBy, sortEntries } from './sort.ts';
import type { ContentStore, Entry, VersionView } from './store.ts';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export type StoriesContext = { store: ContentStore; view: VersionView; query: ParsedQuery; cv: number };
type EntryTest = (entry: Entry) => boolean;

/** The envelope shared by both endpoints: rels and links always present, *_uuids only on overflow. */
function envelope(ctx: StoriesContext, roots: readonly Entry[]): JsonObject {
  const { store, view, query } = ctx;
  const contentFields = splitList(query.get('excluding_fields') ?? '');
  const storyFields = splitList(query.get('excluding_story_fields') ?? '');
  const body: JsonObject = { cv: ctx.cv, rels: [], links: [] };
  const relSpec = query.get('resolve_relations');
  if (relSpec) {
    const rels = resolveRelations(roots, relSpec, view);
    body.rels = rels.items.map((e) => withoutFields(store.prepare(e, view), contentFields, storyFields));
    if (rels.overflowUuids) body.rel_uuids = rels.overflowUuids;
  }
  const linkMode = query.get('resolve_links');
  if (isLinkMode(linkMode)) {
    const links = resolveLinks(roots, query.get('resolve_links_level') === '2' ? 2 : 1, view);
    body.links = links.items.map((e) => toLinkObject(linkMode, e, store.prepare(e, view)));
    if (links.overflowUuids) body.link_uuids = links.overflowUuids;
  }
  return body;
}

function outputStory(ctx: StoriesContext, entry: Entry): JsonObject {
  return withoutFields(
    ctx.store.prepare(entry, ctx.view),
    splitList(ctx.query.get('excluding_fields') ?? ''),
    splitList(ctx.query.get('excluding_story_fields') ?? ''),
  );
}

function dateRangeTest(field: string, raw: string, after: boolean): EntryTest {
  const limit = parseApiDate(raw);
  return (entry) => {
    const t = parseApiDate(entry.story[field]);
    return !Number.isNaN(t) && !Number.isNaN(limit) && (after ? t > limit : t < limit);
  };
}

function textOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value.toLowerCase());
  else if (Array.isArray(value)) value.forEach((item) => textOf(item, out));
  else if (typeof value === 'object' && value !== null)
    Object.values(value).forEach((item) => textOf(item, out));
}

/** Builds the per-request tests from the flat parameters; filter_query is compiled separately. */
function storyTests(query: ParsedQuery): EntryTest[] {
  const tests: EntryTest[] = [];
  const param = (name: string) => {
    const value = query.get(name);
    return value === undefined || value === '' ? undefined : value;
  };
  const startsWith = param('starts_with');
  if (startsWith !== undefined) tests.push((e) => e.fullSlug.startsWith(startsWith));
  const byUuids = param('by_uuids');
  if (byUuids !== undefined) {
    const uuids = new Set(splitList(byUuids));
    tests.push((e) => uuids.has(e.uuid));
  }
  const bySlugs = param('by_slugs');
  if (bySlugs !== undefined) {
    const globs = splitList(bySlugs).map((p) => globMatcher(p, false));
    tests.push((e) => globs.some((glob) => glob(e.fullSlug)));
  }
  const excludingSlugs = param('excluding_slugs');
  if (excludingSlugs !== undefined) {
    const globs = splitList(excludingSlugs).map((p) => globMatcher(p, false));
    tests.push((e) => !globs.some((glob) => glob(e.fullSlug)));
  }
  const excludingIds = param('excluding_ids');
  if (excludingIds !== undefined) {
    const ids = new Set(splitList(excludingIds).map(Number));
    tests.push((e) => !ids.has(e.id));
  }
  const withTag = param('with_tag');
  if (withTag !== undefined) {
    const tags = splitList(withTag);
    tests.push((e) => tags.some((tag) => e.tags.includes(tag)));
  }
  const isStartpage = param('is_startpage');
  if (isStartpage !== undefined) {
    const wanted = isStartpage === '1' || isStartpage === 'true';
    tests.push((e) => (e.story.is_startpage === true) === wanted);
  }
  const level = param('level');
  if (level !== undefined) tests.push((e) => e.fullSlug.split('/').length === Number(level));
  const contentType = param('content_type');
  if (contentType !== undefined) {
    const types = new Set(splitList(contentType));
    tests.push((e) => typeof e.content.component === 'string' && types.has(e.content.component));
  }
  for (const field of ['first_published_at', 'published_at', 'updated_at']) {
    const gt = param(`${field}_gt`);
    const lt = param(`${field}_lt`);
    if (gt !== undefined) tests.push(dateRangeTest(field, gt, true));
    if (lt !== undefined) tests.push(dateRangeTest(field, lt, false));
  }
  const searchTerm = param('search_term')?.toLowerCase();
  if (searchTerm !== undefined) {
    tests.push((e) => {
      const texts = [e.fullSlug.toLowerCase()];
      textOf(e.story.name, texts);
      textOf(e.content, texts);
      return texts.some((text) => text.includes(searchTerm));
    });
  }
  return tests;
}

/** GET /v2/cdn/stories: filter, sort, paginate, then resolve relations and links of the page. */
export function listStories(ctx: StoriesContext): Response {
  const { query, view } = ctx;
  const perPageParam = positiveInt(query.get('per_page'));
  const page = positiveInt(query.get('page'));
  if (perPageParam === null) return unprocessable('Invalid parameter: per_page');
  if (page === null) return unprocessable('Invalid parameter: page');
  // Clamped rather than rejected: Per-Page then tells getAll the real page size, so it still pages right.
  const perPage = Math.min(perPageParam ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const filters = compileFilters(query.filters, query.orFilters);
  if (!filters.ok) return unprocessable(filters.error);
  const sort = parseSortBy(query.get('sort_by'));
  if (!sort.ok) return unprocessable(sort.error);

  const tests = storyTests(query);
  const match = filters.match;
  const ordered = query.get('by_uuids_ordered');
  let candidates: Entry[];
  if (ordered) {
    candidates = splitList(ordered).flatMap((uuid) => view.byUuid.get(uuid) ?? []);
    candidates = [...new Set(candidates)];
  } else {
    candidates = view.entries.slice();
  }
  let matched = candidates.filter((e) => tests.every((test) => test(e)) && (!match || match(e.content)));
  // by_uuids_ordered promises the caller's order, so sort_by is not applied on top of it.
  if (!ordered) matched = sortEntries(matched, sort.keys);

  const start = ((page ?? 1) - 1) * perPage;
  const pageEntries = matched.slice(start, start + perPage);
  const body = { stories: pageEntries.map((e) => outputStory(ctx, e)), ...envelope(ctx, pageEntries) };
  return jsonResponse(body, 200, { Total: String(matched.length), 'Per-Page': String(perPage) });
}

function findStory(view: VersionView, identifier: string, findBy: string | undefined): Entry | undefined {
  if (findBy === 'uuid') return view.byUuid.get(identifier);
  const bySlug =
    view.bySlug.get(identifier) ??
    view.bySlug.get(identifier.endsWith('/') ? identifier.slice(0, -1) : `${identifier}/`);
  if (bySlug) return bySlug;
  return /^\d+$/.test(identifier) ? view.byId.get(Number(identifier)) : undefined;
}

/** GET /v2/cdn/stories/{identifier}: a full_slug, a numeric id, or a uuid with find_by=uuid. */
export function getStory(ctx: StoriesContext, identifier: string): Response {
  const findBy = ctx.query.get('find_by');
  if (findBy !== undefined && findBy !== 'uuid') return unprocessable('Invalid parameter: find_by');
  const entry = findStory(ctx.view, identifier, findBy);
  if (!entry) return notFound();
  return jsonResponse({ story: outputStory(ctx, entry), ...envelope(ctx, [entry]) });
}
