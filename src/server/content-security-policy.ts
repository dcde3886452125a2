/**
 * The Content-Security-Policy of pages: scripts only by this answer's nonce (the payload's inline
 * script, the entry module and its preloads carry it) and what those load (`'strict-dynamic'`:
 * route chunks, block renderers, analytics, the Visual Editor's bridge); no `'unsafe-inline'` or
 * `'unsafe-eval'` for scripts; everything else listed by origin, exactly what the site uses.
 *
 * The nonce and the CDN: a page is rendered once and served from the CDN's cache to everyone for
 * its lifetime, so its nonce is one per cached answer, not one per visitor (the header and the
 * HTML are cached together, so they always match). That keeps what a nonce is for: markup that
 * reaches a page (an editor's rich text, a product description) cannot run a script, because it
 * cannot know the nonce of the answer it will be rendered into. A new render (a publish, the
 * cache's refresh) gets a new one.
 */
import type { Env } from '../config/env.ts';

/** Where browsers send violation reports (a function that keeps them: src/functions/csp-report). */
export const CSP_REPORT_PATH = '/.netlify/functions/csp-report';

/** The origins pages load from, besides their own. */
export type PageSources = {
  /** Images: the content service's asset host, the store's CDN. */
  img: string[];
  /** Videos uploaded to the content service. */
  media: string[];
  /** Embedded players. */
  frame: string[];
};

/** Storyblok's asset host per region (images and uploaded videos). */
const STORYBLOK_ASSETS: Record<Env['STORYBLOK_REGION'], string> = {
  eu: 'https://a.storyblok.com',
  us: 'https://a-us.storyblok.com',
  ap: 'https://a-ap.storyblok.com',
  ca: 'https://a-ca.storyblok.com',
  cn: 'https://a.storyblokchina.cn',
};

/** Product images (the Storefront API's image URLs). */
const SHOPIFY_CDN = 'https://cdn.shopify.com';
/** The video widget's YouTube player (privacy-enhanced mode). */
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';

/** The sources the configuration implies (the local stand-ins serve everything from the site). */
export function pageSourcesFrom(
  env: Partial<
    Pick<Env, 'STORYBLOK_TOKEN' | 'STORYBLOK_ENDPOINT' | 'STORYBLOK_REGION' | 'SHOPIFY_STORE_DOMAIN'>
  >,
): PageSources {
  const storyblok = Boolean(env.STORYBLOK_TOKEN) && !isLoopback(env.STORYBLOK_ENDPOINT);
  const assets = storyblok ? [STORYBLOK_ASSETS[env.STORYBLOK_REGION ?? 'eu']] : [];
  // The local store stand-in serves its product images from its own address, which is the site's
  // only when the page is opened by the same name (127.0.0.1, not localhost): name it as well.
  const domain = env.SHOPIFY_STORE_DOMAIN;
  const store = !domain ? [] : isLoopback(domain) ? [new URL(domain).origin] : [SHOPIFY_CDN];
  return { img: [...assets, ...store], media: assets, frame: [YOUTUBE_EMBED] };
}

/** A local stand-in's address (its assets are served by the site itself). */
function isLoopback(url: string | undefined): boolean {
  return url !== undefined && /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:|\/|$)/.test(url);
}

const NONCE_BYTES = 16;
/**
 * Random bytes drawn 4 KB at a time: a call into the system's generator per page was 2% of a warm
 * render. Each nonce takes 16 bytes of its own; none is handed out twice (the pool refills first).
 */
const noncePool = new Uint8Array(4096);
let noncePoolUsed = noncePool.length;

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  if (noncePoolUsed + NONCE_BYTES > noncePool.length) {
    crypto.getRandomValues(noncePool);
    noncePoolUsed = 0;
  }
  let text = '';
  for (let i = noncePoolUsed; i < noncePoolUsed + NONCE_BYTES; i++)
    text += String.fromCharCode(noncePool[i]!);
  noncePoolUsed += NONCE_BYTES;
  return btoa(text);
}

export type PagePolicyOptions = {
  nonce: string;
  sources: PageSources;
  /** Who may frame the page: nobody, except the Visual Editor for preview answers. */
  frameAncestors?: string[];
  /** Preview only: the Visual Editor's origin, which the bridge talks to. */
  connect?: string[];
};

/** A page policy's text around its nonce, by sources and framing (the same few for every page). */
const policyParts = new WeakMap<PageSources, Map<string, readonly [string, string]>>();
const NONCE_MARK = '\0nonce\0';

/** The policy of one page answer. */
export function pagePolicy({
  nonce,
  sources,
  frameAncestors = ["'none'"],
  connect = [],
}: PagePolicyOptions): string {
  let bySources = policyParts.get(sources);
  if (!bySources) policyParts.set(sources, (bySources = new Map<string, readonly [string, string]>()));
  const key = `${frameAncestors.join(' ')}\n${connect.join(' ')}`;
  let parts = bySources.get(key);
  if (!parts) {
    if (bySources.size >= 32) bySources.clear();
    const text = policyText(NONCE_MARK, sources, frameAncestors, connect);
    const at = text.indexOf(NONCE_MARK);
    bySources.set(key, (parts = [text.slice(0, at), text.slice(at + NONCE_MARK.length)]));
  }
  return `${parts[0]}${nonce}${parts[1]}`;
}

function policyText(nonce: string, sources: PageSources, frameAncestors: string[], connect: string[]) {
  const list = (...values: string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Inline style attributes (a carousel's position, a video's ratio) and the stylesheet.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', ...sources.img)}`,
    `media-src ${list("'self'", ...sources.media)}`,
    `frame-src ${list(...sources.frame)}`,
    `connect-src ${list("'self'", ...connect)}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${list(...frameAncestors)}`,
    // report-uri, not report-to: browsers that know report-to use only it, and queue its reports
    // for up to a minute; report-uri is sent at once, by every browser (the endpoint reads both).
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/**
 * The page's policy headers, keeping who may frame it from the answer's headers so far (a preview
 * answer lets the Visual Editor frame it: src/server/preview.server.ts; every other answer nobody).
 */
export function pagePolicyHeaders(
  headers: Record<string, string>,
  nonce: string,
  sources: PageSources,
): Record<string, string> {
  const framing = /(?:^|;)\s*frame-ancestors ([^;]+)/
    .exec(headers['Content-Security-Policy'] ?? '')?.[1]
    ?.trim();
  const frameAncestors = framing ? framing.split(/\s+/) : ["'none'"];
  // A preview framed by the Visual Editor talks to it (its bridge).
  const connect = frameAncestors.filter((source) => /^https?:/.test(source));
  return { 'Content-Security-Policy': pagePolicy({ nonce, sources, frameAncestors, connect }) };
}
