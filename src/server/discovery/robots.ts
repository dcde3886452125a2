/**
 * robots.txt (RFC 9309): everything a visitor can read is open; what is not a page is closed to
 * crawlers, and the sitemap is named by its absolute URL.
 */
import { SITEMAP_PATH } from './sitemap.ts';

export const ROBOTS_PATH = '/robots.txt';

/**
 * Prefixes crawlers must not fetch: client-navigation payloads (the page's data as JSON, a
 * duplicate of every page), preview and live editing, the functions (cart, sign-ups, events,
 * webhook), the local stack's tools, and any address carrying the Visual Editor's parameter. A
 * test checks each against the paths the site and the local server really use.
 */
export const DISALLOWED = ['/_payload', '/_preview', '/.netlify/', '/_local/', '/*_storyblok'] as const;

/** The robots.txt body; without a public origin there is no sitemap line (it must be absolute). */
export function robotsTxt(baseUrl: string): string {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /'];
  if (baseUrl) lines.push('', `Sitemap: ${baseUrl}${SITEMAP_PATH}`);
  return `${lines.join('\n')}\n`;
}
