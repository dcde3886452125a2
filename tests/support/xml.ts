/**
 * Reading the sitemap and feeds as their consumers do: fast-xml-parser checks that a document is
 * well-formed and gives its tree; the UTF-8 check reads the bytes as a crawler receives them.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

/** The document's tree (attributes as `@_name`, every value a string, lists always arrays). */
export function parseXml(text: string, arrays: string[] = []): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  expect(valid, JSON.stringify(valid)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => arrays.includes(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

/** XML 1.0's `Char` production, as a test of the output (not the escaper's own rule). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The answer's bytes are UTF-8 that decodes cleanly, holding only characters XML 1.0 allows. */
export function expectXmlChars(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  expect(text).not.toMatch(NOT_XML_CHAR);
  expect(text).not.toContain('\uFFFD');
  return text;
}

/** W3C datetime as sitemaps.org allows it: a date, or date and time with a zone. */
export const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
