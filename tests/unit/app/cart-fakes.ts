/**
 * A stand-in for the cart function in component tests: an in-memory cart behind a `fetch` stub that
 * answers the actions the drawer sends, records their bodies, and can hold an answer back (to see
 * the optimistic state) or fail it.
 */
import type { CartActionBody } from '../../../src/shared/cart';
import type { CartView } from '../../../src/services/cart-client';
import type { StoreUserError, StoreWarning } from '../../../src/store/types';

type Line = CartView['lines'][number];

const usd = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: 'USD' });

export const GLOVES_LINE = 'gid://shopify/CartLine/aaa?cart=t1';
export const WRAPS_LINE = 'gid://shopify/CartLine/bbb?cart=t1';

export function line(
  id: string,
  quantity: number,
  overrides: { productTitle?: string; title?: string; price?: number; compareAt?: number | null } = {},
): Line {
  const price = overrides.price ?? 69;
  return {
    id,
    quantity,
    merchandise: {
      id: `gid://shopify/ProductVariant/${id.length}`,
      title: overrides.title ?? '12oz',
      sku: 'RH-GLV-12',
      price: usd(price),
      compareAtPrice: overrides.compareAt === null ? null : usd(overrides.compareAt ?? 79),
      productId: 'gid://shopify/Product/1001',
      productTitle: overrides.productTitle ?? 'Pro Boxing Gloves',
      productHandle: 'pro-boxing-gloves',
      requiresShipping: true,
      image: {
        src: 'https://img.example/gloves-800x800.jpg',
        alt: 'Gloves',
        width: 800,
        height: 800,
        focus: null,
      },
    },
    cost: { totalAmount: usd(price * quantity) },
  };
}

export const STANDARD = { handle: 'standard', code: 'standard', title: 'Standard', description: '5–7 days' };
export const EXPRESS = { handle: 'express', code: 'express', title: 'Express', description: '1–2 days' };

/** A cart whose costs follow its lines, codes (ROUND10 10 %, others never apply) and delivery. */
export function cart(
  lines: Line[],
  options: { codes?: string[]; delivery?: boolean; selected?: string | null } = {},
): CartView {
  const subtotal = lines.reduce((sum, l) => sum + Number(l.merchandise.price.amount) * l.quantity, 0);
  const codes = (options.codes ?? []).map((code) => ({ code, applicable: code.toUpperCase() === 'ROUND10' }));
  const allocations = codes
    .filter((c) => c.applicable)
    .map((c) => ({ code: c.code, amount: usd(Math.round(subtotal * 10) / 100) }));
  const discount = allocations.reduce((sum, a) => sum + Number(a.amount.amount), 0);
  const delivery = options.delivery
    ? [
        {
          id: 'gid://shopify/CartDeliveryGroup/1?cart=t1',
          options: [
            { ...STANDARD, estimatedCost: usd(subtotal >= 100 ? 0 : 7) },
            { ...EXPRESS, estimatedCost: usd(19) },
          ],
          selectedHandle: options.selected ?? null,
        },
      ]
    : [];
  const shipping =
    delivery[0]?.options.find((o) => o.handle === delivery[0]?.selectedHandle)?.estimatedCost.amount ?? '0';
  return {
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines,
    discountCodes: codes,
    discountAllocations: allocations,
    cost: { subtotal: usd(subtotal), total: usd(subtotal - discount + Number(shipping)), tax: null },
    deliveryAddresses: [],
    deliveryGroups: delivery,
    buyerIdentity: { countryCode: 'US', email: null, phone: null, customer: null },
  };
}

type Answer = { status?: number; body?: unknown; reject?: boolean };
type Held = { release: () => void };

/**
 * The fake cart function. `answer(fn)` overrides the next answer (a status, a body, or a network
 * failure); `hold()` keeps the next answer back until released.
 */
export function fakeCartFunction(initial: CartView | null) {
  let current = initial;
  let delivery = initial?.deliveryGroups.length ? true : false;
  const bodies: CartActionBody[] = [];
  const overrides: ((body: CartActionBody) => Answer | undefined)[] = [];
  const holds: Promise<void>[] = [];

  function apply(body: CartActionBody): {
    cart: CartView | null;
    userErrors: StoreUserError[];
    warnings: StoreWarning[];
  } {
    if (!current) return { cart: null, userErrors: [], warnings: [] };
    const codes = current.discountCodes.map((c) => c.code);
    const selected = current.deliveryGroups[0]?.selectedHandle ?? null;
    switch (body.action) {
      case 'get':
        break;
      case 'linesUpdate':
      case 'linesRemove': {
        const changes =
          body.action === 'linesRemove'
            ? body.lineIds.map((id) => ({ id, quantity: 0 }))
            : body.lines.map((l) => ({ id: l.id, quantity: l.quantity }));
        let lines = current.lines;
        for (const change of changes) {
          lines =
            change.quantity === 0
              ? lines.filter((l) => l.id !== change.id)
              : lines.map((l) => (l.id === change.id ? line(l.id, change.quantity, titleOf(l)) : l));
        }
        current = cart(lines, { codes, delivery, selected });
        break;
      }
      case 'discountCodesUpdate': {
        current = cart(current.lines, { codes: body.discountCodes, delivery, selected });
        const warnings = current.discountCodes
          .filter((c) => !c.applicable && !codes.includes(c.code))
          .map((c) => ({
            code: 'DISCOUNT_CURRENTLY_INACTIVE',
            apiCode: 'DISCOUNT_CURRENTLY_INACTIVE',
            message: `Discount code ${c.code} is not active.`,
            target: 'cart',
          }));
        return { cart: current, userErrors: [], warnings };
      }
      case 'deliveryOptionSelect':
        delivery = true;
        current = cart(current.lines, { codes, delivery, selected: body.deliveryOptionHandle });
        break;
      default:
        throw new Error(`unexpected action ${body.action}`);
    }
    return { cart: current, userErrors: [], warnings: [] };
  }

  const fetchStub = async (_url: unknown, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as CartActionBody;
    bodies.push(body);
    const hold = holds.shift();
    const override = overrides.shift()?.(body);
    if (hold) await hold;
    if (override?.reject) throw new TypeError('Failed to fetch');
    if (override) return Response.json(override.body ?? { errors: [] }, { status: override.status ?? 200 });
    return Response.json(apply(body));
  };

  return {
    fetch: fetchStub,
    bodies,
    get cart() {
      return current;
    },
    set cart(next: CartView | null) {
      current = next;
    },
    /** The next request gets this answer instead of the fake's own. */
    answer(make: (body: CartActionBody) => Answer | undefined) {
      overrides.push(make);
    },
    /** The next request's answer waits until `release()`. */
    hold(): Held {
      let release = () => {};
      holds.push(new Promise<void>((resolve) => (release = resolve)));
      return { release: () => release() };
    },
  };
}

function titleOf(l: Line) {
  return {
    productTitle: l.merchandise.productTitle,
    title: l.merchandise.title,
    price: Number(l.merchandise.price.amount),
    compareAt: l.merchandise.compareAtPrice ? Number(l.merchandise.compareAtPrice.amount) : null,
  };
}
