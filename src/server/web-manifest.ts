/**
 * `/manifest.webmanifest`: the web app manifest, answered by the render handler because its name
 * is configuration (SITE_NAME, read at the edge like every page's), not a file a build could bake
 * for every environment. Colours are the design tokens; the icons are public/ files
 * (scripts/generate-icons.mjs).
 */
import { SITE_ICONS } from './page-head/site-files.ts';
import { BRAND_COLORS } from '../widgets/brand-colors.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'minimal-ui';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: 'any' | 'maskable' }[];
};

/** Launchers cut a short name past about 12 characters: a longer site name keeps its first word. */
const SHORT_NAME_MAX = 12;

/** The manifest for the configured site name and description. */
export function webManifest(siteName: string, description: string): WebManifest {
  const shortName = siteName.length <= SHORT_NAME_MAX ? siteName : (siteName.split(/\s+/)[0] ?? siteName);
  return {
    id: '/',
    name: siteName,
    short_name: shortName.slice(0, SHORT_NAME_MAX),
    description,
    lang: 'en',
    start_url: '/',
    scope: '/',
    // A reading site: the browser's own back button and address stay (no standalone app shell).
    display: 'minimal-ui',
    theme_color: BRAND_COLORS.ink,
    background_color: BRAND_COLORS.paper,
    icons: [
      { src: SITE_ICONS.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: SITE_ICONS.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: SITE_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: SITE_ICONS.svg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/**
 * The manifest's answer. The browser revalidates like a page; the CDN keeps it a day and a week
 * stale: it changes only with configuration, and a change of configuration is a deploy, which
 * empties Netlify's cache.
 */
export function webManifestResponse(request: Request, siteName: string, description: string): Response {
  const body = request.method === 'HEAD' ? null : JSON.stringify(webManifest(siteName, description));
  return new Response(body, {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': 'public, s-maxage=86400, stale-while-revalidate=604800',
      ...SECURITY_HEADERS,
    },
  });
}
