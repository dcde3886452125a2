/**
 * Reading a rendered page's head as a crawler does: its JSON-LD scripts (JSON.parse of each), meta
 * tags and links, parsed from the HTML by a real HTML parser (jsdom), and the checks of Google's
 * rich-result types that the structured-data tests share.
 */
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import { SERVER_HTML } from '../../src/server/stream-writer.ts';

export type LdNode = { '@type': string; [key: string]: unknown };

/**
 * The HTML as the edge writes it: React on Node (the unit tests' render) writes the tags of
 * `<server-html>` too, which the edge's stream writer drops (src/server/stream-writer.ts;
 * tests/e2e/edge-deno.test.ts holds the two otherwise byte for byte the same).
 */
export const asTheEdgeWrites = (html: string) =>
  html.replaceAll(`<${SERVER_HTML}>`, '').replaceAll(`</${SERVER_HTML}>`, '');

export function readHead(html: string) {
  const { document } = new JSDOM(asTheEdgeWrites(html)).window;
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  const graphs = scripts.map(
    (s) => JSON.parse(s.textContent ?? '') as { '@context': string; '@graph': LdNode[] },
  );
  const metas = (key: string) =>
    [...document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map(
      (m) => m.getAttribute('content') ?? '',
    );
  const links = (rel: string) =>
    [...document.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href') ?? '');
  return {
    document,
    scriptCount: scripts.length,
    /** The raw text of each JSON-LD script, as the HTML carries it. */
    scriptTexts: scripts.map((s) => s.textContent ?? ''),
    graph: graphs.flatMap((g) => g['@graph'] ?? []),
    context: graphs.map((g) => g['@context']),
    meta: (key: string) => metas(key)[0] ?? null,
    metas,
    link: (rel: string) => links(rel)[0] ?? null,
    links,
  };
}

/** Every node of a type, at the top of the graph or nested in another node (ProfilePage's Person). */
export function nodesOfType(value: unknown, type: string): LdNode[] {
  if (Array.isArray(value)) return value.flatMap((v) => nodesOfType(v, type));
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  const own = node['@type'] === type ? [node as LdNode] : [];
  return [...own, ...Object.values(node).flatMap((v) => nodesOfType(v, type))];
}

const isAbsoluteOn = (origin: string) => (url: unknown) =>
  typeof url === 'string' && url.startsWith(`${origin}/`);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Article (BlogPosting): headline ≤ 110, image with size, dates, author name and url, publisher logo. */
export function expectArticle(node: LdNode, origin: string) {
  expect(typeof node.headline).toBe('string');
  expect(Array.from(node.headline as string).length).toBeLessThanOrEqual(110);
  const images = node.image as LdNode[];
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image['@type']).toBe('ImageObject');
    expect(image.url).toMatch(/^https:\/\//);
    expect(image.width).toBe(1200);
    expect(image.height).toBe(630);
  }
  expect(node.datePublished).toMatch(ISO_DATE);
  expect(node.dateModified).toMatch(ISO_DATE);
  const author = node.author as LdNode;
  expect(['Person', 'Organization']).toContain(author['@type']);
  expect(author.name).toBeTruthy();
  expect(isAbsoluteOn(origin)(author.url)).toBe(true);
  const publisher = node.publisher as LdNode;
  expect(publisher['@type']).toBe('Organization');
  expect(publisher.name).toBeTruthy();
  expect(isAbsoluteOn(origin)((publisher.logo as LdNode).url)).toBe(true);
  expect((node.mainEntityOfPage as LdNode)['@id']).toMatch(new RegExp(`^${origin}/`));
}

/** BreadcrumbList: ListItems positioned 1…n, each with a name and an absolute item URL. */
export function expectBreadcrumbs(node: LdNode, origin: string): string[] {
  const items = node.itemListElement as LdNode[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  items.forEach((item, i) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(typeof item.name === 'string' && item.name.length > 0).toBe(true);
    expect(isAbsoluteOn(origin)(item.item)).toBe(true);
  });
  expect(items[0]).toMatchObject({ name: 'Home', item: `${origin}/` });
  return items.map((item) => item.item as string);
}

/** FAQPage: Questions, each with a name and an accepted Answer's text. */
export function expectFaq(node: LdNode) {
  const questions = node.mainEntity as LdNode[];
  expect(questions.length).toBeGreaterThan(0);
  for (const q of questions) {
    expect(q['@type']).toBe('Question');
    expect(q.name).toBeTruthy();
    expect((q.acceptedAnswer as LdNode)['@type']).toBe('Answer');
    expect((q.acceptedAnswer as LdNode).text).toBeTruthy();
  }
}

/** Product: name, image, and an Offer with price, currency and availability. */
export function expectProduct(node: LdNode) {
  expect(node.name).toBeTruthy();
  expect((node.image as string[]).length).toBeGreaterThan(0);
  for (const url of node.image as string[]) expect(url).toMatch(/^https?:\/\//);
  const offer = node.offers as LdNode;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toMatch(/^\d+(\.\d+)?$/);
  expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
  expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(offer.availability);
  expect(offer.url).toMatch(/^https:\/\//);
}

/** CollectionPage: an ItemList of absolute URLs, positions counting on from `offset` + 1. */
export function expectCollection(node: LdNode, origin: string, offset = 0) {
  const list = node.mainEntity as LdNode;
  expect(list['@type']).toBe('ItemList');
  const items = list.itemListElement as LdNode[];
  expect(items.length).toBeGreaterThan(0);
  items.forEach((item, i) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(offset + i + 1);
    expect(isAbsoluteOn(origin)(item.url)).toBe(true);
  });
}
