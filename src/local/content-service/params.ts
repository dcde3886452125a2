/** Query-string parsing and validation for the CDN endpoints (v2 answers 422 to unknown parameters). */
import type { FilterCondition } from './filter-query.ts';

const COMMON = ['token', 'cv', 'version', 'resolve_level'];
const RESOLVE = [
  'from_release',
  'resolve_links',
  'resolve_links_level',
  'resolve_relations',
  'resolve_assets',
  'language',
  'fallback_lang',
];

/** Parameters accepted on GET /v2/cdn/stories (reference B.2 plus what the client adds). */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  ...COMMON,
  ...RESOLVE,
  'starts_with',
  'search_term',
  'per_page',
  'page',
  'by_slugs',
  'excluding_slugs',
  'by_uuids',
  'by_uuids_ordered',
  'excluding_ids',
  'with_tag',
  'is_startpage',
  'level',
  'content_type',
  'sort_by',
  'first_published_at_gt',
  'first_published_at_lt',
  'published_at_gt',
  'published_at_lt',
  'updated_at_gt',
  'updated_at_lt',
  'in_workflow_stages',
  'excluding_fields',
  'excluding_story_fields',
  'filter_query',
]);

/** Parameters accepted on GET /v2/cdn/stories/{slug}. */
export const SINGLE_PARAMS: ReadonlySet<string> = new Set([...COMMON, ...RESOLVE, 'find_by']);

/** Parameters accepted on GET /v2/cdn/spaces/me (the client adds version, token and cv to every CDN URL). */
export const SPACE_PARAMS: ReadonlySet<string> = new Set(COMMON);

export type ParsedQuery = {
  get(name: string): string | undefined;
  filters: FilterCondition[];
  orFilters: FilterCondition[];
};
export type ParseResult = { ok: true; query: ParsedQuery } | { ok: false; error: string };

/** Splits `a[b][]` into `['a', 'b', '']`; null when the brackets are malformed. */
function splitBracketKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let m = re.exec(rest); m !== null; m = re.exec(rest)) {
    parts.push(m[1] ?? '');
    consumed = re.lastIndex;
  }
  return consumed === rest.length ? parts : null;
}

/**
 * Parses qs/Rails-style keys. Only `filter_query` may be nested: `filter_query[f][op]=v` and
 * `filter_query[__or][][f][op]=v` (an explicit index instead of `[]` is accepted too).
 */
export function parseQuery(params: URLSearchParams, allowed: ReadonlySet<string>): ParseResult {
  const flat = new Map<string, string>();
  const filters: FilterCondition[] = [];
  const orFilters: FilterCondition[] = [];
  for (const [key, value] of params) {
    const parts = splitBracketKey(key);
    const base = parts?.[0] ?? key;
    if (!parts || !allowed.has(base)) return { ok: false, error: `Unknown parameter: ${base}` };
    if (parts.length === 1) {
      if (base === 'filter_query') return { ok: false, error: 'Invalid parameter: filter_query' };
      flat.set(base, value);
      continue;
    }
    if (base !== 'filter_query') return { ok: false, error: `Unknown parameter: ${key}` };
    const [, first, second, third, fourth, ...extra] = parts;
    if (
      first === '__or' &&
      second !== undefined &&
      /^\d*$/.test(second) &&
      third &&
      fourth &&
      !extra.length
    ) {
      orFilters.push({ field: third, op: fourth, value });
    } else if (first && first !== '__or' && second && third === undefined) {
      filters.push({ field: first, op: second, value });
    } else {
      return { ok: false, error: `Invalid parameter: ${key}` };
    }
  }
  return { ok: true, query: { get: (name) => flat.get(name), filters, orFilters } };
}

/** Reads an optional positive integer parameter; undefined when absent, null when malformed. */
export function positiveInt(raw: string | undefined): number | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}
