/**
 * `ContentApi` over storyblok-js-client: the queries of spec §7, zod at the boundary, typed
 * errors. Runs at the edge (Deno): no Node APIs, configuration is passed in.
 */
import { z } from 'zod';
import type { ContentApi, SitemapEntry } from './api.ts';
import {
  createStoryblokClient,
  type StoryblokClientInstance,
  type StoryblokClientOptions,
} from './client.server.ts';
import { ContentNotFoundError, ContentUpstreamError, toContentError } from './errors.ts';
import {
  isScheduleVisible,
  normalizeSchedule,
  toArticle,
  toArticleSummary,
  scheduleTime,
} from './map/article.ts';
import { toAuthor } from './map/author.ts';
import { toArticleRef } from './map/article-entry.ts';
import { defaultMapContext, fullSlugOf, type MapContext, type Warn } from './map/common.ts';
import { EMPTY_LAYOUT, toLayout } from './map/layout.ts';
import { toPage, toPageSummary } from './map/page.ts';
import { HOME_PAGE_SLUG } from '../shared/editorial-pages.ts';
import { toCategory, toTopic } from './map/taxonomy.ts';
import * as q from './queries.ts';
import type { ArticleSummary, ContentVersion, Paginated } from './types.ts';
import { settle } from './settled.ts';

/** The part of the client the service uses (a narrower type keeps tests honest). */
export type ContentClient = Pick<StoryblokClientInstance, 'getStory' | 'getStories' | 'getAll'>;

export type ContentApiOptions = ({ client: ContentClient } | { config: StoryblokClientOptions }) & {
  version: ContentVersion;
  now: () => Date;
  /** Where invalid stories are reported; defaults to console.warn. */
  log?: Warn;
  /** Public origin of the site, so rich-text links to it are treated as internal. */
  siteOrigin?: string;
  /** The site's name (SITE_NAME), for default image alt text. */
  siteName?: string;
};

const storyResponse = z.object({ data: z.object({ story: z.unknown() }) });
const count = z.number().int().nonnegative().optional().catch(undefined);
const storiesResponse = z.object({
  data: z.object({ stories: z.array(z.unknown()) }),
  perPage: count,
  total: count,
});
const storyList = z.array(z.unknown());
const scheduleProbe = z.object({ content: z.object({ schedule: z.unknown() }) });
const publishedProbe = z.object({ published_at: z.string().nullable().optional().catch(null) });
/** A story's last publish (ISO 8601), read beside its mapping (domain types carry no dates). */
const publishedAtOf = (raw: unknown) => publishedProbe.safeParse(raw).data?.published_at ?? null;

/** The normalised schedules of an upcoming-schedules answer, soonest first. */
function toSchedules(raw: unknown): string[] {
  return parseResponse(storiesResponse, raw).data.stories.flatMap(
    (story) => normalizeSchedule(scheduleProbe.safeParse(story).data?.content.schedule) ?? [],
  );
}

function parseResponse<S extends z.ZodTypeAny>(schema: S, res: unknown): z.infer<S> {
  const parsed = schema.safeParse(res);
  if (!parsed.success)
    throw new ContentUpstreamError('Content service sent a malformed response', 200, { cause: parsed.error });
  return parsed.data;
}

/** The checks of a story answer and of a page of stories, as mappers (`map` keeps their result). */
const checkedStory = (res: unknown) => parseResponse(storyResponse, res);
const checkedStories = (res: unknown) => parseResponse(storiesResponse, res);

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toContentError(error);
  }
}

/** Creates the content verbs for one content version (published, or draft for preview). */
// Long by design: the content verbs close over one client, version and mapping cache; each verb is short.
export function createContentApi(opts: ContentApiOptions): ContentApi {
  const client = 'client' in opts ? opts.client : createStoryblokClient(opts.config);
  const { version, now } = opts;
  const ctx: MapContext = {
    warn: opts.log ?? defaultMapContext.warn,
    siteOrigin: opts.siteOrigin ?? null,
    siteName: opts.siteName ?? defaultMapContext.siteName,
    editable: version === 'draft',
  };
  const compact = <T>(items: (T | null)[]): T[] => items.filter((i): i is T => i !== null);

  /**
   * Mapped results per raw story object. On a hit, the client's memory cache hands back the very
   * objects it stored, so a cached story is validated and mapped once rather than on every request
   * (it was a third of a page's server time). Draft responses are never cached: they simply miss.
   */
  const mapped = new WeakMap<object, Map<unknown, unknown>>();
  function map<T>(raw: unknown, mapper: (raw: unknown, ctx: MapContext) => T): T {
    if (typeof raw !== 'object' || raw === null) return mapper(raw, ctx);
    let byMapper = mapped.get(raw);
    if (!byMapper) {
      byMapper = new Map();
      mapped.set(raw, byMapper);
    }
    if (byMapper.has(mapper)) return byMapper.get(mapper) as T;
    const result = settle(mapper(raw, ctx));
    byMapper.set(mapper, result);
    return result;
  }

  /** One story by path; null on 404. */
  async function story(path: string, params: Parameters<ContentClient['getStory']>[1]): Promise<unknown> {
    try {
      return map(await call(() => client.getStory(path, params)), checkedStory).data.story;
    } catch (error) {
      if (error instanceof ContentNotFoundError) return null;
      throw error;
    }
  }
  /** The schedule ("YYYY-MM-DD HH:mm") of the soonest article not visible yet; null: none, or drafts. */
  async function soonestSchedule(): Promise<string | null> {
    if (version !== 'published') return null;
    const at = now();
    // Listings and the cache bound both ask, per render: the cached answer is read once (`map`).
    const upcoming = map(await call(() => client.getStories(q.upcomingScheduleParams(at))), toSchedules);
    return upcoming.find((schedule) => !isScheduleVisible(schedule, at)) ?? null;
  }

  /**
   * The schedule filter's `lt_date` for listings. Any time from now up to the soonest schedule ahead
   * lists the same articles, so the latest of them (at most the end of the hour) keeps the request,
   * and the client's cache entry, the same until then, instead of changing every minute.
   */
  async function visibleBefore(): Promise<Date> {
    const at = now();
    if (version !== 'published') return at;
    const hourEnd = new Date(at);
    hourEnd.setUTCMinutes(60, 0, 0);
    const soonest = await soonestSchedule();
    return soonest !== null && scheduleTime(soonest) < hourEnd.getTime()
      ? new Date(scheduleTime(soonest))
      : hourEnd;
  }

  /** One page of article summaries; `keep` drops some from it (the page's counts stay the CDN's). */
  async function articlePage(
    params: Parameters<ContentClient['getStories']>[0],
    { page, perPage: asked }: q.ParsedArticleQuery,
    keep: (article: ArticleSummary) => boolean = () => true,
  ): Promise<Paginated<ArticleSummary>> {
    const res = map(await call(() => client.getStories(params)), checkedStories);
    const stories = compact(res.data.stories.map((s) => map(s, toArticleSummary))).filter(keep);
    const perPage = res.perPage ?? asked;
    // Without Total/Per-Page headers, assume this page is the last one.
    const total = res.total ?? (page - 1) * perPage + res.data.stories.length;
    return { stories, perPage, total, page, canFetchMore: total > perPage * page };
  }

  const all = async (params: Parameters<ContentClient['getAll']>[1]) =>
    parseResponse(storyList, await call(() => client.getAll('cdn/stories', params, 'stories')));

  return {
    version,

    async getLayout() {
      const raw = await story('global', { version });
      if (raw === null) ctx.warn('The global story is missing: using an empty layout');
      return (raw === null ? null : map(raw, toLayout)) ?? EMPTY_LAYOUT;
    },

    async getCategories() {
      return compact((await all(q.categoryListParams(version))).map((s) => map(s, toCategory)));
    },

    async getCategory(slug) {
      if (!q.isValidSlug(slug)) return null;
      const raw = await story(`categories/${slug}`, { version, resolve_relations: q.CATEGORY_RELATIONS });
      return raw === null ? null : map(raw, toCategory);
    },

    async getTopics() {
      return compact((await all(q.topicListParams(version))).map((s) => map(s, toTopic)));
    },

    async getTopic(slug) {
      if (!q.isValidSlug(slug)) return null;
      const raw = await story(`topics/${slug}`, { version, resolve_relations: q.TOPIC_RELATIONS });
      return raw === null ? null : map(raw, toTopic);
    },

    async getAuthors() {
      return compact((await all(q.authorListParams(version))).map((s) => map(s, toAuthor)));
    },

    async getAuthor(slug) {
      if (!q.isValidSlug(slug)) return null;
      const raw = await story(`authors/${slug}`, { version });
      return raw === null ? null : map(raw, toAuthor);
    },

    async getArticle(slug) {
      if (!q.isValidSlug(slug)) return null;
      const raw = await story(`blogs/${slug}`, q.articleParams(version));
      const article = raw === null ? null : map(raw, toArticle);
      if (article && version === 'published' && !isScheduleVisible(article.schedule, now())) return null;
      return article;
    },

    async getArticles(query) {
      const parsed = q.parseArticleQuery(query);
      const params = q.articleListParams(parsed, version, await visibleBefore());
      const excluded = new Set(parsed.excludeUuids ?? []);
      return articlePage(params, parsed, (a) => !excluded.has(a.uuid));
    },

    async getSitemapArticles(page) {
      const parsed = q.parseArticleQuery({ page, perPage: q.SITEMAP_PER_PAGE });
      return articlePage(q.sitemapArticleParams(parsed, version, await visibleBefore()), parsed);
    },

    async nextScheduleAt() {
      const soonest = await soonestSchedule();
      return soonest === null ? null : new Date(scheduleTime(soonest));
    },

    async getPage(slug) {
      if (!q.isValidSlug(slug)) return null;
      const raw = await story(`pages/${slug}`, { version });
      return raw === null ? null : map(raw, toPage);
    },

    async getPages() {
      // Only `pages/<slug>` has a page (getPage's path): not a sub-folder's story, nor an odd slug.
      const editorial = (raw: unknown) => {
        const [folder, slug, ...rest] = fullSlugOf(raw).split('/');
        return folder === 'pages' && rest.length === 0 && slug !== HOME_PAGE_SLUG && q.isValidSlug(slug);
      };
      return compact(
        (await all(q.pageListParams(version))).filter(editorial).map((s) => map(s, toPageSummary)),
      );
    },
    async getArticleEntries(page, perPage) {
      const { page: p, perPage: size } = q.parseArticleQuery({ page, perPage });
      const [categories, topics, res] = await Promise.all([
        all(q.categoryListParams(version)),
        all(q.topicListParams(version)),
        visibleBefore().then((before) =>
          call(() => client.getStories(q.articleEntryParams(version, before, p, size))),
        ),
      ]);
      // An article's path is its category's slug, else its topic's category's (as toArticle does).
      const categorySlug = new Map(
        compact(categories.map((c) => map(c, toCategory))).map((c) => [c.uuid, c.slug]),
      );
      const topicCategory = new Map(
        compact(topics.map((t) => map(t, toTopic))).map((t) => [t.uuid, t.category?.uuid ?? null]),
      );
      const slugOf = (uuid: string | null | undefined) => (uuid ? categorySlug.get(uuid) : undefined);
      const parsed = parseResponse(storiesResponse, res);
      const entries = compact(parsed.data.stories.map((s) => map(s, toArticleRef))).flatMap(
        (a): SitemapEntry[] => {
          const category = slugOf(a.categoryUuid) ?? slugOf(topicCategory.get(a.topicUuid ?? ''));
          return category
            ? [{ path: `/${category}/${a.slug}`, lastModified: a.publishedAt ?? a.firstPublishedAt }]
            : [];
        },
      );
      const total = parsed.total ?? (p - 1) * size + parsed.data.stories.length;
      return { entries, total };
    },

    async getTaxonomyEntries() {
      // The nav's and the index pages' own requests (the client's cache answers them), mapped the
      // same way, so a story that fails its mapping (and so its page) is not listed either.
      const [categories, topics, authors] = await Promise.all([
        all(q.categoryListParams(version)),
        all(q.topicListParams(version)),
        all(q.authorListParams(version)),
      ]);
      const dated = <T>(
        raws: unknown[],
        mapper: (raw: unknown, c: MapContext) => T | null,
        paths: (t: T) => string[],
      ) =>
        raws.flatMap((raw) => {
          const mapped = map(raw, mapper);
          const lastModified = publishedAtOf(raw);
          return mapped ? paths(mapped).map((path): SitemapEntry => ({ path, lastModified })) : [];
        });
      return [
        ...dated(categories, toCategory, (c) => [c.route, c.listingRoute]),
        ...dated(topics, toTopic, (t) => [t.route]),
        ...dated(authors, toAuthor, (a) => [a.route]),
      ];
    },
  };
}
