/** sort_by: `attr:asc|desc[:int|:float]`, comma-separated keys, over raw stored stories. */
import { getPath, type JsonObject } from './paths.ts';

type SortKey = { path: string[]; desc: boolean; type: 'string' | 'int' | 'float' };
export type SortResult = { ok: true; keys: SortKey[] } | { ok: false; error: string };
export type Sortable = { story: JsonObject; index: number };

/** Parses a sort_by value; an empty value means "default order". */
export function parseSortBy(raw: string | undefined): SortResult {
  const keys: SortKey[] = [];
  for (const part of (raw ?? '').split(',')) {
    const spec = part.trim();
    if (spec === '') continue;
    const [attr = '', dir = 'asc', type = 'string', ...extra] = spec.split(':');
    if (attr === '' || (dir !== 'asc' && dir !== 'desc') || extra.length > 0) {
      return { ok: false, error: `Invalid parameter: sort_by=${spec}` };
    }
    if (type !== 'string' && type !== 'int' && type !== 'float') {
      return { ok: false, error: `Invalid parameter: sort_by=${spec}` };
    }
    keys.push({ path: attr.split('.'), desc: dir === 'desc', type });
  }
  return { ok: true, keys };
}

type SortValue = string | number | undefined;

function sortValue(story: JsonObject, key: SortKey): SortValue {
  const value = getPath(story, key.path);
  if (key.type === 'string') {
    // Story numbers (id, position) sort numerically; content fields are text unless typed, like the API.
    if (typeof value === 'number' && key.path[0] !== 'content') return value;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = key.type === 'int' ? Number.parseInt(String(value), 10) : Number.parseFloat(String(value));
  return Number.isNaN(n) ? undefined : n;
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Sorts in place. Missing values go last in both directions; ties keep the default order
 * (the order stories were given to the service), which makes every result deterministic.
 */
export function sortEntries<T extends Sortable>(entries: T[], keys: SortKey[]): T[] {
  if (keys.length === 0) return entries.sort((a, b) => a.index - b.index);
  const decorated = entries.map((entry) => ({
    entry,
    values: keys.map((key) => sortValue(entry.story, key)),
  }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const va = a.values[i];
      const vb = b.values[i];
      if (va === undefined || vb === undefined) {
        if (va !== vb) return va === undefined ? 1 : -1;
        continue;
      }
      const cmp = compareValues(va, vb);
      if (cmp !== 0) return keys[i]?.desc ? -cmp : cmp;
    }
    return a.entry.index - b.entry.index;
  });
  decorated.forEach((item, i) => (entries[i] = item.entry));
  return entries;
}
