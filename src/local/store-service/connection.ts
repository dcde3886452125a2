/**
 * Relay connections as the Storefront API serves them: `first`/`last` (one is required, 0–250),
 * `after`/`before` cursors and `reverse`, with `edges`, `nodes` and `pageInfo`. Argument values
 * come from graphql-js, already coerced to the schema's types.
 */
import { GraphQLError } from 'graphql';

export type Args = Record<string, unknown>;

export const MAX_PAGE_SIZE = 250;

/** The message the Storefront API gives for a connection without `first` or `last` (reference C.2). */
export const FIRST_OR_LAST_MESSAGE = 'you must provide one of first or last';

export const isArgs = (value: unknown): value is Args =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of input objects (`[ProductFilter!]`, `[HasMetafieldsIdentifier!]!`, …); absent is empty. */
export const listArg = (args: Args, name: string): Args[] => {
  const value = args[name];
  return Array.isArray(value) ? value.filter(isArgs) : [];
};

export const intArg = (args: Args, name: string): number | null => {
  const value = args[name];
  return typeof value === 'number' ? value : null;
};

export const stringArg = (args: Args, name: string): string | null => {
  const value = args[name];
  return typeof value === 'string' ? value : null;
};

export const boolArg = (args: Args, name: string): boolean | null => {
  const value = args[name];
  return typeof value === 'boolean' ? value : null;
};

const encodeCursor = (key: string, index: number) =>
  Buffer.from(JSON.stringify({ k: key, i: index })).toString('base64url');

/** Position just past the cursor's item: found by key, else by the index it was issued at. */
function cursorPosition(cursor: string, keys: string[]): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (typeof decoded !== 'object' || decoded === null || !('k' in decoded) || !('i' in decoded)) {
    throw new GraphQLError(`Invalid cursor: ${cursor}`);
  }
  const { k, i } = decoded;
  const byKey = typeof k === 'string' ? keys.indexOf(k) : -1;
  if (byKey >= 0) return byKey;
  if (typeof i === 'number' && Number.isInteger(i) && i >= 0) return Math.min(i, keys.length);
  throw new GraphQLError(`Invalid cursor: ${cursor}`);
}

function pageSize(args: Args, name: 'first' | 'last'): number | null {
  const value = intArg(args, name);
  if (value !== null && (value < 0 || value > MAX_PAGE_SIZE)) {
    throw new GraphQLError(`${name} must be between 0 and ${MAX_PAGE_SIZE}, got ${value}`);
  }
  return value;
}

/**
 * One page of `items` as a connection object. `keyOf` gives a stable key per item (its id) that
 * cursors carry, so a cursor still points at the same item when earlier items go away.
 */
export function connection<T>(
  items: readonly T[],
  args: Args,
  keyOf: (item: T) => string,
  extra: Record<string, unknown> = {},
) {
  const first = pageSize(args, 'first');
  const last = pageSize(args, 'last');
  if (first === null && last === null) throw new GraphQLError(FIRST_OR_LAST_MESSAGE);
  const ordered = boolArg(args, 'reverse') ? [...items].reverse() : [...items];
  const keys = ordered.map(keyOf);
  let start = 0;
  let end = ordered.length;
  const after = stringArg(args, 'after');
  const before = stringArg(args, 'before');
  if (after !== null) start = Math.min(cursorPosition(after, keys) + 1, end);
  if (before !== null) end = Math.max(Math.min(cursorPosition(before, keys), end), start);
  let from = start;
  let to = end;
  if (first !== null) to = Math.min(to, from + first);
  if (last !== null) from = Math.max(from, to - last);
  const edges = ordered.slice(from, to).map((node, offset) => ({
    cursor: encodeCursor(keys[from + offset] ?? '', from + offset),
    node,
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      // Shopify answers both from the whole list, not only from within the after/before window.
      hasNextPage: to < ordered.length,
      hasPreviousPage: from > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    ...extra,
  };
}
