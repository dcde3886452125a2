/**
 * What crawlers and feed readers fetch beside the pages: `/robots.txt`, `/sitemap.xml` (with its
 * shards under `/sitemaps/` once the site outgrows one document) and the RSS feeds. The render
 * handler asks here first, before the React router. Always published content (never drafts, even
 * for a preview session), cached like pages and tagged so the content webhook's purges reach them.
 */
import type { ContentApi } from '../../content/api.ts';
import { ContentError } from '../../content/errors.ts';
import { FEED_FILE, feedPath, RSS_TYPE, type FeedKind } from '../../shared/feeds.ts';
import { publicAnswerHeaders } from '../cache-headers.ts';
import { REDIRECT_CACHE_HEADERS, SECURITY_HEADERS } from '../security-headers.ts';
import { FEED_ITEMS, rssFeed, type FeedChannel } from './feed.ts';
import { ROBOTS_PATH, robotsTxt } from './robots.ts';
import { ENTRY_PAGE_SIZE, planSitemap, streamUrlset } from './plan.ts';
import { DEFAULT_SITEMAP_URLS } from '../../config/env.ts';
import { SHARD_PATTERN, SITEMAP_PATH, sitemapIndex, urlsPerDocument, type ShardKind } from './sitemap.ts';

export type DiscoveryOptions = {
  /** Published content (the handler's `contentFor('published')`). */
  content: () => ContentApi;
  /** The public origin; without one there are no absolute URLs, so no sitemap and no feeds (404). */
  baseUrl: string;
  siteName: string;
  /** The site's default description (a feed's channel without one of its own). */
  defaultDescription: string;
  /** URLs per sitemap document before `/sitemap.xml` becomes an index (default 1,000, at most 50,000). */
  sitemapUrls?: number;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
};

/** Tags of everything a sitemap lists: any story kind's publish purges it. */
export const SITEMAP_TAGS = ['layout', 'categories', 'topics', 'articles', 'authors', 'pages'] as const;
/** Tags of a feed: its items (articles), their categories and topics, the nav-wide purge. */
export const FEED_TAGS = ['layout', 'categories', 'topics', 'articles', 'authors'] as const;
/** robots.txt changes only with a deploy (which empties the CDN); `layout` purges it with the site. */
export const ROBOTS_TAGS = ['layout'] as const;

/** Seconds a client should wait before asking again while the CMS is down (as for pages). */
const OUTAGE_RETRY_AFTER_SECONDS = 30;
/** A slug as the routes take it (src/app/routes/loader-kit.server.ts). */
const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;
const FEED_PATTERN = /^\/(?:(c|t|author)\/([^/]+)\/)?feed\.xml$/;
const KINDS = { c: 'category', t: 'topic', author: 'author' } as const;

type Answer = {
  status: number;
  body: BodyInit | null;
  type: string;
  tags: readonly string[];
  lists: boolean;
};

/** Is this path one of ours (the handler then asks `answer`)? */
export function isDiscoveryPath(pathname: string): boolean {
  return (
    pathname === ROBOTS_PATH ||
    pathname === SITEMAP_PATH ||
    SHARD_PATTERN.test(pathname) ||
    FEED_PATTERN.test(pathname)
  );
}

const notFound = (tags: readonly string[], what: string): Answer => ({
  status: 404,
  body: `This ${what} could not be found.\n`,
  type: 'text/plain; charset=utf-8',
  tags,
  lists: false,
});

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * URLs per sitemap document: as asked (at most the protocol's 50,000 and what 50 MB holds on this
 * origin), in whole content pages above one page (a shard is a run of pages of the same query).
 */
export function documentSize(requested: number, baseUrl: string): number {
  const size = urlsPerDocument(Math.max(1, Math.floor(requested)), baseUrl);
  return size > ENTRY_PAGE_SIZE ? size - (size % ENTRY_PAGE_SIZE) : size;
}

/** Builds the handler of robots.txt, the sitemap and the feeds. */
export function createDiscovery(options: DiscoveryOptions) {
  const { baseUrl } = options;
  const perDocument = documentSize(options.sitemapUrls ?? DEFAULT_SITEMAP_URLS, baseUrl);
  /** A shard's articles are whole content pages: `perPage` divides the shard's size. */
  const shardPerPage = Math.min(perDocument, ENTRY_PAGE_SIZE);
  const pagesPerShard = perDocument / shardPerPage;

  async function sitemap(content: ContentApi): Promise<Answer> {
    const plan = await planSitemap(content, { perDocument, firstArticlePage: 1, perPage: ENTRY_PAGE_SIZE });
    const body = plan.index
      ? sitemapIndex(plan.shards, baseUrl)
      : streamUrlset({
          content,
          baseUrl,
          pages: plan.pages,
          articles: { from: 1, to: plan.articlePages, perPage: ENTRY_PAGE_SIZE, first: plan.first },
        });
    return { status: 200, body, type: XML_TYPE, tags: SITEMAP_TAGS, lists: true };
  }

  async function shard(content: ContentApi, kind: ShardKind, n: number): Promise<Answer> {
    const from = kind === 'articles' ? (n - 1) * pagesPerShard + 1 : 1;
    const plan = await planSitemap(content, { perDocument, firstArticlePage: from, perPage: shardPerPage });
    if (!plan.index || n > (kind === 'articles' ? plan.articleShards : plan.pageShards))
      return notFound(SITEMAP_TAGS, 'sitemap');
    const articles =
      kind === 'articles'
        ? { from, to: Math.min(from + pagesPerShard - 1, plan.articlePages), perPage: shardPerPage }
        : { from: 1, to: 0, perPage: shardPerPage };
    const pages = kind === 'pages' ? plan.pages.slice((n - 1) * perDocument, n * perDocument) : [];
    const body = streamUrlset({ content, baseUrl, pages, articles: { ...articles, first: plan.first } });
    return { status: 200, body, type: XML_TYPE, tags: SITEMAP_TAGS, lists: true };
  }

  async function feed(content: ContentApi, kind: FeedKind, slug?: string): Promise<Answer> {
    const found = await feedData(content, kind, slug);
    if (!found) return notFound(FEED_TAGS, 'feed');
    const { channel, uuid, articles } = found;
    const body = rssFeed(channel, articles, baseUrl);
    const tags = [...FEED_TAGS, ...(uuid ? [uuid] : []), ...articles.map((a) => a.uuid)];
    return { status: 200, body, type: `${RSS_TYPE}; charset=utf-8`, tags, lists: true };
  }

  async function feedData(content: ContentApi, kind: FeedKind, slug?: string) {
    const latest = { perPage: FEED_ITEMS };
    const name = options.siteName;
    const description = (own: string | null | undefined) => own?.trim() || options.defaultDescription;
    if (kind === 'site') {
      const articles = (await content.getArticles(latest)).stories;
      const channel = { title: `Latest stories | ${name}`, path: '/', description: description(null) };
      return { channel: { ...channel, feedPath: feedPath('site') }, uuid: null, articles };
    }
    if (slug === undefined || !SLUG.test(slug)) return null;
    const owner =
      kind === 'category'
        ? await content.getCategory(slug)
        : kind === 'topic'
          ? await content.getTopic(slug)
          : await content.getAuthor(slug);
    if (!owner) return null;
    const query =
      kind === 'category'
        ? { categories: [owner.uuid] }
        : kind === 'topic'
          ? { topics: [owner.uuid] }
          : { writtenOrContributedBy: owner.uuid };
    const articles = (await content.getArticles({ ...query, ...latest })).stories;
    const title = kind === 'author' ? `Stories by ${owner.name}` : `${owner.name} stories`;
    const own = 'bio' in owner ? owner.bio : owner.description;
    const channel: FeedChannel = {
      title: `${title} | ${name}`,
      path: owner.route,
      feedPath: feedPath(kind, owner.slug),
      description: description(owner.meta.description ?? own),
    };
    return { channel, uuid: owner.uuid, articles };
  }

  /** The answer for a discovery path, before headers. */
  async function route(pathname: string): Promise<Answer> {
    if (pathname === ROBOTS_PATH)
      return {
        status: 200,
        body: robotsTxt(baseUrl),
        type: 'text/plain; charset=utf-8',
        tags: ROBOTS_TAGS,
        lists: false,
      };
    const what = pathname.endsWith(`/${FEED_FILE}`) ? 'feed' : 'sitemap';
    // Absolute URLs need the public origin: without one there is nothing to list.
    if (!baseUrl) return notFound(what === 'feed' ? FEED_TAGS : SITEMAP_TAGS, what);
    const content = options.content();
    if (pathname === SITEMAP_PATH) return sitemap(content);
    const shardMatch = SHARD_PATTERN.exec(pathname);
    if (shardMatch) return shard(content, shardMatch[1] as ShardKind, Number(shardMatch[2]));
    const feedMatch = FEED_PATTERN.exec(pathname);
    const prefix = feedMatch?.[1] as keyof typeof KINDS | undefined;
    return feed(content, prefix ? KINDS[prefix] : 'site', feedMatch?.[2]);
  }

  /** The response to a GET or HEAD of a discovery path (`isDiscoveryPath`). */
  return async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // Nothing here paginates: `?page=` is dropped (as on pages that do not), so it keys no cache entry.
    if (url.searchParams.has('page')) {
      url.searchParams.delete('page');
      const location = `${url.pathname}${url.search}`;
      return new Response(null, {
        status: 301,
        headers: { Location: location, ...REDIRECT_CACHE_HEADERS, ...SECURITY_HEADERS },
      });
    }
    try {
      const found = await route(url.pathname);
      const nextAt =
        found.lists && found.status === 200
          ? await options
              .content()
              .nextScheduleAt()
              .catch(() => null)
          : null;
      const cache = publicAnswerHeaders(found.status, found.tags, {
        listsArticles: found.lists,
        nextAt,
        now: options.now(),
      });
      if (request.method === 'HEAD' && found.body instanceof ReadableStream) await found.body.cancel();
      return new Response(request.method === 'HEAD' ? null : found.body, {
        status: found.status,
        headers: { ...cache, 'Content-Type': found.type, ...SECURITY_HEADERS },
      });
    } catch (error) {
      const outage =
        error instanceof ContentError && (error.status === 0 || error.status === 429 || error.status >= 500);
      if (!outage) options.logError(`render ${url.pathname}`, error);
      return new Response(outage ? 'The content service is unavailable.\n' : 'Internal Server Error\n', {
        status: outage ? 503 : 500,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          ...(outage ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } : {}),
          ...SECURITY_HEADERS,
        },
      });
    }
  };
}
