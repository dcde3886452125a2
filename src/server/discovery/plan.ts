/**
 * What the sitemap lists and how it is cut: every public page that is not an article (home, the
 * index pages, categories with their listings, topics, authors, editorial pages) is known up front;
 * articles are counted by one request and read page by page (100 a request, the API's most) while
 * the document streams, so memory stays at a page and the first bytes leave before the last
 * request. Past one document's worth of URLs, `/sitemap.xml` is an index of shards: the pages, then
 * the articles in their stable order, each shard a run of whole content pages.
 */
import type { ContentApi, SitemapEntry } from '../../content/api.ts';
import { latest, shardPath, URLSET_CLOSE, URLSET_OPEN, urlEntries, isListablePath } from './sitemap.ts';

/** The content API's largest page. */
export const ENTRY_PAGE_SIZE = 100;

export type ArticlePage = { page: number; entries: SitemapEntry[]; total: number };

export type SitemapPlan = {
  /** More URLs than one document holds: `/sitemap.xml` is an index. */
  index: boolean;
  /** Every page that is not an article, listable and once each, in order. */
  pages: SitemapEntry[];
  /** The article page fetched while planning, and the count of visible articles. */
  first: ArticlePage;
  /** How many content pages of `perPage` the articles fill. */
  articlePages: number;
  pageShards: number;
  articleShards: number;
  /** The index's shard paths, pages first. */
  shards: string[];
};

const under = (prefix: string, entries: SitemapEntry[]) =>
  latest(entries.filter((e) => e.path.startsWith(prefix)).map((e) => e.lastModified));

/**
 * Reads what the sitemap needs to decide its shape: the non-article pages (each from a request the
 * pages themselves make, so the content client's cache usually answers) and one page of articles.
 */
export async function planSitemap(
  content: ContentApi,
  options: { perDocument: number; firstArticlePage: number; perPage: number },
): Promise<SitemapPlan> {
  const { perDocument, firstArticlePage, perPage } = options;
  const [taxonomy, editorial, home, newest, articles] = await Promise.all([
    content.getTaxonomyEntries(),
    content.getPages(),
    content.getPage('home'),
    content.getArticles(),
    content.getArticleEntries(firstArticlePage, perPage),
  ]);
  // Home and the HTML sitemap show the newest stories: they change when one does.
  const homeModified = latest([home?.publishedAt ?? null, ...newest.stories.map((a) => a.publishedAt)]);
  const candidates: SitemapEntry[] = [
    { path: '/', lastModified: homeModified },
    { path: '/c', lastModified: under('/c/', taxonomy) },
    { path: '/t', lastModified: under('/t/', taxonomy) },
    { path: '/author', lastModified: under('/author/', taxonomy) },
    { path: '/sitemap', lastModified: homeModified },
    ...taxonomy,
    ...editorial.map((page) => ({ path: page.path, lastModified: page.publishedAt })),
  ];
  const seen = new Set<string>();
  const pages = candidates.filter((entry) => {
    if (!isListablePath(entry.path) || seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
  const { total } = articles;
  const index = pages.length + total > perDocument;
  const pageShards = Math.ceil(pages.length / perDocument);
  const articleShards = Math.ceil(total / perDocument);
  const shards = [
    ...Array.from({ length: pageShards }, (_, i) => shardPath('pages', i + 1)),
    ...Array.from({ length: articleShards }, (_, i) => shardPath('articles', i + 1)),
  ];
  return {
    index,
    pages,
    first: { page: firstArticlePage, ...articles },
    articlePages: Math.ceil(total / perPage),
    pageShards,
    articleShards,
    shards,
  };
}

export type UrlsetInput = {
  content: ContentApi;
  baseUrl: string;
  /** Entries written first (the non-article pages, or none). */
  pages: SitemapEntry[];
  /** Article pages `from`..`to` of `perPage` (none when `from > to`); `first` if already fetched. */
  articles: { from: number; to: number; perPage: number; first: ArticlePage | null };
};

/**
 * A `<urlset>` streamed as it is read: the pages, then each article page, fetching the next one
 * while the current one is written. A content failure midway errors the stream (a cut answer,
 * which no cache keeps) instead of closing it as a sitemap that silently lacks articles.
 */
export function streamUrlset(input: UrlsetInput): ReadableStream<Uint8Array> {
  const { content, baseUrl, pages } = input;
  const { from, to, perPage, first } = input.articles;
  const fetchPage = (page: number): Promise<ArticlePage> =>
    first && first.page === page
      ? Promise.resolve(first)
      : content.getArticleEntries(page, perPage).then((res) => ({ page, ...res }));
  async function* chunks(): AsyncGenerator<string> {
    const seen = new Set<string>();
    yield URLSET_OPEN + urlEntries(pages, baseUrl, seen);
    let pending: Promise<ArticlePage> | null = from <= to ? fetchPage(from) : null;
    for (let page = from; pending; page++) {
      const current: ArticlePage = await pending;
      pending = page < to ? fetchPage(page + 1) : null;
      // Handled here too: a reader that goes away must not leave a rejection unobserved.
      pending?.catch(() => undefined);
      yield urlEntries(current.entries, baseUrl, seen);
    }
    yield URLSET_CLOSE;
  }
  const encoder = new TextEncoder();
  const iterator = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
