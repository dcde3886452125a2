/**
 * What the server alone writes into <head>, after what the React tree puts there (the charset, the
 * viewport, preloads, the page's title and description), around the inlined stylesheet: the icons,
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
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaticHandlerContext } from 'react-router';
import type { RootData, RouteDataMap, RouteId, SiteInfo } from '../../app/route-data.ts';
import { isSettled, keep } from '../../content/settled.ts';
import { BRAND_COLORS } from '../../widgets/brand-colors.ts';
import { PAGE_HEAD_ATTRIBUTE } from '../../shared/page-head.ts';
import { SITE_ICONS, WEB_MANIFEST_PATH } from './site-files.ts';
import { socialCardTags } from './social-card.ts';
import { pageStructuredData } from './structured-data.ts';

const pageSpecific = { [PAGE_HEAD_ATTRIBUTE]: '' };

/**
 * What a page's card and JSON-LD are built from besides the site and its address, by route, where
 * that is settled content (src/content/settled.ts) and plain values: an article alone; home's
 * story, its page of cards and the layout (the organization's profiles).
 */
const INPUTS: { [Id in RouteId]?: (data: RouteDataMap[Id], root: RootData) => readonly unknown[] } = {
  article: ({ article }) => [article],
  page: ({ page }) => [page],
  home: ({ page, articles }, root) => [
    page,
    root.layout,
    articles.page,
    articles.perPage,
    ...articles.stories,
  ],
};

/** The inputs a page's parts are built from, or null when not all of them are settled. */
function inputsOf(context: StaticHandlerContext, root: RootData): readonly unknown[] | null {
  const leaf = context.matches.at(-1)?.route.id as RouteId | undefined;
  if (context.statusCode !== 200 || context.errors || leaf === undefined) return null;
  const inputs = INPUTS[leaf] as ((data: unknown, root: RootData) => readonly unknown[]) | undefined;
  const data = context.loaderData[leaf] as unknown;
  const found = inputs && data !== undefined ? inputs(data, root) : null;
  const settled = (input: unknown) => typeof input !== 'object' || input === null || isSettled(input);
  return found?.every(settled) ? found : null;
}

/** The icons, the manifest and the theme colour: the same on every page. */
const SITE_HEAD = (
  <>
    <meta name="theme-color" content={BRAND_COLORS.ink} />
    <link rel="icon" href={SITE_ICONS.ico} sizes="32x32" />
    <link rel="icon" href={SITE_ICONS.svg} type="image/svg+xml" />
    <link rel="apple-touch-icon" href={SITE_ICONS.appleTouch} />
    <link rel="manifest" href={WEB_MANIFEST_PATH} />
  </>
);

/** What a page's head gets from the server, as HTML: the two places it goes (src/app/document.tsx). */
export type PageHeadHtml = {
  /** The icons, the manifest, the theme colour and the page's social card: before the stylesheet. */
  head: string;
  /** Its JSON-LD, if any: after the stylesheet, beside the body it describes. */
  end: string;
};

function pageHeadHtml(context: StaticHandlerContext, site: SiteInfo | undefined): PageHeadHtml {
  const jsonLd = pageStructuredData(context);
  return {
    head: renderToStaticMarkup(
      <>
        {SITE_HEAD}
        {site
          ? socialCardTags(context, site).map(([attribute, name, content]) => (
              <meta
                key={`${name} ${content}`}
                {...{ [attribute]: name }}
                content={content}
                {...pageSpecific}
              />
            ))
          : null}
      </>,
    ),
    end: jsonLd
      ? renderToStaticMarkup(
          <script
            type="application/ld+json"
            {...pageSpecific}
            dangerouslySetInnerHTML={{ __html: jsonLd }}
          />,
        )
      : '',
  };
}

/**
 * The server's part of a rendered page's <head>, as HTML the edge writes as it is (`ServerHtml`).
 * For an article, an editorial page or home it is the same on every request until their content
 * changes (new objects), so it is rendered once per version and kept with it (`keep`,
 * src/content/settled.ts), per site and address: its URLs, graph, JSON and elements were a tenth
 * of an article's server render, written by React element by element.
 *
 * The social card comes before the 68 KB stylesheet, in the first few kilobytes: some unfurlers
 * read no further (Slack's asks for the first 32 KB). The JSON-LD comes after it, next to the body
 * it repeats names and addresses of, where compression finds them (gzip looks 32 KB back).
 */
export function pageHead(context: StaticHandlerContext): PageHeadHtml {
  const root = context.loaderData.root as RootData | undefined;
  const site = root?.site;
  const inputs = root && site ? inputsOf(context, root) : null;
  if (!site || !inputs) return pageHeadHtml(context, site);
  const { pathname, search } = context.location;
  return keep('page head', [...inputs, site.name, site.baseUrl, site.draft, `${pathname}${search}`], () =>
    pageHeadHtml(context, site),
  );
}
