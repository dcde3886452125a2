/**
 * Catalog data as Storefront API objects: plain objects shaped like the schema's types, with
 * methods for fields that take arguments or are computed (graphql-js's default resolver calls a
 * property that is a function with the field's arguments). `__typename` lets graphql-js resolve
 * interfaces and unions (Node, Merchandise, MetafieldParentResource).
 */
import { GraphQLError } from 'graphql';
import {
  variantAvailable,
  type CatalogCollection,
  type CatalogImage,
  type CatalogIndex,
  type CatalogMetafield,
  type CatalogProduct,
  type CatalogVariant,
} from './catalog.ts';
import { boolArg, connection, intArg, listArg, stringArg, type Args } from './connection.ts';
import { filterProducts, sortProducts } from './product-search.ts';

/** What views need besides the catalog: the buyer's country (for availability) and URL origins. */
export type ViewContext = {
  index: CatalogIndex;
  /** Country that decides availability (from @inContext or the cart); null: no restriction. */
  country: string | null;
  /** Origin that catalog image paths starting with `/` are resolved against. */
  imageOrigin: string;
};

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

/** The numeric id of `gid://shopify/<type>/<n>` (a query string is ignored), else null. */
export function parseNumericGid(value: string, type: string): number | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (!match || match[1] !== type) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? id : null;
}

/** Cents as the API's Decimal string with two decimals ("19.99"). */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

export const money = (cents: number, currencyCode: string) => ({ amount: formatCents(cents), currencyCode });

const emptyConnection = (args: Args) => connection([], args, () => '');

export function imageView(image: CatalogImage, id: string, ctx: ViewContext) {
  const url = image.url.startsWith('/') ? `${ctx.imageOrigin}${image.url}` : image.url;
  return {
    __typename: 'Image',
    id,
    altText: image.altText,
    width: image.width,
    height: image.height,
    thumbhash: null,
    // Transforms are the CDN's job; the local image service ignores query parameters anyway.
    url: () => url,
    src: url,
    originalSrc: url,
    transformedSrc: () => url,
  };
}

function metafieldView(field: CatalogMetafield, ownerGid: string, parent: () => unknown) {
  const namespace = field.namespace ?? 'custom';
  return {
    __typename: 'Metafield',
    id: gid('Metafield', `${ownerGid.split('/').pop()}-${namespace}-${field.key}`),
    namespace,
    key: field.key,
    type: field.type,
    value: field.value,
    description: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    reference: null,
    references: null,
    parentResource: parent,
  };
}

/** `metafield(namespace, key)` and `metafields(identifiers)` over a list of fields. */
function metafieldAccessors(fields: CatalogMetafield[], ownerGid: string, parent: () => unknown) {
  // Without a namespace the API reads the calling app's reserved namespace, which holds nothing here.
  const find = (namespace: unknown, key: unknown) => {
    if (typeof namespace !== 'string' || typeof key !== 'string') return null;
    const field = fields.find((f) => (f.namespace ?? 'custom') === namespace && f.key === key);
    return field ? metafieldView(field, ownerGid, parent) : null;
  };
  return {
    metafield: (args: Args) => find(args.namespace, args.key),
    metafields: (args: Args) => listArg(args, 'identifiers').map((id) => find(id.namespace, id.key)),
  };
}

export function variantView(variant: CatalogVariant, product: CatalogProduct, ctx: ViewContext) {
  const id = gid('ProductVariant', variant.id);
  const currency = ctx.index.catalog.currencyCode;
  const price = money(variant.priceCents, currency);
  const compareAt = variant.compareAtPriceCents != null ? money(variant.compareAtPriceCents, currency) : null;
  const self: Record<string, unknown> = {
    __typename: 'ProductVariant',
    id,
    title: variant.title,
    sku: variant.sku,
    barcode: null,
    price,
    priceV2: price,
    compareAtPrice: compareAt,
    compareAtPriceV2: compareAt,
    unitPrice: null,
    unitPriceMeasurement: null,
    availableForSale: variantAvailable(variant, product, ctx.country),
    currentlyNotInStock: false,
    quantityAvailable: variant.stock,
    requiresShipping: variant.requiresShipping,
    requiresComponents: false,
    taxable: true,
    weight: variant.weightKg ?? null,
    weightUnit: 'KILOGRAMS',
    selectedOptions: variant.selectedOptions,
    image: product.images[0]
      ? imageView(product.images[0], gid('ProductImage', `${product.id}01`), ctx)
      : null,
    product: () => productView(product, ctx),
    quantityRule: { minimum: 1, maximum: null, increment: 1 },
    shopPayInstallmentsPricing: null,
    components: emptyConnection,
    groupedBy: emptyConnection,
    quantityPriceBreaks: emptyConnection,
    sellingPlanAllocations: emptyConnection,
    storeAvailability: emptyConnection,
  };
  const uid: CatalogMetafield = { key: 'uid', type: 'single_line_text_field', value: variant.uid };
  return Object.assign(
    self,
    metafieldAccessors([uid], id, () => self),
  );
}

const priceRange = (cents: number[], currency: string) => ({
  minVariantPrice: money(cents.length ? Math.min(...cents) : 0, currency),
  maxVariantPrice: money(cents.length ? Math.max(...cents) : 0, currency),
});

/** Picks the variant whose options match; `null` when none does. */
function matchVariant(product: CatalogProduct, args: Args, ignoreUnknownDefault: boolean) {
  const wanted = listArg(args, 'selectedOptions');
  const caseInsensitive = boolArg(args, 'caseInsensitiveMatch') ?? false;
  const ignoreUnknown = boolArg(args, 'ignoreUnknownOptions') ?? ignoreUnknownDefault;
  const norm = (s: unknown) => (caseInsensitive ? String(s).toLowerCase() : String(s));
  const names = new Set(product.variants.flatMap((v) => v.selectedOptions.map((o) => norm(o.name))));
  const relevant = wanted.filter((o) => !ignoreUnknown || names.has(norm(o.name)));
  return (
    product.variants.find((variant) =>
      relevant.every((o) =>
        variant.selectedOptions.some((s) => norm(s.name) === norm(o.name) && norm(s.value) === norm(o.value)),
      ),
    ) ?? null
  );
}

/** A plain-text description as HTML: one escaped paragraph per blank-line-separated block. */
function descriptionHtml(description: string): string {
  return description
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
}

/** The sum of the variants' stock; null when any variant's stock is untracked. */
function totalInventory(product: CatalogProduct): number | null {
  const stock = product.variants.map((v) => v.stock);
  return stock.every((s) => s !== null) ? stock.reduce<number>((sum, s) => sum + (s ?? 0), 0) : null;
}

/** `Product.options(first)`: each option name with its values and each value's first variant. */
function productOptions(product: CatalogProduct, first: number | undefined, ctx: ViewContext) {
  const optionNames = [...new Set(product.variants.flatMap((v) => v.selectedOptions.map((o) => o.name)))];
  return optionNames.slice(0, first).map((name, i) => {
    const values = [
      ...new Set(
        product.variants.flatMap((v) => v.selectedOptions.filter((o) => o.name === name).map((o) => o.value)),
      ),
    ];
    return {
      __typename: 'ProductOption',
      id: gid('ProductOption', `${product.id}${i + 1}`),
      name,
      values,
      optionValues: values.map((value, j) => {
        const firstVariant = product.variants.find((v) =>
          v.selectedOptions.some((o) => o.name === name && o.value === value),
        );
        return {
          __typename: 'ProductOptionValue',
          id: gid('ProductOptionValue', `${product.id}${i + 1}${j + 1}`),
          name: value,
          swatch: null,
          firstSelectableVariant: firstVariant ? variantView(firstVariant, product, ctx) : null,
        };
      }),
    };
  });
}

export function productView(product: CatalogProduct, ctx: ViewContext): Record<string, unknown> {
  const id = gid('Product', product.id);
  const currency = ctx.index.catalog.currencyCode;
  const variants = () => product.variants.map((v) => variantView(v, product, ctx));
  const images = product.images.map((image, i) =>
    imageView(image, gid('ProductImage', `${product.id}${String(i + 1).padStart(2, '0')}`), ctx),
  );
  const self: Record<string, unknown> = {
    __typename: 'Product',
    id,
    handle: product.handle,
    title: product.title,
    description: (args: Args) => {
      const truncateAt = intArg(args, 'truncateAt');
      return truncateAt !== null && product.description.length > truncateAt
        ? `${product.description.slice(0, truncateAt)}…`
        : product.description;
    },
    descriptionHtml: descriptionHtml(product.description),
    productType: product.productType,
    tags: product.tags,
    vendor: product.vendor ?? ctx.index.catalog.shopName,
    createdAt: product.createdAt,
    updatedAt: product.createdAt,
    publishedAt: product.createdAt,
    onlineStoreUrl: null,
    isGiftCard: false,
    requiresSellingPlan: false,
    trackingParameters: null,
    encodedVariantAvailability: null,
    encodedVariantExistence: null,
    category: null,
    seo: { title: null, description: null },
    availableForSale: product.variants.some((v) => variantAvailable(v, product, ctx.country)),
    totalInventory: totalInventory(product),
    featuredImage: images[0] ?? null,
    images: (args: Args) => connection(images, args, (image) => image.id),
    media: emptyConnection,
    variants: (args: Args) => connection(variants(), args, (v) => String(v.id)),
    variantsCount: { count: product.variants.length, precision: 'EXACT' },
    sellingPlanGroups: emptyConnection,
    adjacentVariants: () => [],
    priceRange: priceRange(
      product.variants.map((v) => v.priceCents),
      currency,
    ),
    compareAtPriceRange: priceRange(
      product.variants.flatMap((v) => (v.compareAtPriceCents != null ? [v.compareAtPriceCents] : [])),
      currency,
    ),
    options: (args: Args) => productOptions(product, intArg(args, 'first') ?? undefined, ctx),
    selectedOrFirstAvailableVariant: (args: Args) => {
      const match = matchVariant(product, args, true);
      const chosen =
        match ??
        product.variants.find((v) => variantAvailable(v, product, ctx.country)) ??
        product.variants[0];
      return chosen ? variantView(chosen, product, ctx) : null;
    },
    variantBySelectedOptions: (args: Args) => {
      const match = matchVariant(product, args, false);
      return match ? variantView(match, product, ctx) : null;
    },
    collections: (args: Args) =>
      connection(
        (ctx.index.collectionsOfProduct.get(product.id) ?? []).map((c) => collectionView(c, ctx)),
        args,
        (c) => String(c.id),
      ),
  };
  return Object.assign(
    self,
    metafieldAccessors(product.metafields, id, () => self),
  );
}

export function collectionView(collection: CatalogCollection, ctx: ViewContext): Record<string, unknown> {
  const id = gid('Collection', collection.id);
  const self: Record<string, unknown> = {
    __typename: 'Collection',
    id,
    handle: collection.handle,
    title: collection.title,
    description: () => collection.description,
    descriptionHtml: `<p>${collection.description}</p>`,
    image: collection.image ? imageView(collection.image, gid('CollectionImage', collection.id), ctx) : null,
    onlineStoreUrl: null,
    trackingParameters: null,
    updatedAt: '2025-01-01T00:00:00Z',
    seo: { title: null, description: null },
    products: (args: Args) => {
      const members = collection.productIds.flatMap((pid) => {
        const product = ctx.index.productById.get(pid);
        return product ? [product] : [];
      });
      const filtered = filterProducts(members, listArg(args, 'filters'), ctx.country);
      const sorted = sortProducts(filtered, stringArg(args, 'sortKey'));
      return connection(
        sorted.map((p) => productView(p, ctx)),
        args,
        (p) => String(p.id),
        { filters: [] },
      );
    },
  };
  return Object.assign(
    self,
    metafieldAccessors([], id, () => self),
  );
}

/** `node(id)` / `nodes(ids)`: products, variants and collections by gid; anything else is null. */
export function nodeById(id: string, ctx: ViewContext): unknown {
  const type = /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(id)?.[1];
  if (type === 'Product') {
    const product = ctx.index.productById.get(parseNumericGid(id, 'Product') ?? -1);
    return product ? productView(product, ctx) : null;
  }
  if (type === 'ProductVariant') {
    const entry = ctx.index.variantById.get(parseNumericGid(id, 'ProductVariant') ?? -1);
    return entry ? variantView(entry.variant, entry.product, ctx) : null;
  }
  if (type === 'Collection') {
    const collection = ctx.index.collectionById.get(parseNumericGid(id, 'Collection') ?? -1);
    return collection ? collectionView(collection, ctx) : null;
  }
  if (type === undefined) throw new GraphQLError(`Invalid global id '${id}'`);
  return null;
}
