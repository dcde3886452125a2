/**
 * What route loaders share: the request context, zod-parsed slugs and `?page=`, and the 404 they
 * throw when something is missing or malformed. No try/catch: failures reach the error boundary.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import type { ContentApi } from '../../content/api.ts';
import type { SiteInfo } from './root/data.ts';

export type LoadContext = { content: ContentApi; site: SiteInfo };

/** A route's server loader: react-router's arguments plus the request's LoadContext. */
export type RouteLoader<Data> = (args: LoaderFunctionArgs, ctx: LoadContext) => Promise<Data>;

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/);
/** `?page=` must be absent or a whole number 1..1000; anything else is a 404, not a 500. */
const pageSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/)
  .transform(Number)
  .pipe(z.number().max(1000))
  .optional();

/** Throws the 404 response the error boundary renders as "not found". */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** A slug path parameter, or a 404 when it is absent or not slug-shaped. */
export function requireSlug(value: string | undefined): string {
  const parsed = slugSchema.safeParse(value);
  return parsed.success ? parsed.data : notFound();
}

/** The `?page=` number (1 when absent); `?page=1&page=2` names no one page: a 404 like any other. */
export function requirePage(request: Request): number {
  const values = new URL(request.url).searchParams.getAll('page');
  if (values.length > 1) notFound();
  const parsed = pageSchema.safeParse(values[0]);
  return parsed.success ? (parsed.data ?? 1) : notFound();
}

/** The value, or a 404 when the content layer found nothing. */
export function requireFound<T>(value: T | null | undefined): T {
  return value ?? notFound();
}

/** A page past the last one (other than page 1, which may be empty) is not found. */
export function requireNonEmptyPage<T extends { stories: unknown[] }>(result: T, page: number): T {
  return page > 1 && result.stories.length === 0 ? notFound() : result;
}

/**
 * Collection tags: the kinds of stories a route lists. A publish purges the story's uuid and its
 * collection, so a newly published story reaches the pages that do not show it yet
 * (each route's loader.server.ts exports its own; src/server/cache-headers.ts puts them on every
 * response).
 */
export type CollectionTag = 'layout' | 'categories' | 'topics' | 'articles' | 'authors' | 'pages';
