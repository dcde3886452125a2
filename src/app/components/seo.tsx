/** Each page's title, description, canonical URL, pagination links and Open Graph title (hoisted by React 19). */
import { useLocation } from 'react-router';
import type { Paginated } from '../../content/types.ts';
import { RSS_TYPE } from '../../shared/feeds.ts';
import { canonicalPath, pagePath } from '../page-url.ts';
import { useSite } from '../site.ts';

export type SeoProps = {
  /** Page title without the site name; omitted on the home page (site.defaultTitle is used). */
  title?: string | null;
  description?: string | null;
  noindex?: boolean;
  /** The page's RSS feed (autodiscovery): its path (src/shared/feeds.ts) and title (the site name is added). */
  feed?: { path: string; title: string } | null;
  /** A paginated listing: rel=prev/next between its `?page=N` URLs. */
  pagination?: Pick<Paginated<unknown>, 'page' | 'perPage' | 'total'> | null;
};

/**
 * Document metadata through React 19's hoisting of `<title>`, `<meta>` and `<link>`: every page
 * renders exactly one of these, so the head always matches the route on server and client. URLs
 * are absolute on the configured origin (never the request's); a noindex page (404, errors,
 * preview) names no canonical URL, since it has none to give. The social card (og:image, og:type,
 * article:*, twitter:card) is the server's alone: src/server/page-head.
 */
export function Seo({ title, description, noindex = false, feed, pagination }: SeoProps) {
  const site = useSite();
  const { pathname, search } = useLocation();
  const fullTitle = withSiteName(title?.trim() ?? '', site.name) || site.defaultTitle;
  const fullDescription = description?.trim() || site.defaultDescription;
  const hidden = noindex || site.draft;
  const canonical = site.baseUrl && !hidden ? `${site.baseUrl}${canonicalPath(pathname, search)}` : null;
  const last = pagination ? Math.ceil(pagination.total / Math.max(1, pagination.perPage)) : 0;
  const at = (page: number) => `${site.baseUrl}${pagePath(pathname, page)}`;
  const prev = canonical && pagination && pagination.page > 1 ? at(pagination.page - 1) : null;
  const next = canonical && pagination && pagination.page < last ? at(pagination.page + 1) : null;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={fullDescription} />
      {hidden ? <meta name="robots" content="noindex" /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {prev ? <link rel="prev" href={prev} /> : null}
      {next ? <link rel="next" href={next} /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={fullDescription} />
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={fullDescription} />
      {feed ? (
        <link
          rel="alternate"
          type={RSS_TYPE}
          title={withSiteName(feed.title, site.name)}
          href={`${site.baseUrl}${feed.path}`}
        />
      ) : null}
    </>
  );
}

/** "Jab" → "Jab | Roundhouse"; a CMS title that already ends with the site name is kept as is. */
function withSiteName(title: string, siteName: string): string {
  if (!title) return '';
  return title.toLowerCase().endsWith(siteName.toLowerCase()) ? title : `${title} | ${siteName}`;
}
