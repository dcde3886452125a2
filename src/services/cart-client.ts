/**
 * The browser side of the cart: calls to the cart function (same origin; the cart id travels in
 * its HttpOnly cookie) and the shopper-facing words for what can go wrong. No zod here: answers are
 * checked by hand so the browser bundle stays small.
 */
import {
  CART_CHANGED_EVENT,
  CART_FUNCTION_PATH,
  type CartActionBody,
  type CartChangedDetail,
} from '../shared/cart.ts';
import type { Cart, Money, StoreUserError, StoreWarning } from '../store/types.ts';
import { reportCartAnswer } from '../shared/track.ts';

export const CART_MESSAGES = {
  PRODUCT_NOT_AVAILABLE: 'Sorry, this item is not available right now.',
  INVALID_FOR_COUNTRY: 'Sorry, we cannot ship this item to your country.',
  // A cart that is gone (expired, or its order placed in another tab): the drawer shows it empty.
  CART_NOT_FOUND: 'Your cart is no longer available. Please add your items again.',
  INVALID_MERCHANDISE_LINE: 'This item is no longer in your cart.',
  unavailable: 'The store is unavailable right now. Please try again in a moment.',
  busy: 'Too many requests right now. Please wait a moment and try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

/**
 * The cart as the browser sees it: the cart function never sends its id nor its checkout URL (both
 * carry the cart's secret key); checkout is a link to the function (CART_CHECKOUT_PATH).
 */
export type CartView = Omit<Cart, 'id' | 'checkoutUrl'> & {
  /** A stand-in for the cart's id that opens nothing (analytics' `cart_id`). */
  publicId?: string;
};
export type CartAnswer = { cart: CartView | null; userErrors: StoreUserError[]; warnings: StoreWarning[] };

/** The answer (which may still carry user errors and warnings), or why there is none. */
export type CartActionResult = ({ ok: true } & CartAnswer) | { ok: false; message: string };

export type AddToCartResult = { ok: true; totalQuantity: number } | { ok: false; message: string };

type UserError = { code?: unknown; message?: unknown };

/** The shopper-facing message for a cart user error. */
export function messageFor(error: UserError): string {
  const code = error.code;
  if (typeof code === 'string' && Object.hasOwn(CART_MESSAGES, code) && code.toUpperCase() === code) {
    return CART_MESSAGES[code as keyof typeof CART_MESSAGES];
  }
  return typeof error.message === 'string' && error.message.trim() !== ''
    ? error.message
    : CART_MESSAGES.failed;
}

/** POSTs one action; the parsed JSON body of a 2xx answer, or the words for the failure. */
async function post(
  body: CartActionBody,
  fetchImpl: typeof fetch,
): Promise<{ ok: true; body: unknown } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetchImpl(CART_FUNCTION_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, message: CART_MESSAGES.failed };
  }
  if (response.status === 503) return { ok: false, message: CART_MESSAGES.unavailable };
  if (response.status === 429) return { ok: false, message: CART_MESSAGES.busy };
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok || parsed === null) return { ok: false, message: CART_MESSAGES.failed };
  // Analytics tells Product Added, Coupon Applied... from the store's real answer.
  reportCartAnswer(body, parsed);
  return { ok: true, body: parsed };
}

/** Tells the page (the nav's count) the cart changed. */
function announceChange(totalQuantity: number): void {
  if (typeof window === 'undefined') return;
  const detail: CartChangedDetail = { totalQuantity };
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail }));
}

/** Add one variant to the cart. Never throws; tells the page the cart changed on success. */
export async function addToCart(
  merchandiseId: string,
  quantity = 1,
  fetchImpl: typeof fetch = fetch,
): Promise<AddToCartResult> {
  const answer = await post({ action: 'linesAdd', lines: [{ merchandiseId, quantity }] }, fetchImpl);
  if (!answer.ok) return answer;
  const body = answer.body as { cart?: { totalQuantity?: unknown } | null; userErrors?: UserError[] };
  const firstError = Array.isArray(body.userErrors) ? body.userErrors[0] : undefined;
  if (firstError) return { ok: false, message: messageFor(firstError) };
  const totalQuantity = typeof body.cart?.totalQuantity === 'number' ? body.cart.totalQuantity : 0;
  announceChange(totalQuantity);
  return { ok: true, totalQuantity };
}

// ---- shape checks (by hand: no zod in the browser) ------------------------------------------

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isMoney = (value: unknown): value is Money =>
  isObject(value) && isString(value.amount) && isString(value.currencyCode);
const isArrayOf = (value: unknown, check: (item: unknown) => boolean): value is unknown[] =>
  Array.isArray(value) && value.every(check);

const isLine = (value: unknown) =>
  isObject(value) &&
  isString(value.id) &&
  Number.isInteger(value.quantity) &&
  isObject(value.merchandise) &&
  isString(value.merchandise.id) &&
  isString(value.merchandise.title) &&
  isString(value.merchandise.productTitle) &&
  isMoney(value.merchandise.price) &&
  (value.merchandise.compareAtPrice === null || isMoney(value.merchandise.compareAtPrice));

const isDeliveryGroup = (value: unknown) =>
  isObject(value) &&
  isString(value.id) &&
  isArrayOf(
    value.options,
    (option) => isObject(option) && isString(option.handle) && isMoney(option.estimatedCost),
  );

/** Whether an answer's `cart` has what the drawer shows. */
export function isCartView(value: unknown): value is CartView {
  return (
    isObject(value) &&
    Number.isInteger(value.totalQuantity) &&
    isArrayOf(value.lines, isLine) &&
    isArrayOf(value.discountCodes, (code) => isObject(code) && isString(code.code)) &&
    isArrayOf(
      value.discountAllocations,
      (allocation) => isObject(allocation) && isMoney(allocation.amount),
    ) &&
    isObject(value.cost) &&
    isMoney(value.cost.subtotal) &&
    isMoney(value.cost.total) &&
    isArrayOf(value.deliveryGroups, isDeliveryGroup)
  );
}

const isNotice = (value: unknown) => isObject(value) && isString(value.message);

/**
 * Sends one cart action. Never throws: the answer (`cart` null when there is none), or a message
 * for the shopper. A well-formed answer tells the page the cart's new total quantity.
 */
export async function cartAction(
  body: CartActionBody,
  fetchImpl: typeof fetch = fetch,
): Promise<CartActionResult> {
  const answer = await post(body, fetchImpl);
  if (!answer.ok) return answer;
  const data = answer.body;
  if (
    !isObject(data) ||
    !(data.cart === null || isCartView(data.cart)) ||
    !isArrayOf(data.userErrors, isNotice) ||
    !isArrayOf(data.warnings, isNotice)
  ) {
    return { ok: false, message: CART_MESSAGES.failed };
  }
  const result: CartActionResult = {
    ok: true,
    cart: data.cart,
    userErrors: data.userErrors as StoreUserError[],
    warnings: data.warnings as StoreWarning[],
  };
  announceChange(result.cart?.totalQuantity ?? 0);
  return result;
}

// ---- warnings in a shopper's words ------------------------------------------------------------

type LineLike = CartView['lines'][number];

/** "Pro Boxing Gloves (12 oz)", or the product title alone for a product without options. */
export function lineName(line: LineLike): string {
  const variant = line.merchandise.title.trim();
  return variant && variant !== 'Default Title'
    ? `${line.merchandise.productTitle} (${variant})`
    : line.merchandise.productTitle;
}

const findLine = (cart: CartView | null, id: string) => cart?.lines.find((line) => line.id === id);

/**
 * The shopper-facing sentence for a cart warning; null for discount warnings (the drawer explains
 * those beside each code: see `discountReasons`). `before` is the cart as it was shown (a line that
 * sold out is gone from `after`).
 */
export function warningMessage(
  warning: Pick<StoreWarning, 'code' | 'message' | 'target' | 'apiCode'>,
  before: CartView | null,
  after: CartView | null,
): string | null {
  const code = warning.apiCode ?? warning.code;
  if (code.startsWith('DISCOUNT_')) return null;
  if (code === 'MERCHANDISE_NOT_ENOUGH_STOCK') {
    const line = findLine(after, warning.target);
    return line
      ? `Only ${line.quantity} left of ${lineName(line)}: we reduced the quantity.`
      : 'Some items are running low: we reduced the quantity.';
  }
  if (code === 'MERCHANDISE_OUT_OF_STOCK') {
    const line = findLine(before, warning.target);
    return line
      ? `${lineName(line)} sold out: we removed it from your cart.`
      : 'An item sold out: we removed it from your cart.';
  }
  return warning.message.trim() || null;
}

/** Why a discount code does not apply, by the API's warning code. */
export const DISCOUNT_REASONS: Record<string, string> = {
  DISCOUNT_NOT_FOUND: 'We do not recognise this code.',
  DISCOUNT_CURRENTLY_INACTIVE: 'This code has expired or is not active yet.',
  DISCOUNT_NO_ENTITLED_LINE_ITEMS: 'This code does not apply to the items in your cart.',
  DISCOUNT_PURCHASE_NOT_IN_RANGE: 'Your order does not reach the minimum for this code yet.',
};
/** Said of a code that does not apply when the store gave no reason (or it was given earlier). */
export const DISCOUNT_NOT_APPLICABLE = 'This code cannot be used with your cart right now.';

/**
 * Reasons for the codes that do not apply, keyed by the code in upper case, from the warnings of
 * the update that set them. A warning names its code in its message (Shopify's and the local
 * store's do); when it does not and only one code fails, the warning is that code's.
 */
export function discountReasons(
  codes: CartView['discountCodes'],
  warnings: Pick<StoreWarning, 'code' | 'message' | 'apiCode'>[],
): Record<string, string> {
  const failing = codes.filter((code) => !code.applicable);
  const discountWarnings = warnings.filter((w) => (w.apiCode ?? w.code).startsWith('DISCOUNT_'));
  const reasons: Record<string, string> = {};
  for (const { code } of failing) {
    const key = code.toUpperCase();
    const named = discountWarnings.find((w) =>
      new RegExp(`(^|[^A-Z0-9])${key.replace(/[^A-Z0-9]/g, '\\$&')}([^A-Z0-9]|$)`, 'i').test(w.message),
    );
    const warning = named ?? (failing.length === 1 ? discountWarnings[0] : undefined);
    if (warning) reasons[key] = DISCOUNT_REASONS[warning.apiCode ?? warning.code] ?? DISCOUNT_NOT_APPLICABLE;
  }
  return reasons;
}
