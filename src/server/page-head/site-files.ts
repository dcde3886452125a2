/** The site's icon files in public/ (rendered by scripts/generate-icons.mjs) and its web app manifest. */

export const SITE_ICONS = {
  svg: '/favicon.svg',
  ico: '/favicon.ico',
  appleTouch: '/apple-touch-icon.png',
  icon192: '/icons/icon-192.png',
  icon512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  /** 1200×630: the social card of a page without a large enough image of its own. */
  share: '/icons/share.png',
} as const;

/** The web app manifest, answered by the render handler (its name is SITE_NAME, configuration). */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
