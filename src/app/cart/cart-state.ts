/** The cart drawer's state as a pure reducer: optimistic changes, their settling, and what to say. */
import {
  DISCOUNT_NOT_APPLICABLE,
  discountReasons,
  messageFor,
  warningMessage,
  type CartActionResult,
  type CartView,
} from '../../services/cart-client.ts';

export type CartMessage = { kind: 'error' | 'notice'; text: string };

/** A change sent and not answered yet. Quantity 0 is a removal. */
export type Pending =
  | { kind: 'quantity'; lineId: string; quantity: number }
  | { kind: 'delivery'; groupId: string; handle: string };

export type CartState = {
  /** `loading`: nothing to show yet; `failed`: the cart could not be read (nothing to show). */
  status: 'loading' | 'ready' | 'failed';
  /** The cart as the server last answered (null: there is none). */
  settled: CartView | null;
  pending: Pending[];
  /** Requests in flight that concern the whole cart (reading it, discount codes). */
  busy: number;
  /** What the last answer said: user errors and warnings in a shopper's words. */
  messages: CartMessage[];
  /** Why each code that does not apply does not (by upper-case code), from the update that set it. */
  reasons: Record<string, string>;
  /** For the polite live region. */
  announcement: string;
};

export type CartAnswer = Extract<CartActionResult, { ok: true }>;

export type CartAction =
  /** A request went out; `change` (the same object on its answer) is shown at once. */
  | { type: 'sent'; change?: Pending }
  /**
   * Its answer arrived. `take`: it is the newest answer so far (an older one only says its
   * messages); `before`: the cart as shown when it was sent; `said`: the sentence announced when
   * it went through without a user error.
   */
  | {
      type: 'answered';
      change?: Pending;
      result: CartActionResult;
      take: boolean;
      before: CartView | null;
      said?: string;
    }
  /** The drawer opens on a cart known to be out of date: show "loading" rather than it. */
  | { type: 'reloading' }
  /** A notice that needs no request (a code already applied). */
  | { type: 'noticed'; text: string };

export const INITIAL_CART_STATE: CartState = {
  status: 'loading',
  settled: null,
  pending: [],
  busy: 0,
  messages: [],
  reasons: {},
  announcement: '',
};

/** The cart as the shopper should see it: the server's answer with the pending changes applied. */
export function withPending(cart: CartView | null, pending: readonly Pending[]): CartView | null {
  if (!cart || pending.length === 0) return cart;
  let { lines, deliveryGroups } = cart;
  for (const change of pending) {
    if (change.kind === 'quantity') {
      lines =
        change.quantity === 0
          ? lines.filter((line) => line.id !== change.lineId)
          : lines.map((line) => (line.id === change.lineId ? { ...line, quantity: change.quantity } : line));
    } else {
      deliveryGroups = deliveryGroups.map((group) =>
        group.id === change.groupId ? { ...group, selectedHandle: change.handle } : group,
      );
    }
  }
  const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  return { ...cart, lines, deliveryGroups, totalQuantity };
}

/** An answer's user errors and warnings in a shopper's words (`before`: the cart as it was shown). */
export function answerMessages(answer: CartAnswer, before: CartView | null): CartMessage[] {
  const messages: CartMessage[] = answer.userErrors.map((error) => ({
    kind: 'error',
    text: messageFor(error),
  }));
  for (const warning of answer.warnings) {
    const text = warningMessage(warning, before, answer.cart);
    if (text) messages.push({ kind: 'notice', text });
  }
  return messages;
}

/** What to announce once a discount code was sent: applied, or why it does not apply. */
export function codeOutcome(code: string, { cart, warnings }: CartAnswer): string {
  const key = code.toUpperCase();
  const entry = cart?.discountCodes.find((c) => c.code.toUpperCase() === key);
  if (entry?.applicable) return `Code ${code} applied.`;
  const reason = discountReasons(cart?.discountCodes ?? [], warnings)[key] ?? DISCOUNT_NOT_APPLICABLE;
  return `Code ${code} does not apply: ${reason}`;
}

/** Whether `code` is among the cart's codes (codes compare without case). */
export function hasCode(codes: CartView['discountCodes'], code: string): boolean {
  return codes.some((c) => c.code.toUpperCase() === code.toUpperCase());
}

function answered(state: CartState, action: Extract<CartAction, { type: 'answered' }>): CartState {
  const { change, result } = action;
  const next: CartState = {
    ...state,
    pending: change ? state.pending.filter((p) => p !== change) : state.pending,
    busy: change ? state.busy : state.busy - 1,
  };
  if (!result.ok) {
    // The change is dropped (the cart shows the server's last answer again) and the shopper told why.
    return {
      ...next,
      status: state.status === 'loading' ? 'failed' : state.status,
      messages: [{ kind: 'error', text: result.message }],
      announcement: result.message,
    };
  }
  const messages = answerMessages(result, action.before);
  const said = result.userErrors.length === 0 && action.said ? [action.said] : [];
  return {
    ...next,
    status: 'ready',
    settled: action.take ? result.cart : state.settled,
    messages,
    reasons: result.cart
      ? { ...state.reasons, ...discountReasons(result.cart.discountCodes, result.warnings) }
      : {},
    announcement: [...said, ...messages.map((m) => m.text)].join(' '),
  };
}

/** The drawer's state after one event. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'sent':
      return {
        ...state,
        pending: action.change ? [...state.pending, action.change] : state.pending,
        busy: action.change ? state.busy : state.busy + 1,
        messages: [],
        announcement: '',
      };
    case 'answered':
      return answered(state, action);
    case 'reloading':
      return { ...state, status: 'loading', messages: [] };
    case 'noticed':
      return { ...state, messages: [{ kind: 'notice', text: action.text }], announcement: action.text };
  }
}

/** The line ids with a change in flight (their controls are disabled). */
export function pendingLineIds(pending: readonly Pending[]): Set<string> {
  return new Set(pending.flatMap((p) => (p.kind === 'quantity' ? [p.lineId] : [])));
}

/**
 * The order of requests and answers: an answer is taken only if no newer one was taken before it;
 * once everything has settled after an answer was dropped, the cart is read again.
 */
export type RequestOrder = { sent: number; accepted: number; inFlight: number; missed: boolean };

export const FIRST_REQUEST: RequestOrder = { sent: 0, accepted: 0, inFlight: 0, missed: false };

/** A request goes out: its id (ids grow with each request) and the new order. */
export function requestSent(order: RequestOrder): { order: RequestOrder; id: number } {
  const id = order.sent + 1;
  return { order: { ...order, sent: id, inFlight: order.inFlight + 1 }, id };
}

/** The answer to request `id` arrived: whether to take its cart, and whether to read the cart again. */
export function answerArrived(
  order: RequestOrder,
  id: number,
  ok: boolean,
): { order: RequestOrder; take: boolean; reread: boolean } {
  const inFlight = order.inFlight - 1;
  const take = ok && id > order.accepted;
  const missed = order.missed || (ok && !take);
  const reread = inFlight === 0 && missed;
  return {
    order: { ...order, inFlight, accepted: take ? id : order.accepted, missed: missed && !reread },
    take,
    reread,
  };
}
