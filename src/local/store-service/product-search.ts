/**
 * Product search, sorting and filtering as the Storefront API applies them to `products(query:,
 * sortKey:)` and `collection.products(filters:, sortKey:)`, over catalog products.
 */
import { variantAvailable, type CatalogProduct } from './catalog.ts';
import { isArgs, type Args } from './connection.ts';

/** A parsed Storefront search query: space-separated terms, AND by default, `OR` between groups. */
export function matchesQuery(product: CatalogProduct, query: string | null, country: string | null): boolean {
  if (query === null || query.trim() === '') return true;
  const groups = query.split(/\s+OR\s+/);
  return groups.some((group) => {
    const terms = group.match(/-?[a-z_]+:"[^"]*"|-?[a-z_]+:\S+|"[^"]*"|\S+/gi) ?? [];
    return terms
      .filter((term) => term !== 'AND')
      .every((raw) => {
        const negated = raw.startsWith('-');
        const term = negated ? raw.slice(1) : raw;
        return termMatches(product, term, country) !== negated;
      });
  });
}

function termMatches(product: CatalogProduct, term: string, country: string | null): boolean {
  const colon = term.indexOf(':');
  const field = colon > 0 ? term.slice(0, colon).toLowerCase() : null;
  const rawValue = (colon > 0 ? term.slice(colon + 1) : term).replace(/^"|"$/g, '').toLowerCase();
  const prefix = rawValue.endsWith('*');
  const value = prefix ? rawValue.slice(0, -1) : rawValue;
  const eq = (candidate: string) =>
    prefix ? candidate.toLowerCase().startsWith(value) : candidate.toLowerCase() === value;
  switch (field) {
    case 'tag':
      return product.tags.some(eq);
    case 'product_type':
      return eq(product.productType);
    case 'title':
      return prefix ? eq(product.title) : product.title.toLowerCase().includes(value);
    case 'vendor':
      return eq(product.vendor ?? '');
    case 'handle':
      return eq(product.handle);
    case 'id':
      return eq(String(product.id));
    case 'available_for_sale':
      return product.variants.some((v) => variantAvailable(v, product, country)) === (value === 'true');
    default: {
      const text = [product.title, product.description, product.productType, ...product.tags]
        .join(' ')
        .toLowerCase();
      return text.includes(term.replace(/^"|"$/g, '').replace(/\*$/, '').toLowerCase());
    }
  }
}

const PRODUCT_SORTS: Record<string, (p: CatalogProduct) => string | number> = {
  ID: (p) => p.id,
  TITLE: (p) => p.title.toLowerCase(),
  PRODUCT_TYPE: (p) => p.productType.toLowerCase(),
  VENDOR: (p) => (p.vendor ?? '').toLowerCase(),
  CREATED_AT: (p) => p.createdAt,
  CREATED: (p) => p.createdAt,
  UPDATED_AT: (p) => p.createdAt,
  PRICE: (p) => Math.min(...p.variants.map((v) => v.priceCents)),
};

/** Sorts by a ProductSortKeys / ProductCollectionSortKeys value; unknown keys keep the given order. */
export function sortProducts(products: CatalogProduct[], sortKey: string | null): CatalogProduct[] {
  const key = sortKey ? PRODUCT_SORTS[sortKey] : undefined;
  if (!key) return products;
  return [...products].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
}

/** Applies `collection.products(filters:)`: available, productType, productVendor, tag, price. */
export function filterProducts(products: CatalogProduct[], filters: Args[], country: string | null) {
  if (filters.length === 0) return products;
  return products.filter((product) =>
    filters.every((filter) => {
      if (typeof filter.available === 'boolean') {
        const available = product.variants.some((v) => variantAvailable(v, product, country));
        if (available !== filter.available) return false;
      }
      if (typeof filter.productType === 'string' && filter.productType !== product.productType) return false;
      if (typeof filter.productVendor === 'string' && filter.productVendor !== (product.vendor ?? ''))
        return false;
      if (typeof filter.tag === 'string' && !product.tags.includes(filter.tag)) return false;
      if (isArgs(filter.price)) {
        const { min, max } = filter.price;
        const cents = product.variants.map((v) => v.priceCents / 100);
        if (typeof min === 'number' && !cents.some((c) => c >= min)) return false;
        if (typeof max === 'number' && !cents.some((c) => c <= max)) return false;
      }
      return true;
    }),
  );
}
