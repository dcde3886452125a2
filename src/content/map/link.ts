/** Link helpers: multilink fields and rich-text hrefs → site hrefs. */
import type { WireMultilink } from '../wire.ts';
import { nonEmpty } from './common.ts';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// Browsers ignore tabs/newlines and leading control characters in a URL's scheme.
const SCRIPT_SCHEME = /^(?:javascript|vbscript|data):/i;

/** False for hrefs that would run script when clicked (`javascript:`, `vbscript:`, `data:`). */
export function isSafeHref(raw: string): boolean {
  return !SCRIPT_SCHEME.test(raw.replace(/[\u0000-\u0020]/g, ''));
}

/**
 * Normalises an href: absolute URLs (any scheme) and `//host` stay, a bare `#hash` stays, anything
 * else is an internal path and gets exactly one leading slash. A hash is kept as is.
 */
export function toHref(raw: string): string {
  if (HAS_SCHEME.test(raw) || raw.startsWith('//') || raw.startsWith('#')) return raw;
  return `/${raw.replace(/^\/+/, '')}`;
}

/** Multilink → href (url, else cached_url; email → mailto:; anchor appended); null when empty. */
export function multilinkHref(link: WireMultilink | null | undefined): string | null {
  if (!link) return null;
  if (link.linktype === 'email') {
    const email = nonEmpty(link.email) ?? nonEmpty(link.url);
    return email ? (email.startsWith('mailto:') ? email : `mailto:${email}`) : null;
  }
  const raw = nonEmpty(link.url) ?? nonEmpty(link.cached_url);
  if (!raw || !isSafeHref(raw)) return null;
  const href = toHref(raw);
  const anchor = nonEmpty(link.anchor);
  return anchor && !href.includes('#') ? `${href}#${anchor.replace(/^#/, '')}` : href;
}

/**
 * Rich-text link → `{href, external}`. External means absolute http(s) on another origin; an
 * absolute URL on the site's own origin becomes a path (client-side navigation).
 */
export function richLink(raw: string, siteOrigin: string | null): { href: string; external: boolean } {
  if (/^https?:\/\//i.test(raw)) {
    const url = safeUrl(raw);
    if (url && siteOrigin && url.origin === safeUrl(siteOrigin)?.origin) {
      return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
    }
    return { href: raw, external: true };
  }
  return { href: toHref(raw), external: false };
}

function safeUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
