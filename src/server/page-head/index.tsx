/**
 * What the server alone writes into <head>, after what the React tree renders there: the icons,
 * the manifest and the theme colour (the same on every page, read once by the browser), the
 * page's social card (social-card.ts) and its JSON-LD (structured-data.ts).
 *
 * The browser renders the document without these (src/app/document.tsx takes them as `head`, on
 * the server only): inside <head>, React's hydration steps over elements its own tree does not
 * have, so they stay as sent, with no mismatch, and none of the code that builds them ships to the
 * browser. The page-specific ones carry `data-page-head`: after a client navigation they would
 * describe the previous page, and the browser drops them (src/client/page-head.ts). Crawlers and
 * social networks read each URL's own server HTML.
 */
import type { StaticHandlerContext } from 'react-router';
import type { RootData } from '../../app/route-data.ts';
import { BRAND_COLORS } from '../../widgets/brand-colors.ts';
import { PAGE_HEAD_ATTRIBUTE } from '../../shared/page-head.ts';
import { SITE_ICONS, WEB_MANIFEST_PATH } from './site-files.ts';
import { socialCardTags } from './social-card.ts';
import { pageStructuredData } from './structured-data.ts';

const pageSpecific = { [PAGE_HEAD_ATTRIBUTE]: '' };

/** The server's part of a rendered page's <head>. */
export function PageHead({ context }: { context: StaticHandlerContext }) {
  const site = (context.loaderData.root as RootData | undefined)?.site;
  const tags = site ? socialCardTags(context, site) : [];
  const jsonLd = pageStructuredData(context);
  return (
    <>
      <meta name="theme-color" content={BRAND_COLORS.ink} />
      <link rel="icon" href={SITE_ICONS.ico} sizes="32x32" />
      <link rel="icon" href={SITE_ICONS.svg} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={SITE_ICONS.appleTouch} />
      <link rel="manifest" href={WEB_MANIFEST_PATH} />
      {tags.map(([attribute, name, content]) => (
        <meta key={`${name} ${content}`} {...{ [attribute]: name }} content={content} {...pageSpecific} />
      ))}
      {jsonLd ? (
        <script type="application/ld+json" {...pageSpecific} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      ) : null}
    </>
  );
}
