/**
 * Serialize a value for an inline <script>: JSON with <, >, &, U+2028 and U+2029 escaped, so no
 * CMS string can close the script element, open a comment or break a JavaScript string.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
