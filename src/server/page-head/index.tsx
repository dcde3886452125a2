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
import type { RootData, RouteDataMap, RouteId, SiteInfo } from '../../app/route-data.ts';
import { isSettled } from '../../content/settled.ts';
import { BRAND_COLORS } from '../../widgets/brand-colors.ts';
import { PAGE_HEAD_ATTRIBUTE } from '../../shared/page-head.ts';
import { SITE_ICONS, WEB_MANIFEST_PATH } from './site-files.ts';
import { socialCardTags, type MetaTag } from './social-card.ts';
import { pageStructuredData } from './structured-data.ts';

const pageSpecific = { [PAGE_HEAD_ATTRIBUTE]: '' };

type PageParts = { tags: MetaTag[]; jsonLd: string | null };

/**
 * Pages built from one piece of settled content (src/content/settled.ts), by route: an article's
 * card and JSON-LD are its own and the site's, nothing else of the request's.
 */
const SUBJECTS: { [Id in RouteId]?: (data: RouteDataMap[Id]) => object } = {
  article: ({ article }) => article,
  page: ({ page }) => page,
};

/** The settled object a page's parts are built from, or null when they are built from more. */
function subjectOf(context: StaticHandlerContext): object | null {
  const leaf = context.matches.at(-1)?.route.id as RouteId | undefined;
  if (context.statusCode !== 200 || context.errors || leaf === undefined) return null;
  const subject = SUBJECTS[leaf] as ((data: unknown) => object) | undefined;
  const data = context.loaderData[leaf] as unknown;
  const found = subject && data !== undefined ? subject(data) : null;
  return found && isSettled(found) ? found : null;
}

/** Parts kept per subject, by site and URL; a subject seen under more URLs than this starts over. */
const MAX_PARTS_PER_SUBJECT = 8;
const keptParts = new WeakMap<object, Map<string, PageParts>>();

/**
 * The page's social card and JSON-LD. For an article or an editorial page they are the same on
 * every request until its content changes (a new object), so they are built once per version and
 * kept with it (a tenth of an article's server render otherwise: URLs, a graph and its JSON).
 */
function pageParts(context: StaticHandlerContext, site: SiteInfo | undefined): PageParts {
  const build = () => ({
    tags: site ? socialCardTags(context, site) : [],
    jsonLd: pageStructuredData(context),
  });
  const subject = site ? subjectOf(context) : null;
  if (!site || !subject) return build();
  const { pathname, search } = context.location;
  const key = `${site.name}\n${site.baseUrl}\n${site.draft}\n${pathname}${search}`;
  let byKey = keptParts.get(subject);
  if (!byKey) keptParts.set(subject, (byKey = new Map<string, PageParts>()));
  let parts = byKey.get(key);
  if (!parts) {
    if (byKey.size >= MAX_PARTS_PER_SUBJECT) byKey.clear();
    byKey.set(key, (parts = build()));
  }
  return parts;
}

/** The server's part of a rendered page's <head>. */
export function PageHead({ context }: { context: StaticHandlerContext }) {
  const site = (context.loaderData.root as RootData | undefined)?.site;
  const { tags, jsonLd } = pageParts(context, site);
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
