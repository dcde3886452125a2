/**
 * Segment's e-commerce spec v2 from what the store really answered: products (from a product
 * block's product or a cart line), the cart's totals, and the events a cart answer means compared
 * with the cart as it was before (Product Added / Removed by quantity, Coupon Entered / Applied /
 * Denied / Removed). Money is the amount in cents / 100 as a number with two decimals (§9), with
 * the store's currency (USD); list positions are 1-based; every product carries the brand.
 */
import type { AnalyticsEvent, AnalyticsProperties } from '../../shared/analytics.ts';
import type { CartActionBody } from '../../shared/cart.ts';
import type { CartView } from '../../services/cart-client.ts';
import type { Money, Product, StoreWarning } from '../../store/types.ts';

export type Raised = { event: AnalyticsEvent; properties: AnalyticsProperties };
type Line = CartView['lines'][number];

/** "69.00" → 69; "0.1" + "0.2" stay exact to the cent. */
export function amountOf(money: Money | null | undefined): number {
  if (!money) return 0;
  return Math.round(Number(money.amount) * 100) / 100 || 0;
}

const round = (value: number) => Math.round(value * 100) / 100;
const variantName = (title: string) => (title && title !== 'Default Title' ? title : undefined);
const compact = (value: Record<string, string | number | undefined>): AnalyticsProperties => {
  const out: AnalyticsProperties = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined && v !== '') out[key] = v;
  return out;
};

/** A product block's product, as shown (its first available variant, or the first). */
export function productFromCatalog(product: Product, brand: string, position?: number): AnalyticsProperties {
  const variant = product.variants.find((v) => v.availableForSale) ?? product.variants[0];
  return compact({
    product_id: product.id,
    sku: variant?.sku ?? variant?.id,
    name: product.title,
    brand,
    category: product.productType || undefined,
    variant: variant ? variantName(variant.title) : undefined,
    price: variant ? amountOf(variant.price) : undefined,
    currency: variant?.price.currencyCode,
    image_url: product.featuredImage?.src,
    position,
  });
}

/** A cart line as a product (quantity given: a change may add or remove only part of a line). */
export function productFromLine(
  line: Line,
  brand: string,
  quantity = line.quantity,
  position?: number,
): AnalyticsProperties {
  const m = line.merchandise;
  return compact({
    product_id: m.productId,
    sku: m.sku ?? m.id,
    name: m.productTitle,
    brand,
    variant: variantName(m.title),
    price: amountOf(m.price),
    quantity,
    image_url: m.image?.src,
    position,
  });
}

/** The cart's id for analytics (a digest: the real id never reaches the browser). */
const cartIdOf = (cart: CartView | null) => cart?.publicId;

/** What Cart Viewed, Checkout Started and Cart Abandoned carry: the whole cart. */
export function cartProperties(cart: CartView, brand: string): AnalyticsProperties {
  const discount = round(cart.discountAllocations.reduce((sum, a) => sum + amountOf(a.amount), 0));
  const coupons = cart.discountCodes.filter((c) => c.applicable).map((c) => c.code);
  const shipping = round(
    cart.deliveryGroups.reduce((sum, group) => {
      const option = group.options.find((o) => o.handle === group.selectedHandle);
      return sum + amountOf(option?.estimatedCost);
    }, 0),
  );
  return {
    ...compact({ cart_id: cartIdOf(cart), coupon: coupons.join(',') || undefined }),
    value: amountOf(cart.cost.total),
    revenue: amountOf(cart.cost.subtotal),
    discount,
    shipping,
    tax: amountOf(cart.cost.tax),
    currency: cart.cost.total.currencyCode,
    products: cart.lines.map((line, i) => productFromLine(line, brand, line.quantity, i + 1)),
  };
}

const byVariant = (cart: CartView | null) =>
  new Map((cart?.lines ?? []).map((line) => [line.merchandise.id, line]));

/** Added and removed quantities, line by line, between two answers about the same cart. */
function lineChanges(before: CartView | null, after: CartView | null, brand: string): Raised[] {
  const raised: Raised[] = [];
  const cart_id = cartIdOf(after) ?? cartIdOf(before);
  const old = byVariant(before);
  const now = byVariant(after);
  for (const [variant, line] of now) {
    const delta = line.quantity - (old.get(variant)?.quantity ?? 0);
    if (delta > 0)
      raised.push({
        event: 'Product Added',
        properties: { ...compact({ cart_id }), ...productFromLine(line, brand, delta) },
      });
  }
  for (const [variant, line] of old) {
    const delta = line.quantity - (now.get(variant)?.quantity ?? 0);
    if (delta > 0)
      raised.push({
        event: 'Product Removed',
        properties: { ...compact({ cart_id }), ...productFromLine(line, brand, delta) },
      });
  }
  return raised;
}

/** The store's reason a code does not apply: its warning code naming the code, or the only one. */
function denialReason(code: string, warnings: Pick<StoreWarning, 'code' | 'message' | 'apiCode'>[]): string {
  const discount = warnings.filter((w) => (w.apiCode ?? w.code).startsWith('DISCOUNT_'));
  // The code as a whole word: SAVE's reason is not the warning about SAVE10.
  const key = code.toUpperCase().replace(/[^A-Z0-9]/g, '\\$&');
  const names = new RegExp(`(^|[^A-Z0-9])${key}([^A-Z0-9]|$)`, 'i');
  const named = discount.find((w) => names.test(w.message)) ?? discount[0];
  return named ? (named.apiCode ?? named.code) : 'DISCOUNT_NOT_APPLICABLE';
}

const allocationFor = (cart: CartView | null, code: string) =>
  round(
    (cart?.discountAllocations ?? [])
      .filter((a) => a.code?.toUpperCase() === code.toUpperCase())
      .reduce((sum, a) => sum + amountOf(a.amount), 0),
  );

function couponChanges(
  before: CartView | null,
  after: CartView | null,
  warnings: Pick<StoreWarning, 'code' | 'message' | 'apiCode'>[],
): Raised[] {
  const raised: Raised[] = [];
  const cart_id = cartIdOf(after) ?? cartIdOf(before);
  const had = new Set((before?.discountCodes ?? []).map((c) => c.code.toUpperCase()));
  const has = new Map((after?.discountCodes ?? []).map((c) => [c.code.toUpperCase(), c]));
  for (const [key, code] of has) {
    if (had.has(key)) continue;
    const base = { ...compact({ cart_id }), coupon_id: code.code, coupon_name: code.code };
    raised.push({ event: 'Coupon Entered', properties: { ...compact({ cart_id }), coupon_id: code.code } });
    raised.push(
      code.applicable
        ? { event: 'Coupon Applied', properties: { ...base, discount: allocationFor(after, code.code) } }
        : { event: 'Coupon Denied', properties: { ...base, reason: denialReason(code.code, warnings) } },
    );
  }
  for (const code of before?.discountCodes ?? []) {
    if (has.has(code.code.toUpperCase())) continue;
    raised.push({
      event: 'Coupon Removed',
      properties: {
        ...compact({ cart_id }),
        coupon_id: code.code,
        coupon_name: code.code,
        discount: allocationFor(before, code.code),
      },
    });
  }
  return raised;
}

/**
 * The events one cart answer means. `before` is the cart as last answered on this page (null when
 * none was seen: then an add counts what the request asked for, as the answer's line shows it).
 */
export function cartEvents(
  request: CartActionBody,
  before: CartView | null,
  after: CartView | null,
  warnings: Pick<StoreWarning, 'code' | 'message' | 'apiCode'>[],
  brand: string,
): Raised[] {
  switch (request.action) {
    case 'linesAdd': {
      if (before) return lineChanges(before, after, brand);
      const lines = byVariant(after);
      return request.lines.flatMap(({ merchandiseId, quantity }) => {
        const line = lines.get(merchandiseId);
        return line
          ? [
              {
                event: 'Product Added' as const,
                properties: {
                  ...compact({ cart_id: cartIdOf(after) }),
                  ...productFromLine(line, brand, quantity),
                },
              },
            ]
          : [];
      });
    }
    case 'linesUpdate':
    case 'linesRemove':
      return before ? lineChanges(before, after, brand) : [];
    case 'discountCodesUpdate':
      return couponChanges(before, after, warnings);
    default:
      return [];
  }
}
