/** The HTML document shell: head, the inlined stylesheet, font preloads and the body the router renders into. */
import type { ReactNode } from 'react';
import type { DocumentAssets } from '../shared/payload.ts';
import { SiteNameContext } from './site.ts';

/**
 * The HTML document, rendered by React on the server and hydrated as a whole in the browser.
 * Titles and meta descriptions rendered by pages are hoisted into <head> by React 19.
 *
 * `head` and `headEnd` are the server's own part of <head> (icons, the manifest, the theme colour
 * and the page's social card before the stylesheet, its JSON-LD after: src/server/page-head). The
 * browser renders the document without them; React's hydration of <head> steps over elements its
 * tree does not have, so they stay as sent.
 * `inlineCss` is the same: the whole stylesheet, inlined by the server (no render-blocking request);
 * it stays in <head> for the document's life, so client navigations keep every style.
 */
export function Document({
  assets,
  siteName,
  head,
  headEnd,
  inlineCss,
  children,
}: {
  assets: DocumentAssets;
  siteName: string;
  /** Server only: the stylesheet's text (the build's manifest). */
  inlineCss?: string | undefined;
  /** Server only: what src/server/page-head writes into <head> before the stylesheet. */
  head?: ReactNode;
  /** Server only: what it writes at the end of <head>. */
  headEnd?: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
        {inlineCss ? <style dangerouslySetInnerHTML={{ __html: inlineCss }} /> : null}
        {assets.fonts?.map((href) => (
          // The fonts of the first screen's headings and nav (font-display: optional: src/styles/fonts.css).
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="" />
        ))}
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* No modulepreload here: the page's modules are fetched after its first paint
            (src/server/render.server.tsx, startAfterFirstPaint). */}
        {headEnd}
      </head>
      <body>
        <SiteNameContext value={siteName}>{children}</SiteNameContext>
      </body>
    </html>
  );
}
