/**
 * The page's structured data: one `<script type="application/ld+json">` with an `@graph`, built on
 * the server from the matched route's loader data and escaped like the payload (serialize.ts), so
 * no CMS string can close the script. The server alone renders it (index.tsx says how).
 */
import type { StaticHandlerContext } from 'react-router';
import type { RootData, RouteDataMap, RouteId } from '../../app/route-data.ts';
import { canonicalPath, pagePath } from '../../app/page-url.ts';
import type { ArticleCard, Paginated } from '../../content/types.ts';
import type { Product } from '../../store/types.ts';
import { serializeForScript } from '../serialize.ts';
import { blogPosting } from './article.ts';
import {
  breadcrumbs,
  collectionPage,
  faqPage,
  organization,
  person,
  product,
  webPage,
  website,
  type LdNode,
  type Listed,
  type Scope,
} from './nodes.ts';

type Builder<Id extends RouteId> = (data: RouteDataMap[Id], scope: Scope, root: RootData) => LdNode[];

/** Stories as list items, with their position on the page's list. */
const stories = (list: ArticleCard[]): Listed[] => list.map((a) => ({ name: a.title, path: a.path }));
const offsetOf = (page: Paginated<unknown>) => (page.page - 1) * page.perPage;

/**
 * What each page is, by route id. A route without an entry (a new one) still gets a WebPage; a
 * route adds its own types here.
 */
const BUILDERS: { [Id in RouteId]?: Builder<Id> } = {
  home: ({ page, articles }, scope, root) => [
    website(scope),
    organization(scope, root.layout.socialLinks),
    collectionPage(scope, {
      name:
        articles.page > 1
          ? `Latest stories – Page ${articles.page}`
          : (page?.meta.title ?? scope.site.defaultTitle),
      description: page?.meta.description ?? scope.site.defaultDescription,
      items: stories(articles.stories),
      offset: offsetOf(articles),
      crumbs: false,
    }),
  ],
  article: ({ article }, scope) => [
    blogPosting(scope, article),
    breadcrumbs(scope, [
      { name: article.category.name, path: article.category.route },
      ...(article.topic ? [{ name: article.topic.name, path: article.topic.route }] : []),
      { name: article.title, path: article.path },
    ]),
    ...(article.faqs.length > 0 ? [faqPage(scope, article.faqs)] : []),
  ],
  category: ({ category, articles }, scope) => [
    collectionPage(scope, {
      name: category.meta.title ?? category.name,
      description: category.meta.description ?? category.description,
      items: stories(articles),
    }),
    breadcrumbs(scope, [
      { name: 'Categories', path: '/c' },
      { name: category.name, path: category.route },
    ]),
  ],
  listing: ({ category, articles }, scope) => [
    collectionPage(scope, {
      name: `All ${category.name} stories`,
      description: category.meta.description ?? category.description,
      items: stories(articles.stories),
      offset: offsetOf(articles),
    }),
    breadcrumbs(scope, [
      { name: category.name, path: category.route },
      { name: `All ${category.name} stories`, path: pagePath(category.listingRoute, articles.page) },
    ]),
  ],
  topic: ({ topic, articles }, scope) => [
    collectionPage(scope, {
      name: topic.meta.title ?? topic.name,
      description: topic.meta.description ?? topic.description,
      items: stories(articles.stories),
      offset: offsetOf(articles),
    }),
    breadcrumbs(scope, [
      topic.category
        ? { name: topic.category.name, path: topic.category.route }
        : { name: 'Topics', path: '/t' },
      { name: topic.name, path: pagePath(topic.route, articles.page) },
    ]),
  ],
  author: ({ author }, scope) => [
    {
      '@type': 'ProfilePage',
      '@id': scope.url,
      url: scope.url,
      name: author.name,
      inLanguage: 'en',
      breadcrumb: { '@id': `${scope.url}#breadcrumb` },
      mainEntity: person(author, scope.base, { links: author.socialLinks, bio: author.bio }),
    },
    breadcrumbs(scope, [
      { name: 'Authors', path: '/author' },
      { name: author.name, path: author.route },
    ]),
  ],
  authors: ({ authors }, scope) => [
    collectionPage(scope, {
      name: 'Authors',
      items: authors.map((a) => ({ name: a.name, path: a.route })),
    }),
    breadcrumbs(scope, [{ name: 'Authors', path: '/author' }]),
  ],
  categories: ({ categories }, scope) => [
    collectionPage(scope, {
      name: 'Categories',
      items: categories.map((c) => ({ name: c.name, path: c.route })),
    }),
    breadcrumbs(scope, [{ name: 'Categories', path: '/c' }]),
  ],
  topics: ({ topics }, scope) => [
    collectionPage(scope, {
      name: 'Topics',
      items: topics.map((t) => ({ name: t.name, path: t.route })),
    }),
    breadcrumbs(scope, [{ name: 'Topics', path: '/t' }]),
  ],
  page: ({ page }, scope) => [
    webPage(scope, page.meta.title ?? page.title),
    breadcrumbs(scope, [{ name: page.title, path: page.path }]),
  ],
  sitemap: (_data, scope) => [
    webPage(scope, 'Sitemap'),
    breadcrumbs(scope, [{ name: 'Sitemap', path: '/sitemap' }]),
  ],
};

/** Run the route's builder on its own data (the table pairs each id with its data type). */
function build<Id extends RouteId>(id: Id, data: RouteDataMap[Id], scope: Scope, root: RootData): LdNode[] {
  const builder = BUILDERS[id] as Builder<Id> | undefined;
  return builder ? builder(data, scope, root) : [webPage(scope, null)];
}

/**
 * The JSON-LD graph of a rendered page, or null for what has none: error pages (404 included),
 * drafts (noindex, private) and a site without a configured origin (no absolute URLs to give).
 */
export function pageGraph(context: StaticHandlerContext): { '@context': string; '@graph': LdNode[] } | null {
  const page = pageScope(context);
  if (!page) return null;
  const data = context.loaderData[page.leaf] as RouteDataMap[typeof page.leaf];
  return { '@context': 'https://schema.org', '@graph': build(page.leaf, data, page.scope, page.root) };
}

/** The page's scope for structured data, or null for a page that has none (see pageGraph). */
function pageScope(context: StaticHandlerContext): { scope: Scope; root: RootData; leaf: RouteId } | null {
  if (context.statusCode !== 200 || context.errors) return null;
  const root = context.loaderData.root as RootData | undefined;
  const leaf = context.matches.at(-1)?.route.id as RouteId | undefined;
  if (!root || !leaf || root.site.draft || !root.site.baseUrl) return null;
  const base = root.site.baseUrl;
  const { pathname, search } = context.location;
  return { scope: { site: root.site, base, url: `${base}${canonicalPath(pathname, search)}` }, root, leaf };
}

/**
 * A product block's Product node (its offer on this page), as script text: streamed with the block
 * once the store answered, since the page's own graph goes out before. Null where pages have none.
 */
export function productStructuredData(context: StaticHandlerContext, shown: Product): string | null {
  const page = pageScope(context);
  return page
    ? serializeForScript({ '@context': 'https://schema.org', '@graph': [product(page.scope, shown)] })
    : null;
}

/** The page's JSON-LD as script text (escaped for an inline script), or null when it has none. */
export function pageStructuredData(context: StaticHandlerContext): string | null {
  const graph = pageGraph(context);
  return graph ? serializeForScript(graph) : null;
}
