/**
 * Wire (validated by wire.ts) → domain types (types.ts). Pure functions: no I/O, no logging.
 * Images become the site's `Image` (`focus: null`: Shopify has no focal point; alt falls back to
 * the product title); lists are cut to the §9 limits even if the server sent more.
 */
import type { Image } from '../shared/types.ts';
import {
  METAFIELD_NAMESPACE,
  PRODUCT_METAFIELD_KEYS,
  STORE_LIMITS,
  type ProductMetafieldKey,
} from './constants.ts';
import { toStoreUserError, toStoreWarning, type ErrorContext } from './errors.ts';
import type {
  Cart,
  CartLine,
  CartResult,
  DeliveryAddress,
  DeliveryGroup,
  Money,
  Product,
  ProductMetafields,
  ProductPage,
  ProductVariant,
} from './types.ts';
import type {
  WireCart,
  WireCartLine,
  WireCartPayload,
  WireImage,
  WireMetafield,
  WireMoney,
  WireProduct,
  WireProductConnection,
  WireVariant,
} from './wire.ts';

/** Trimmed string, or null when empty or absent. */
function text(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toMoney(money: WireMoney): Money {
  return { amount: money.amount, currencyCode: money.currencyCode };
}

function toMoneyOrNull(money: WireMoney | null | undefined): Money | null {
  return money ? toMoney(money) : null;
}

/** Storefront image → Image; alt falls back to `fallbackAlt` (the product title); unknown size is 0×0. */
export function toImage(image: WireImage | null | undefined, fallbackAlt: string): Image | null {
  const src = text(image?.url);
  if (!image || !src) return null;
  return {
    src,
    alt: text(image.altText) ?? fallbackAlt,
    width: image.width ?? 0,
    height: image.height ?? 0,
    focus: null,
  };
}

// ---- metafields ------------------------------------------------------------------------------

const DECIMAL = /^\d+(?:\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * `monthly_price` arrives either as a money JSON string (`{"amount":"29.00","currency_code":"USD"}`,
 * the `money` metafield type; `currencyCode` is accepted too) or as a plain decimal string (then in
 * `fallbackCurrency`, the product's price currency). Anything else gives null.
 */
export function parseMonthlyPrice(value: string | null, fallbackCurrency: string | null): Money | null {
  const raw = text(value);
  if (!raw) return null;
  if (raw.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const amount =
      typeof record.amount === 'number' && Number.isFinite(record.amount)
        ? String(record.amount)
        : typeof record.amount === 'string'
          ? record.amount.trim()
          : null;
    const currency = record.currency_code ?? record.currencyCode;
    if (!amount || !DECIMAL.test(amount) || typeof currency !== 'string') return null;
    const currencyCode = currency.trim().toUpperCase();
    return CURRENCY.test(currencyCode) ? { amount, currencyCode } : null;
  }
  if (DECIMAL.test(raw) && fallbackCurrency) return { amount: raw, currencyCode: fallbackCurrency };
  return null;
}

/** `trial_days` (number_integer): a non-negative integer, else null. */
export function parseTrialDays(value: string | null): number | null {
  const raw = text(value);
  if (!raw || !/^\d+(?:\.0+)?$/.test(raw)) return null;
  const days = Number(raw);
  return Number.isSafeInteger(days) ? days : null;
}

/** The §3 metafields, by key (null entries and unknown keys are ignored; empty values are null). */
export function toMetafields(
  entries: (WireMetafield | null)[],
  fallbackCurrency: string | null,
): ProductMetafields {
  const known = new Set<string>(PRODUCT_METAFIELD_KEYS);
  const byKey = new Map<ProductMetafieldKey, string>();
  for (const entry of entries) {
    if (
      entry &&
      known.has(entry.key) &&
      (entry.namespace === undefined || entry.namespace === METAFIELD_NAMESPACE)
    ) {
      byKey.set(entry.key as ProductMetafieldKey, entry.value);
    }
  }
  const get = (key: ProductMetafieldKey) => byKey.get(key) ?? null;
  return {
    subscriptionId: text(get('subscription_id')),
    trialDays: parseTrialDays(get('trial_days')),
    coupon: text(get('coupon')),
    membershipGid: text(get('membership_gid')),
    monthlyPrice: parseMonthlyPrice(get('monthly_price'), fallbackCurrency),
    productFilter: text(get('product_filter')),
    shortDescription: text(get('short_description')),
  };
}

// ---- products --------------------------------------------------------------------------------

export function toVariant(variant: WireVariant): ProductVariant {
  return {
    id: variant.id,
    title: variant.title,
    sku: text(variant.sku),
    price: toMoney(variant.price),
    compareAtPrice: toMoneyOrNull(variant.compareAtPrice),
    availableForSale: variant.availableForSale,
    requiresShipping: variant.requiresShipping,
    uid: text(variant.uid?.value),
    selectedOptions: variant.selectedOptions.map((o) => ({ name: o.name, value: o.value })),
  };
}

export function toProduct(product: WireProduct): Product {
  const variants = product.variants.nodes.slice(0, STORE_LIMITS.variants).map(toVariant);
  const currency =
    product.priceRange?.minVariantPrice.currencyCode ?? variants[0]?.price.currencyCode ?? null;
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    productType: product.productType,
    tags: [...product.tags],
    featuredImage: toImage(product.featuredImage, product.title),
    images: product.images.nodes
      .slice(0, STORE_LIMITS.images)
      .map((image) => toImage(image, product.title))
      .filter((image): image is Image => image !== null),
    variants,
    availableForSale: product.availableForSale,
    metafields: toMetafields(product.metafields, currency),
  };
}

export function toProductPage(connection: WireProductConnection): ProductPage {
  return {
    products: connection.nodes.map(toProduct),
    hasNextPage: connection.pageInfo.hasNextPage,
    endCursor: connection.pageInfo.endCursor ?? null,
  };
}

// ---- cart ------------------------------------------------------------------------------------

export function toCartLine(line: WireCartLine): CartLine {
  const m = line.merchandise;
  return {
    id: line.id,
    quantity: line.quantity,
    merchandise: {
      id: m.id,
      title: m.title,
      sku: m.sku || null,
      price: toMoney(m.price),
      compareAtPrice: toMoneyOrNull(m.compareAtPrice),
      productId: m.product.id,
      productTitle: m.product.title,
      productHandle: m.product.handle,
      requiresShipping: m.requiresShipping,
      image: toImage(m.image, m.product.title) ?? toImage(m.product.featuredImage, m.product.title),
    },
    cost: { totalAmount: toMoney(line.cost.totalAmount) },
  };
}

function toDeliveryAddresses(cart: WireCart): DeliveryAddress[] {
  return (cart.delivery?.addresses ?? []).map(({ id, selected, address: a }) => ({
    id,
    selected,
    address1: text(a.address1),
    address2: text(a.address2),
    city: text(a.city),
    provinceCode: text(a.provinceCode),
    countryCode: text(a.countryCode),
    zip: text(a.zip),
    firstName: text(a.firstName),
    lastName: text(a.lastName),
  }));
}

function toDeliveryGroups(cart: WireCart): DeliveryGroup[] {
  return (cart.deliveryGroups?.nodes ?? []).slice(0, STORE_LIMITS.deliveryGroups).map((group) => ({
    id: group.id,
    options: group.deliveryOptions.map((o) => ({
      handle: o.handle,
      code: text(o.code),
      title: text(o.title),
      description: text(o.description),
      estimatedCost: toMoney(o.estimatedCost),
    })),
    selectedHandle: group.selectedDeliveryOption?.handle ?? null,
  }));
}

export function toCart(cart: WireCart): Cart {
  const b = cart.buyerIdentity;
  return {
    id: cart.id,
    checkoutUrl: cart.checkoutUrl,
    totalQuantity: cart.totalQuantity,
    lines: cart.lines.nodes.slice(0, STORE_LIMITS.lines).map(toCartLine),
    discountCodes: cart.discountCodes.map((d) => ({ code: d.code, applicable: d.applicable })),
    discountAllocations: cart.discountAllocations.slice(0, STORE_LIMITS.discountAllocations).map((d) => ({
      amount: toMoney(d.discountedAmount),
      code: text(d.code),
    })),
    cost: {
      subtotal: toMoney(cart.cost.subtotalAmount),
      total: toMoney(cart.cost.totalAmount),
      tax: toMoneyOrNull(cart.cost.totalTaxAmount),
    },
    deliveryAddresses: toDeliveryAddresses(cart),
    deliveryGroups: toDeliveryGroups(cart),
    buyerIdentity: {
      countryCode: text(b.countryCode),
      email: text(b.email),
      phone: text(b.phone),
      customer: b.customer
        ? { id: b.customer.id, firstName: text(b.customer.firstName), lastName: text(b.customer.lastName) }
        : null,
    },
  };
}

/**
 * A mutation payload → CartResult. The country context for INVALID_FOR_COUNTRY detection is the
 * API's country plus the cart's buyer country (when the payload has a cart).
 */
export function toCartResult(payload: WireCartPayload, ctx: ErrorContext = {}): CartResult {
  const cart = payload.cart ? toCart(payload.cart) : null;
  const errorCtx: ErrorContext = {
    countries: [...(ctx.countries ?? []), cart?.buyerIdentity.countryCode ?? null],
  };
  return {
    cart,
    userErrors: payload.userErrors.map((e) => toStoreUserError(e, errorCtx)),
    warnings: payload.warnings.map(toStoreWarning),
  };
}
