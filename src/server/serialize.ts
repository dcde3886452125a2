/**
 * Values as inline <script> text: JSON with <, > and & escaped, so no CMS string can close the
 * script element or open a comment, and every character past ASCII too (U+2028 and U+2029 among
 * them, which would break a JavaScript string). JSON and JavaScript read `\u2019` as the character
 * itself; the text stays ASCII, which V8 keeps one byte a character and the runtime encodes to
 * UTF-8 at memory speed. One curly quote used to make an article's 15 KB payload a two-byte string
 * that took 11 µs to encode (as long as the rest of the page's text together).
 */
import { isSettled, keep } from '../content/settled.ts';

const UNSAFE = /[<>&\u0080-\uffff]/g;
const HAS_UNSAFE = /[<>&\u0080-\uffff]/;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const escape = (json: string) => (HAS_UNSAFE.test(json) ? json.replace(UNSAFE, escapeChar) : json);

/** Escaped JSON of property names (`"uuid":`): the same few names recur all over a payload. */
const names = new Map<string, string>();
const MAX_NAMES = 1000;

/** `value` as script text. */
export function serializeForScript(value: unknown): string {
  return escape(JSON.stringify(value));
}

/**
 * The page's payload as script text: the same text as serializeForScript, character for character,
 * with settled content (src/content/settled.ts: the same object for a story until an edit)
 * serialized once and its text kept with it. Most of an article's payload is its article object,
 * the same on every request; writing it each time was 6% of the page's server CPU under load. The
 * request's own objects around it are written here, piece by piece, as JSON.stringify would (more
 * slowly than JSON.stringify itself: for values without settled content, use serializeForScript).
 * `null` for what JSON.stringify leaves out (undefined, a function, a symbol).
 */
export function serializePayload(value: unknown): string {
  return write(value) ?? 'null';
}

function nameOf(key: string): string {
  let name = names.get(key);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear();
    names.set(key, (name = `${escape(JSON.stringify(key))}:`));
  }
  return name;
}

/** Escaped JSON of `value` (undefined where JSON.stringify leaves it out: undefined, functions, symbols). */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return escape(JSON.stringify(value));
    case 'object':
      break;
    default:
      return JSON.stringify(value) as string | undefined;
  }
  if (value === null) return 'null';
  if (isSettled(value)) return keep('payload JSON', [value], () => escape(JSON.stringify(value)));
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (write(value[i]) ?? 'null');
    return `${out}]`;
  }
  // Anything but a plain object (a Date's toJSON, a boxed primitive): JSON.stringify's own way.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (
    (proto !== Object.prototype && proto !== null) ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return escape(JSON.stringify(value));
  let out = '{';
  for (const key of Object.keys(value)) {
    const json = write((value as Record<string, unknown>)[key]);
    if (json !== undefined) out += (out.length > 1 ? ',' : '') + nameOf(key) + json;
  }
  return `${out}}`;
}
