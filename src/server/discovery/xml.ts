/**
 * Text into XML: one escaper for element text and attribute values alike. Whatever an editor types
 * (ampersands, `<`, quotes, emoji, control characters) comes out as well-formed XML 1.0.
 */

/**
 * What XML 1.0 forbids anywhere in a document (its `Char` production): C0 controls other than
 * tab, newline and carriage return, U+FFFE and U+FFFF, and UTF-16 surrogates that are not part of
 * a pair (a lone half of an emoji, say, from a string cut in the middle).
 */
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `value` safe as XML element text or as a quoted attribute value (either quote). */
export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** The XML declaration every document here starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
