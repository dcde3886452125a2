/**
 * Server loaders: parse params and the query string with zod, call content verbs, and throw a 404
 * response when something is missing or malformed. No try/catch: failures reach the error boundary.
 */
import { data, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import type { ContentApi } from '../content/api.ts';
import type { Category } from '../content/types.ts';
import type { RouteDataMap, RouteId, SiteInfo } from '../app/route-data.ts';
import { validateRichText } from '../blocks/validate.server.ts';
import { resolveProductBlocks, type ProductSource } from '../blocks/products.server.ts';

export type LoadContext = { content: ContentApi; site: SiteInfo; store?: ProductSource | null };

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/);
/** `?page=` must be absent or a whole number 1..1000; anything else is a 404, not a 500. */
const pageSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/)
  .transform(Number)
  .pipe(z.number().max(1000))
  .optional();

const RELATED_COUNT = 4;
const LANDING_ARTICLES = 6;

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

function requireSlug(value: string | undefined): string {
  const parsed = slugSchema.safeParse(value);
  return parsed.success ? parsed.data : notFound();
}

/** `?page=1&page=2` names no one page: a 404 like any other invalid value. */
function requirePage(request: Request): number {
  const values = new URL(request.url).searchParams.getAll('page');
  if (values.length > 1) notFound();
  const parsed = pageSchema.safeParse(values[0]);
  return parsed.success ? (parsed.data ?? 1) : notFound();
}

function requireFound<T>(value: T | null | undefined): T {
  return value ?? notFound();
}

/** A page past the last one (other than page 1, which may be empty) is not found. */
function requireNonEmptyPage<T extends { stories: unknown[] }>(result: T, page: number): T {
  return page > 1 && result.stories.length === 0 ? notFound() : result;
}

async function requireCategory(content: ContentApi, slug: string | undefined): Promise<Category> {
  const wanted = requireSlug(slug);
  const categories = await content.getCategories();
  return requireFound(categories.find((c) => c.slug === wanted));
}

type Loaders = { [K in RouteId]: (args: LoaderFunctionArgs, ctx: LoadContext) => Promise<RouteDataMap[K]> };

const loaders: Loaders = {
  root: async (_args, { content, site }) => {
    const [layout, categories] = await Promise.all([content.getLayout(), content.getCategories()]);
    return { site, layout, categories };
  },
  home: async ({ request }, { content, store }) => {
    const page = requirePage(request);
    const [homePage, articles] = await Promise.all([
      page === 1 ? content.getPage('home') : null,
      content.getArticles({ page }),
    ]);
    // Blocks are validated here, on the server, so no validator ships to the browser.
    const checked = homePage
      ? { ...homePage, body: await resolveProductBlocks(validateRichText(homePage.body), store ?? null) }
      : null;
    return { page: checked, articles: requireNonEmptyPage(articles, page) };
  },
  sitemap: async (_args, { content }) => {
    const [categories, topics, authors, articles] = await Promise.all([
      content.getCategories(),
      content.getTopics(),
      content.getAuthors(),
      content.getAllArticles(),
    ]);
    return { categories, topics, authors, articles };
  },
  authors: async (_args, { content }) => ({ authors: await content.getAuthors() }),
  author: async ({ params, request }, { content }) => {
    const page = requirePage(request);
    const author = requireFound(await content.getAuthor(requireSlug(params.author)));
    const articles = await content.getArticles({ page, writtenOrContributedBy: author.uuid });
    return { author, articles: requireNonEmptyPage(articles, page) };
  },
  categories: async (_args, { content }) => ({ categories: await content.getCategories() }),
  category: async ({ params }, { content }) => {
    const category = requireFound(await content.getCategory(requireSlug(params.category)));
    const articles = await content.getArticles({ categories: [category.uuid], perPage: LANDING_ARTICLES });
    return { category, articles: articles.stories };
  },
  topics: async (_args, { content }) => ({ topics: await content.getTopics() }),
  topic: async ({ params, request }, { content }) => {
    const page = requirePage(request);
    const topic = requireFound(await content.getTopic(requireSlug(params.topic)));
    const articles = await content.getArticles({ page, topics: [topic.uuid] });
    return { topic, articles: requireNonEmptyPage(articles, page) };
  },
  listing: async ({ params, request }, { content }) => {
    const page = requirePage(request);
    const category = await requireCategory(content, params.category);
    const articles = await content.getArticles({ page, categories: [category.uuid] });
    return { category, articles: requireNonEmptyPage(articles, page) };
  },
  article: async ({ params }, { content, store }) => {
    const categorySlug = requireSlug(params.category);
    const article = requireFound(await content.getArticle(requireSlug(params.slug)));
    // An article asked for under another category's path does not exist there.
    if (article.category.slug !== categorySlug) notFound();
    const filter = article.topic ? { topics: [article.topic.uuid] } : { categories: [article.category.uuid] };
    const [candidates, body] = await Promise.all([
      content.getArticles({ ...filter, perPage: RELATED_COUNT + 1 }),
      resolveProductBlocks(validateRichText(article.body), store ?? null),
    ]);
    const related = candidates.stories.filter((a) => a.uuid !== article.uuid).slice(0, RELATED_COUNT);
    return { article: { ...article, body }, related };
  },
};

function isLoadContext(value: unknown): value is LoadContext {
  return typeof value === 'object' && value !== null && 'content' in value && 'site' in value;
}

/** The loader for a route id, reading the content API from the request context. */
export function serverLoader(id: RouteId): LoaderFunction {
  return (args) => {
    if (!isLoadContext(args.context)) throw new Error('Server loaders need a LoadContext');
    return loaders[id](args, args.context);
  };
}
