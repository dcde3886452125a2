/** The HTML document shell: head, stylesheets, preloads and the body the router renders into. */
import type { ReactNode } from 'react';
import type { Assets } from '../shared/payload.ts';
import { SiteNameContext } from './site.ts';

/**
 * The HTML document, rendered by React on the server and hydrated as a whole in the browser.
 * Titles and meta descriptions rendered by pages are hoisted into <head> by React 19.
 */
export function Document({
  assets,
  siteName,
  children,
}: {
  assets: Assets;
  siteName: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16181d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <SiteNameContext value={siteName}>{children}</SiteNameContext>
      </body>
    </html>
  );
}
