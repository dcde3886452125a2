/** Each page's title, description, canonical and social tags (hoisted by React 19). */
import { useLocation } from 'react-router';
import type { Image } from '../../content/types.ts';
import { RSS_TYPE } from '../../shared/feeds.ts';
import { useSite } from '../site.ts';

export type SeoProps = {
  /** Page title without the site name; omitted on the home page (site.defaultTitle is used). */
  title?: string | null;
  description?: string | null;
  noindex?: boolean;
  /** Social preview image (og:image). */
  image?: Image | null;
  /** The page's RSS feed (autodiscovery): its path (src/shared/feeds.ts) and title (the site name is added). */
  feed?: { path: string; title: string } | null;
};

/**
 * Document metadata through React 19's hoisting of `<title>`, `<meta>` and `<link>`: every page
 * renders exactly one of these, so the head always matches the route on server and client.
 */
export function Seo({ title, description, noindex = false, image, feed }: SeoProps) {
  const site = useSite();
  const { pathname, search } = useLocation();
  const fullTitle = withSiteName(title?.trim() ?? '', site.name) || site.defaultTitle;
  const fullDescription = description?.trim() || site.defaultDescription;
  const canonical = site.baseUrl ? `${site.baseUrl}${canonicalPath(pathname, search)}` : null;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={fullDescription} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={fullDescription} />
      {image ? <meta property="og:image" content={image.src} /> : null}
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {noindex || site.draft ? <meta name="robots" content="noindex" /> : null}
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

/** The path plus `?page=N` when N > 1: other query parameters (tracking, preview) never count. */
function canonicalPath(pathname: string, search: string): string {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? `${pathname}?page=${page}` : pathname;
}
