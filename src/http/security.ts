/**
 * The security headers every answer carries (pages, payloads, redirects, functions, the local
 * tools; netlify.toml gives static files the same), and the Content-Security-Policy of answers that
 * are not pages: nothing may run, load or frame them. Pages get their own policy
 * (src/server/content-security-policy.ts). Imports nothing.
 */

/** Features no page of the site uses: off for it and for anything it embeds. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** JSON, redirects, plain text: no script, no style, no frame, no form. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A static HTML answer (a short notice, the last-resort error page): its inline styles, nothing else. */
export const STATIC_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const BASE_SECURITY_HEADERS = {
  // Two years, subdomains too, and ready for the browsers' preload list (HTTPS only: ignored on http://localhost).
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // No Cross-Origin-Opener-Policy: in a new tab it makes a page wait for a renderer of its own
  // before its first paint; drafts alone carry it (README, Security headers).
  // No site may frame the site (clickjacking); preview answers alone let the Visual Editor in.
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': NON_PAGE_CSP,
} as const;
