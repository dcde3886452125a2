/**
 * Every template's head through the whole server path (the demo content and store behind the real
 * clients, the render handler): its JSON-LD parsed and checked against the required properties of
 * Google's rich-result types, its social card tags and its canonical URL, in one table.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { StaticHandlerContext } from 'react-router';
import { withCheckedBody } from '../../../src/blocks/validate.server';
import type { Article, ArticleCard } from '../../../src/content/types';
import { toCardPage } from '../../../src/content/cards';
import { settle } from '../../../src/content/settled';
import { siteInfo } from '../../../src/server/handler.server';
import { pageHead } from '../../../src/server/page-head/index';
import { DEMO_ORIGIN, setupDemoHandler } from '../../support/demo-handler';
import {
  expectArticle,
  expectBreadcrumbs,
  expectCollection,
  expectFaq,
  expectProduct,
  nodesOfType,
  readHead,
  type LdNode,
} from '../../support/head';

let get: Awaited<ReturnType<typeof setupDemoHandler>>['get'];

beforeAll(async () => {
  ({ get } = await setupDemoHandler());
});

const O = DEMO_ORIGIN;

type Row = {
  template: string;
  path: string;
  /** schema.org types the page's graph must hold (top level or nested). */
  types: string[];
  ogType: 'website' | 'article' | 'profile';
  /** The last breadcrumb, when the page has a trail. */
  lastCrumb?: string;
};

const TABLE: Row[] = [
  { template: 'home', path: '/', types: ['WebSite', 'Organization', 'CollectionPage'], ogType: 'website' },
  {
    template: 'article',
    path: '/training/how-to-throw-a-jab',
    types: ['BlogPosting', 'BreadcrumbList', 'FAQPage', 'Person'],
    ogType: 'article',
    lastCrumb: `${O}/training/how-to-throw-a-jab`,
  },
  {
    template: 'equipment article with a product',
    path: '/boxing-equipment/boxing-glove-size-guide',
    types: ['BlogPosting', 'BreadcrumbList', 'FAQPage', 'Product'],
    ogType: 'article',
    lastCrumb: `${O}/boxing-equipment/boxing-glove-size-guide`,
  },
  {
    template: 'the every-block article',
    path: '/for-members/your-first-week-at-roundhouse',
    types: ['BlogPosting', 'BreadcrumbList', 'FAQPage', 'Product'],
    ogType: 'article',
    lastCrumb: `${O}/for-members/your-first-week-at-roundhouse`,
  },
  {
    template: 'category',
    path: '/c/training',
    types: ['CollectionPage', 'BreadcrumbList'],
    ogType: 'website',
    lastCrumb: `${O}/c/training`,
  },
  {
    template: 'topic',
    path: '/t/technique',
    types: ['CollectionPage', 'BreadcrumbList'],
    ogType: 'website',
    lastCrumb: `${O}/t/technique`,
  },
  {
    template: 'author',
    path: '/author/marcus-bell',
    types: ['ProfilePage', 'Person', 'BreadcrumbList'],
    ogType: 'profile',
    lastCrumb: `${O}/author/marcus-bell`,
  },
  {
    template: 'listing',
    path: '/training',
    types: ['CollectionPage', 'BreadcrumbList'],
    ogType: 'website',
    lastCrumb: `${O}/training`,
  },
  { template: 'authors', path: '/author', types: ['CollectionPage', 'BreadcrumbList'], ogType: 'website' },
  { template: 'categories', path: '/c', types: ['CollectionPage', 'BreadcrumbList'], ogType: 'website' },
  { template: 'topics', path: '/t', types: ['CollectionPage', 'BreadcrumbList'], ogType: 'website' },
  {
    template: 'editorial page',
    path: '/p/privacy',
    types: ['WebPage', 'BreadcrumbList'],
    ogType: 'website',
    lastCrumb: `${O}/p/privacy`,
  },
  {
    template: 'sitemap page',
    path: '/sitemap',
    types: ['WebPage', 'BreadcrumbList'],
    ogType: 'website',
    lastCrumb: `${O}/sitemap`,
  },
];

describe.each(TABLE)('$template ($path)', ({ path, types, ogType, lastCrumb }) => {
  let head: ReturnType<typeof readHead>;
  let graph: LdNode[];
  const one = (type: string) => {
    const found = nodesOfType(graph, type);
    expect(found, type).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    const { res, body } = await get(path);
    expect(res.status).toBe(200);
    head = readHead(body);
    graph = head.graph;
  });

  test("one JSON-LD script in the head (a product block's streams with its card), schema.org context, the types the template is", () => {
    const inHead = head.document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(inHead).toHaveLength(1);
    expect(head.scriptCount).toBe(1 + nodesOfType(graph, 'Product').length);
    expect(new Set(head.context)).toEqual(new Set(['https://schema.org']));
    for (const type of types) expect(nodesOfType(graph, type).length, type).toBeGreaterThan(0);
  });

  test("the rich-result types' required properties", () => {
    for (const type of types) {
      if (type === 'BlogPosting') expectArticle(one('BlogPosting'), O);
      if (type === 'FAQPage') expectFaq(one('FAQPage'));
      if (type === 'CollectionPage') expectCollection(one('CollectionPage'), O);
      if (type === 'Product') for (const node of nodesOfType(graph, 'Product')) expectProduct(node);
      if (type === 'BreadcrumbList') {
        const items = expectBreadcrumbs(one('BreadcrumbList'), O);
        if (lastCrumb) expect(items.at(-1)).toBe(lastCrumb);
      }
    }
  });

  test('every URL of the graph is absolute on the canonical origin', () => {
    const own: string[] = [];
    const visit = (value: unknown, key = ''): void => {
      if (Array.isArray(value)) return value.forEach((v) => visit(v, key));
      if (typeof value === 'object' && value !== null) {
        for (const [k, v] of Object.entries(value)) if (k !== 'sameAs' && k !== 'image') visit(v, k);
        return;
      }
      if (['url', 'item', '@id', 'contentUrl'].includes(key)) own.push(String(value));
    };
    visit(graph);
    expect(own.length).toBeGreaterThan(0);
    for (const url of own) expect(url.startsWith(`${O}/`), url).toBe(true);
  });

  test('canonical, og:url and the social card', () => {
    const canonical = `${O}${path}`;
    expect(head.links('canonical')).toEqual([canonical]);
    expect(head.meta('og:url')).toBe(canonical);
    expect(head.meta('robots')).toBeNull();
    expect(head.meta('og:type')).toBe(ogType);
    expect(head.meta('og:site_name')).toBe('Roundhouse');
    expect(head.meta('og:title')).toBe(head.document.title);
    expect(head.meta('og:image')).toMatch(/^https:\/\/www\.roundhouse\.test\//);
    expect(head.meta('og:image:width')).toBe('1200');
    expect(head.meta('og:image:height')).toBe('630');
    expect(head.meta('og:image:alt')).toBeTruthy();
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:title')).toBe(head.document.title);
    expect(head.meta('twitter:description')).toBe(head.meta('description'));
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    expect(head.meta('twitter:image:alt')).toBe(head.meta('og:image:alt'));
  });

  test.runIf(ogType === 'article')("an article's Open Graph properties", () => {
    const posting = one('BlogPosting');
    const author = posting.author as LdNode;
    expect(head.meta('article:published_time')).toBe(posting.datePublished);
    expect(head.meta('article:modified_time')).toBe(posting.dateModified);
    expect(head.meta('article:author')).toBe(author.url);
    expect(head.meta('article:section')).toBe(posting.articleSection);
    expect(head.metas('article:tag').length).toBeGreaterThan(0);
    expect(head.metas('article:tag')).toEqual(posting.keywords);
    // The article's image is the same 1200×630 crop as its social card.
    expect((posting.image as LdNode[])[0]?.url).toBe(head.meta('og:image'));
    expect(head.meta('og:image')).toContain('/m/1200x630/');
  });
});

describe('what the table does not show', () => {
  test("an article's author is a Person with their page and their profiles", async () => {
    const { body } = await get('/boxing-equipment/boxing-glove-size-guide');
    const posting = nodesOfType(readHead(body).graph, 'BlogPosting')[0]!;
    expect(posting.author).toMatchObject({
      '@type': 'Person',
      name: 'Marcus Bell',
      url: `${O}/author/marcus-bell`,
      sameAs: ['https://youtube.com/@marcusbellgear', 'https://twitter.com/marcusbellgear'],
    });
    expect(posting.publisher).toMatchObject({
      '@type': 'Organization',
      name: 'Roundhouse',
      logo: { url: `${O}/icons/icon-512.png`, width: 512, height: 512 },
    });
  });

  test("a product block's offer: the store's price, currency and availability, on this page", async () => {
    const path = '/boxing-equipment/boxing-glove-size-guide';
    const { body } = await get(path);
    const [gloves] = nodesOfType(readHead(body).graph, 'Product');
    expect(gloves).toMatchObject({
      name: 'Pro Boxing Gloves',
      brand: { '@type': 'Brand', name: 'Roundhouse' },
      offers: {
        price: '69.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${O}${path}`,
      },
    });
  });

  test("the every-block article's FAQs are its own questions, in order", async () => {
    const { body } = await get('/for-members/your-first-week-at-roundhouse');
    const faq = nodesOfType(readHead(body).graph, 'FAQPage')[0]!;
    const names = (faq.mainEntity as LdNode[]).map((q) => q.name);
    expect(names[0]).toBe('Do I need to finish every class?');
    expect(names[1]).toBe('Can I train on consecutive days?');
  });

  test('home names the site, the organization with its profiles, and the latest stories', async () => {
    const { body } = await get('/');
    const { graph } = readHead(body);
    expect(nodesOfType(graph, 'WebSite')[0]).toMatchObject({ url: `${O}/`, name: 'Roundhouse' });
    const org = nodesOfType(graph, 'Organization')[0]!;
    expect(org.sameAs).toContain('https://instagram.com/roundhouse.fitness');
    const list = nodesOfType(graph, 'ItemList')[0]!;
    expect(list.numberOfItems).toBeGreaterThan(0);
  });

  test('the 404 page has no structured data and no canonical, and is noindex', async () => {
    const { res, body } = await get('/training/no-such-story');
    expect(res.status).toBe(404);
    const head = readHead(body);
    expect(head.scriptCount).toBe(0);
    expect(head.meta('robots')).toBe('noindex');
    expect(head.link('canonical')).toBeNull();
    expect(head.meta('og:url')).toBeNull();
  });
});

/** The server's head of a page whose leaf route `leaf` loaded `data`, as the render handler's context gives it. */
function headOf(leaf: string, path: string, root: Record<string, unknown>, data: unknown) {
  const [pathname, search = ''] = path.split('?');
  const context = {
    statusCode: 200,
    errors: null,
    location: { pathname, search: search ? `?${search}` : '' },
    matches: [{ route: { id: 'root' } }, { route: { id: leaf } }],
    loaderData: { root, [leaf]: data },
  } as unknown as StaticHandlerContext;
  const { head, end } = pageHead(context);
  return head + end;
}

describe('an article’s card and JSON-LD are built once per version of it', () => {
  let article: Article;
  beforeAll(async () => {
    const { content } = await setupDemoHandler();
    const found = await content.getArticle('how-to-throw-a-jab');
    if (!found) throw new Error('demo article missing');
    article = withCheckedBody(found);
  });

  /** The server's head for the article page at `path`, as the render handler's context gives it. */
  const headFor = (page: Article, path = page.path, siteName = 'Roundhouse') =>
    headOf(
      'article',
      path,
      { site: siteInfo(siteName, O, new Date('2026-11-20T12:00:00Z')) },
      { article: page, related: [] },
    );

  test('the same article object gives the head it gave first; an edit (a new object) its own', () => {
    const first = headFor(article);
    expect(first).toContain(`"headline":"${article.title}"`);
    expect(headFor(article)).toBe(first);
    // Settled content is never changed in place (src/content/settled.ts): what was built is kept.
    const title = article.title;
    (article as { title: string }).title = 'Changed in place';
    expect(headFor(article)).toBe(first);
    (article as { title: string }).title = title;
    const edited = settle({ ...article, title: 'The jab, edited' });
    expect(headFor(edited)).toContain('"headline":"The jab, edited"');
  });

  test('kept per site and address: another site name or path is built for itself', () => {
    expect(headFor(article, article.path, 'Southpaw')).toContain('"name":"Southpaw"');
    expect(headFor(article, '/training/jab-elsewhere')).toContain(
      `"@id":"${O}/training/jab-elsewhere#article"`,
    );
    expect(headFor(article)).not.toContain('jab-elsewhere');
    // An object the content layer did not settle is built each time.
    const loose = { ...article };
    const once = headFor(loose);
    (loose as { title: string }).title = 'Loose';
    expect(headFor(loose)).not.toBe(once);
  });
});

describe('home’s JSON-LD is built once per version of its story, cards and layout', () => {
  let content: Awaited<ReturnType<typeof setupDemoHandler>>['content'];
  beforeAll(async () => {
    ({ content } = await setupDemoHandler());
  });

  /** Home's head for a request: its data as the loaders give it (a new page object each time). */
  const homeHead = async (edit?: (cards: ArticleCard[]) => ArticleCard[]) => {
    const home = await content.getPage('home');
    const articles = toCardPage(await content.getArticles({ page: 1 }));
    return headOf(
      'home',
      '/',
      { site: siteInfo('Roundhouse', O, new Date()), layout: await content.getLayout() },
      {
        page: home && withCheckedBody(home),
        articles: { ...articles, stories: edit ? edit(articles.stories) : articles.stories },
      },
    );
  };

  test('the same story, cards and layout give the head built first; a changed card its own', async () => {
    const first = await homeHead();
    expect(first).toContain('"@type":"CollectionPage"');
    expect(await homeHead()).toBe(first);
    // Changed in place (which settled content never is), a kept card shows it was not rebuilt.
    let title = '';
    const inPlace = await homeHead((cards) => {
      title = cards[0]!.title;
      (cards[0] as { title: string }).title = 'Changed in place';
      return cards;
    });
    expect(inPlace).toBe(first);
    await homeHead((cards) => {
      (cards[0] as { title: string }).title = title;
      return cards;
    });
    const edited = await homeHead((cards) => [
      settle({ ...cards[0]!, title: 'A new first story' }),
      ...cards.slice(1),
    ]);
    expect(edited).toContain('"name":"A new first story"');
    expect(await homeHead()).toBe(first);
  });
});
