/**
 * schema.org nodes for the page's JSON-LD (Google's rich-result types: Article, BreadcrumbList,
 * FAQPage, Product; and WebSite, Organization, Person, CollectionPage/ItemList). Pure functions of
 * domain values; every URL absolute on the configured origin (the `Scope`).
 */
import type { AuthorSummary, Faq, Image, SocialLink } from '../../content/types.ts';
import type { SiteInfo } from '../../app/route-data.ts';
import { absoluteUrl } from '../../app/page-url.ts';
import { SITE_ICONS } from './site-files.ts';
import type { Product } from '../../store/types.ts';
import { imageProvider, imageUrl, isTransformable } from '../../widgets/image/image-url.ts';

/** A JSON-LD node: its type and properties (plain JSON). */
export type LdNode = { '@type': string } & Record<string, unknown>;

/** What every node is built against: the site, its origin and the page's own URL. */
export type Scope = {
  site: SiteInfo;
  /** The configured origin without a trailing slash (never empty here). */
  base: string;
  /** The page's canonical URL. */
  url: string;
};

const SCHEMA = 'https://schema.org/';

export const organizationId = (base: string) => `${base}/#organization`;
export const websiteId = (base: string) => `${base}/#website`;

/** A site path or an image URL, absolute on the origin; null when it cannot be made so. */
export const abs = (href: string, base: string) => absoluteUrl(href, base);

/** Profile URLs for `sameAs`: absolute http(s) links that name a profile (a feed is not one). */
export function sameAs(links: SocialLink[]): string[] {
  return links.filter((l) => l.name !== 'rss' && /^https?:\/\//i.test(l.url)).map((l) => l.url);
}

export function imageObject(url: string, width: number, height: number, caption?: string): LdNode {
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    ...(width > 0 && height > 0 ? { width, height } : {}),
    ...(caption ? { caption } : {}),
  };
}

/** An image at `width`×`height` from the image service when it can resize it, else as it is. */
export function sizedImage(image: Image, base: string, width: number, height: number): LdNode | null {
  const resizable = imageProvider(image.src) === 'storyblok' && isTransformable(image.src);
  const src = resizable
    ? imageUrl(image.src, { width, height, smart: !image.focus, focus: image.focus })
    : image.src;
  const url = abs(src, base);
  if (!url) return null;
  return resizable
    ? imageObject(url, width, height, image.alt)
    : imageObject(url, image.width, image.height, image.alt);
}

export function organization({ site, base }: Scope, links: SocialLink[]): LdNode {
  const profiles = sameAs(links);
  return {
    '@type': 'Organization',
    '@id': organizationId(base),
    name: site.name,
    url: `${base}/`,
    logo: imageObject(`${base}${SITE_ICONS.icon512}`, 512, 512),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

/** The publisher as an article names it: the organization, with its logo, in place. */
export function publisher({ site, base }: Scope): LdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(base),
    name: site.name,
    url: `${base}/`,
    logo: imageObject(`${base}${SITE_ICONS.icon512}`, 512, 512),
  };
}

export function website({ site, base }: Scope): LdNode {
  return {
    '@type': 'WebSite',
    '@id': websiteId(base),
    url: `${base}/`,
    name: site.name,
    description: site.defaultDescription,
    inLanguage: 'en',
    publisher: { '@id': organizationId(base) },
  };
}

/** A person with their page; `sameAs` and a bio when the page knows them. */
export function person(
  author: AuthorSummary,
  base: string,
  extra: { links?: SocialLink[]; bio?: string } = {},
): LdNode {
  const url = `${base}${author.route}`;
  const photo = author.photo ? sizedImage(author.photo, base, 400, 400) : null;
  const profiles = sameAs(extra.links ?? []);
  return {
    '@type': 'Person',
    '@id': `${url}#person`,
    name: author.name,
    url,
    ...(extra.bio ? { description: extra.bio } : {}),
    ...(photo ? { image: photo } : {}),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

export type Crumb = { name: string; path: string };

/** Home → … → this page, each with its absolute URL, positions from 1. */
export function breadcrumbs({ base, url }: Scope, crumbs: Crumb[]): LdNode {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: [{ name: 'Home', path: '/' }, ...crumbs].map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${base}${crumb.path}`,
    })),
  };
}

export type Listed = { name: string; path: string };

/**
 * A page that lists things: a CollectionPage whose main entity is the ItemList of what it shows.
 * Positions count from 1 on the first page and go on across pages (page 2 of 25 starts at 26).
 */
export function collectionPage(
  { base, url }: Scope,
  page: { name: string; description?: string | null; items: Listed[]; offset?: number; crumbs?: boolean },
): LdNode {
  const offset = page.offset ?? 0;
  return {
    '@type': 'CollectionPage',
    '@id': url,
    url,
    name: page.name,
    ...(page.description ? { description: page.description } : {}),
    inLanguage: 'en',
    isPartOf: { '@id': websiteId(base) },
    ...(page.crumbs === false ? {} : { breadcrumb: { '@id': `${url}#breadcrumb` } }),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: page.items.length,
      itemListElement: page.items.map((item, i) => ({
        '@type': 'ListItem',
        position: offset + i + 1,
        url: `${base}${item.path}`,
        name: item.name,
      })),
    },
  };
}

/** A plain page of the site (the HTML sitemap, pages no table entry describes). */
export function webPage({ base, url }: Scope, name: string | null): LdNode {
  return {
    '@type': 'WebPage',
    '@id': url,
    url,
    ...(name ? { name } : {}),
    inLanguage: 'en',
    isPartOf: { '@id': websiteId(base) },
  };
}

/** An article's FAQs as Question / acceptedAnswer pairs. */
export function faqPage({ url }: Scope, faqs: Faq[]): LdNode {
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

/** Lowest price first; the variants on sale when there are any. */
function offeredVariant(product: Product) {
  const onSale = product.variants.filter((v) => v.availableForSale);
  const pool = onSale.length > 0 ? onSale : product.variants;
  return [...pool].sort((a, b) => Number(a.price.amount) - Number(b.price.amount))[0] ?? null;
}

/**
 * A store product shown on the page, with its Offer: the lowest price of what is on sale, in the
 * store's currency, and whether any variant can be bought. The site has no product pages, so the
 * offer's URL is the page that shows it (where the card's "Add to cart" is).
 */
export function product(scope: Scope, item: Product): LdNode {
  const { base, url, site } = scope;
  const variant = offeredVariant(item);
  const pictures = [item.featuredImage, ...item.images].flatMap((image) => (image ? [image] : []));
  const images = [...new Set(pictures.flatMap((image) => abs(image.src, base) ?? []))];
  return {
    '@type': 'Product',
    '@id': `${url}#product-${item.handle}`,
    name: item.title,
    ...(item.description ? { description: item.description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    ...(variant?.sku ? { sku: variant.sku } : {}),
    ...(item.productType ? { category: item.productType } : {}),
    brand: { '@type': 'Brand', name: site.name },
    ...(variant
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: variant.price.amount,
            priceCurrency: variant.price.currencyCode,
            availability: `${SCHEMA}${item.availableForSale ? 'InStock' : 'OutOfStock'}`,
            itemCondition: `${SCHEMA}NewCondition`,
          },
        }
      : {}),
  };
}
