/** Small helpers for walking untyped JSON content. */

export type JsonObject = Record<string, unknown>;

/** True for plain JSON objects (not arrays, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dot path (already split) from a JSON value; numeric segments index arrays. */
export function getPath(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    } else if (isObject(current)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Visits every object nested in a JSON value, depth first, parents before children. */
export function walkObjects(value: unknown, visit: (node: JsonObject) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walkObjects(item, visit);
  } else if (isObject(value)) {
    visit(value);
    for (const key in value) walkObjects(value[key], visit);
  }
}

/** Case-insensitive glob matcher where `*` matches any run of characters. */
export function globMatcher(pattern: string, caseInsensitive = true): (value: string) => boolean {
  if (!pattern.includes('*')) {
    const target = caseInsensitive ? pattern.toLowerCase() : pattern;
    return (value) => (caseInsensitive ? value.toLowerCase() : value) === target;
  }
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
  return (value) => regex.test(value);
}

/**
 * Parses the API's "YYYY-MM-DD HH:mm" (and ISO strings, which stored dates use) as UTC milliseconds;
 * NaN when unparseable.
 */
export function parseApiDate(value: unknown): number {
  if (typeof value !== 'string' || value === '') return Number.NaN;
  const trimmed = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00` : trimmed.replace(' ', 'T');
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  return Date.parse(hasZone ? iso : `${iso}Z`);
}

/** Splits a comma list, dropping empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
