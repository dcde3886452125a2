/**
 * The sitemap protocol (sitemaps.org 0.9): `<urlset>` documents of `<url>` entries, and the
 * `<sitemapindex>` that names them once one document would be too big. Pure: strings in, strings out.
 */
import type { SitemapEntry } from '../../content/api.ts';
import { escapeXml, XML_DECLARATION } from './xml.ts';

export const SITEMAP_PATH = '/sitemap.xml';
/** A shard of the index: `/sitemaps/pages-1.xml`, `/sitemaps/articles-3.xml`. */
export const SHARD_PATTERN = /^\/sitemaps\/(pages|articles)-([1-9][0-9]{0,5})\.xml$/;
export type ShardKind = 'pages' | 'articles';

/** The protocol's limits per document: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const MAX_SITEMAP_BYTES = 52_428_800;

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/**
 * Paths the site answers 200 for have slug segments only (the routes' rule: a lower-case letter or
 * digit, then letters, digits and dashes, 120 at most); a story whose slug breaks it has no page.
 */
const PAGE_PATH = /^\/(?:[a-z0-9][a-z0-9-]{0,119}(?:\/[a-z0-9][a-z0-9-]{0,119}){0,2})?$/;

/** Is this a path a sitemap may list (one the routes can answer)? */
export function isListablePath(path: string): boolean {
  return PAGE_PATH.test(path);
}

/** The longest path a sitemap lists: three segments of 120 characters. */
const LONGEST_PATH = 3 * 121;

/**
 * Bytes of the longest `<url>` entry on `baseUrl`: the longest listable path (ASCII) and a
 * lastmod, with every character of the origin counted as if escaped to `&amp;`.
 */
export function maxEntryBytes(baseUrl: string): number {
  return urlEntry('', '2026-01-01T00:00:00Z').length + 5 * baseUrl.length + LONGEST_PATH;
}

/**
 * How many URLs one document holds: `requested` (the protocol's 50,000 unless configured lower),
 * fewer if the longest entries on this origin could pass 50 MB (they cannot below a 1 KB origin).
 */
export function urlsPerDocument(requested: number, baseUrl: string): number {
  const room = MAX_SITEMAP_BYTES - URLSET_OPEN.length - URLSET_CLOSE.length;
  return Math.max(1, Math.min(requested, MAX_URLS_PER_SITEMAP, Math.floor(room / maxEntryBytes(baseUrl))));
}

/**
 * A W3C datetime (the protocol's `lastmod` format) to the second, in UTC; null for a missing or
 * unreadable time (the entry then has no lastmod rather than a wrong one).
 */
export function w3cDatetime(iso: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The latest of some ISO times (null when none is readable). */
export function latest(times: (string | null)[]): string | null {
  let best: number | null = null;
  for (const time of times) {
    const ms = time ? Date.parse(time) : NaN;
    if (!Number.isNaN(ms) && (best === null || ms > best)) best = ms;
  }
  return best === null ? null : new Date(best).toISOString();
}

/** One `<url>`: `loc` absolute, `lastmod` a W3C datetime or absent. */
export function urlEntry(loc: string, lastmod: string | null): string {
  const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>\n`;
}

/**
 * The `<url>` entries of `entries` on `baseUrl`, skipping paths no route answers and any path
 * already in `seen` (which it extends): a URL is listed once per document.
 */
export function urlEntries(entries: SitemapEntry[], baseUrl: string, seen: Set<string>): string {
  let out = '';
  for (const entry of entries) {
    if (!isListablePath(entry.path) || seen.has(entry.path)) continue;
    seen.add(entry.path);
    out += urlEntry(`${baseUrl}${entry.path}`, w3cDatetime(entry.lastModified));
  }
  return out;
}

/** The path of shard `n` (1-based) of a kind. */
export function shardPath(kind: ShardKind, n: number): string {
  return `/sitemaps/${kind}-${n}.xml`;
}

/** The `<sitemapindex>` naming each shard by its absolute URL. */
export function sitemapIndex(shards: string[], baseUrl: string): string {
  const items = shards.map((path) => `<sitemap><loc>${escapeXml(`${baseUrl}${path}`)}</loc></sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${items.join('')}</sitemapindex>\n`;
}
