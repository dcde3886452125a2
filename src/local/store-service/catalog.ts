/**
 * The catalog the local store service sells: plain data (ids as numbers, money in cents) that the
 * views in `views.ts` turn into Storefront API objects. `indexCatalog` checks it once and builds the
 * lookups every request uses.
 */

export type CatalogImage = {
  /** Absolute URL, or a path starting with `/` resolved against the service's image origin. */
  url: string;
  altText: string;
  width: number;
  height: number;
};

export type CatalogMetafield = {
  /** Defaults to `custom`. */
  namespace?: string;
  key: string;
  /** Shopify metafield type: single_line_text_field, number_integer, money, … */
  type: string;
  /** Always a string, as the Storefront API returns it (JSON for `money`). */
  value: string;
};

export type CatalogVariant = {
  /** Numeric part of `gid://shopify/ProductVariant/<id>`. */
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
  compareAtPriceCents?: number | null;
  /** Units in stock; null means inventory is not tracked (never sold out). 0 is sold out. */
  stock: number | null;
  requiresShipping: boolean;
  selectedOptions: { name: string; value: string }[];
  /** The `custom.uid` metafield. */
  uid: string;
  weightKg?: number;
};

export type CatalogProduct = {
  /** Numeric part of `gid://shopify/Product/<id>`. */
  id: number;
  handle: string;
  title: string;
  /** Plain text; `descriptionHtml` wraps its paragraphs. */
  description: string;
  productType: string;
  tags: string[];
  vendor?: string;
  createdAt: string;
  images: CatalogImage[];
  variants: CatalogVariant[];
  metafields: CatalogMetafield[];
  /** ISO country codes this product cannot be shipped to (availability there is false). */
  notShippableTo?: string[];
};

export type CatalogCollection = {
  id: number;
  handle: string;
  title: string;
  description: string;
  image: CatalogImage | null;
  /** Product ids in the collection's manual order. */
  productIds: number[];
};

export type CatalogDiscount = {
  /** Matched case-insensitively. */
  code: string;
  kind: 'percentage' | 'fixed';
  /** Percent (kind percentage) or cents (kind fixed). */
  value: number;
  /** Cents the cart subtotal must reach. */
  minimumSubtotalCents?: number;
  startsAt?: string;
  endsAt?: string;
};

export type Catalog = {
  shopName: string;
  currencyCode: string;
  products: CatalogProduct[];
  collections: CatalogCollection[];
  discounts: CatalogDiscount[];
};

export type IndexedVariant = { variant: CatalogVariant; product: CatalogProduct };

export type CatalogIndex = {
  catalog: Catalog;
  productById: Map<number, CatalogProduct>;
  productByHandle: Map<string, CatalogProduct>;
  variantById: Map<number, IndexedVariant>;
  collectionById: Map<number, CatalogCollection>;
  collectionByHandle: Map<string, CatalogCollection>;
  /** Collections each product belongs to, in catalog order. */
  collectionsOfProduct: Map<number, CatalogCollection[]>;
  discountByCode: Map<string, CatalogDiscount>;
};

/** Builds the lookups; throws on duplicate ids or handles and on collections naming unknown products. */
export function indexCatalog(catalog: Catalog): CatalogIndex {
  const index: CatalogIndex = {
    catalog,
    productById: new Map(),
    productByHandle: new Map(),
    variantById: new Map(),
    collectionById: new Map(),
    collectionByHandle: new Map(),
    collectionsOfProduct: new Map(),
    discountByCode: new Map(),
  };
  const unique = <K, V>(map: Map<K, V>, key: K, value: V, what: string) => {
    if (map.has(key)) throw new Error(`Store catalog: duplicate ${what} ${String(key)}`);
    map.set(key, value);
  };
  for (const product of catalog.products) {
    unique(index.productById, product.id, product, 'product id');
    unique(index.productByHandle, product.handle, product, 'product handle');
    if (product.variants.length === 0)
      throw new Error(`Store catalog: product ${product.handle} has no variants`);
    for (const variant of product.variants) {
      unique(index.variantById, variant.id, { variant, product }, 'variant id');
    }
  }
  for (const collection of catalog.collections) {
    unique(index.collectionById, collection.id, collection, 'collection id');
    unique(index.collectionByHandle, collection.handle, collection, 'collection handle');
    for (const productId of collection.productIds) {
      if (!index.productById.has(productId)) {
        throw new Error(`Store catalog: collection ${collection.handle} names unknown product ${productId}`);
      }
      const list = index.collectionsOfProduct.get(productId) ?? [];
      list.push(collection);
      index.collectionsOfProduct.set(productId, list);
    }
  }
  for (const discount of catalog.discounts) {
    unique(index.discountByCode, discount.code.toUpperCase(), discount, 'discount code');
  }
  return index;
}

/** Whether the product may be sold to (shipped to) the country; unknown country means yes. */
export function shipsTo(product: CatalogProduct, countryCode: string | null): boolean {
  return countryCode === null || !(product.notShippableTo ?? []).includes(countryCode);
}

/** In stock: untracked inventory or at least one unit. */
export function inStock(variant: CatalogVariant): boolean {
  return variant.stock === null || variant.stock > 0;
}

/** Sellable to the country: in stock and shippable there. */
export function variantAvailable(variant: CatalogVariant, product: CatalogProduct, country: string | null) {
  return inStock(variant) && shipsTo(product, country);
}
