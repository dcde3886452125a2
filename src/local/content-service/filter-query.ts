/** filter_query evaluation over raw stored content (relations are still uuid strings there). */
import { getPath, globMatcher, parseApiDate, splitList, type JsonObject } from './paths.ts';

export type FilterCondition = { field: string; op: string; value: string };
export type ContentPredicate = (content: JsonObject) => boolean;
export type CompiledFilters = { ok: true; match: ContentPredicate | null } | { ok: false; error: string };

type ValueTest = (value: unknown) => boolean;

const IS_VALUES = new Set([
  'empty',
  'not_empty',
  'empty_array',
  'not_empty_array',
  'true',
  'false',
  'null',
  'not_null',
]);

/** Scalars compare by their string form so `[in]=true` matches a boolean and `[in]=3` a number. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function asTextArray(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(scalarText).filter((item) => item !== undefined);
  const text = scalarText(value);
  return text === undefined ? undefined : [text];
}

const isMissing = (value: unknown): boolean => value === undefined || value === null;

function testIs(kind: string): ValueTest {
  const empty = (v: unknown) => isMissing(v) || v === '';
  const isNull = (v: unknown) => isMissing(v);
  switch (kind) {
    case 'empty':
      return empty;
    case 'not_empty':
      return (v) => !empty(v);
    case 'empty_array':
      return (v) => Array.isArray(v) && v.length === 0;
    case 'not_empty_array':
      return (v) => Array.isArray(v) && v.length > 0;
    case 'true':
      return (v) => v === true || v === 'true';
    case 'false':
      return (v) => v === false || v === 'false';
    case 'null':
      return isNull;
    default:
      return (v) => !isNull(v);
  }
}

function numberTest(raw: string, parse: (s: string) => number, greater: boolean): ValueTest {
  const limit = parse(raw);
  // Non-numeric input matches nothing instead of failing: the API stopped raising on it (changelog).
  if (Number.isNaN(limit)) return () => false;
  return (value) => {
    const text = scalarText(value);
    if (text === undefined || text.trim() === '') return false;
    const n = parse(text);
    return !Number.isNaN(n) && (greater ? n > limit : n < limit);
  };
}

function dateTest(raw: string, after: boolean): ValueTest {
  const limit = parseApiDate(raw);
  if (Number.isNaN(limit)) return () => false;
  return (value) => {
    const t = parseApiDate(value);
    return !Number.isNaN(t) && (after ? t > limit : t < limit);
  };
}

function compileOp(op: string, raw: string): ValueTest | string {
  const values = splitList(raw);
  switch (op) {
    case 'in':
    case 'not_in': {
      // `in=` (empty) matches empty strings and null, per the docs.
      const wanted = new Set(values);
      const matchesEmpty = raw.trim() === '' || values.length === 0;
      const test: ValueTest = (v) => {
        if (matchesEmpty) return v === '' || isMissing(v);
        const text = scalarText(v);
        return text !== undefined && wanted.has(text);
      };
      return op === 'in' ? test : (v) => !test(v);
    }
    case 'like':
    case 'not_like': {
      const glob = globMatcher(raw);
      const test: ValueTest = (v) => {
        const text = scalarText(v);
        return text !== undefined && glob(text);
      };
      return op === 'like' ? test : (v) => !test(v);
    }
    case 'is':
      return IS_VALUES.has(raw) ? testIs(raw) : `Invalid filter_query value: is=${raw}`;
    case 'in_array':
    case 'any_in_array':
    case 'all_in_array': {
      const all = op === 'all_in_array';
      return (v) => {
        const items = asTextArray(v);
        if (!items || values.length === 0) return false;
        const have = new Set(items);
        return all ? values.every((x) => have.has(x)) : values.some((x) => have.has(x));
      };
    }
    case 'gt_date':
    case 'lt_date':
      return dateTest(raw, op === 'gt_date');
    case 'gt_int':
    case 'lt_int':
      return numberTest(
        raw,
        (s) => (/^\s*[+-]?\d/.test(s) ? Number.parseInt(s, 10) : Number.NaN),
        op === 'gt_int',
      );
    case 'gt_float':
    case 'lt_float':
      return numberTest(raw, (s) => Number.parseFloat(s), op === 'gt_float');
    default:
      return `Unknown filter_query operation: ${op}`;
  }
}

function compileCondition(condition: FilterCondition): ContentPredicate | string {
  const test = compileOp(condition.op, condition.value);
  if (typeof test === 'string') return test;
  const path = condition.field.split('.');
  return (content) => test(getPath(content, path));
}

/**
 * Compiles the filters once per request: every `and` condition must hold, and when `or` is non-empty
 * at least one of its conditions must too (the wire form cannot express grouping inside `__or`).
 */
export function compileFilters(and: FilterCondition[], or: FilterCondition[]): CompiledFilters {
  const andTests: ContentPredicate[] = [];
  const orTests: ContentPredicate[] = [];
  for (const [list, target] of [
    [and, andTests],
    [or, orTests],
  ] as const) {
    for (const condition of list) {
      const compiled = compileCondition(condition);
      if (typeof compiled === 'string') return { ok: false, error: compiled };
      target.push(compiled);
    }
  }
  if (andTests.length === 0 && orTests.length === 0) return { ok: true, match: null };
  return {
    ok: true,
    match: (content) =>
      andTests.every((test) => test(content)) &&
      (orTests.length === 0 || orTests.some((test) => test(content))),
  };
}
