/**
 * The cart drawer's state without React: what a shopper would notice after each event (optimistic
 * quantities and removals, rollback on failure, messages and announcements, counts) and the order
 * in which answers are taken.
 */
import { describe, expect, test } from 'vitest';
import {
  FIRST_REQUEST,
  INITIAL_CART_STATE,
  answerArrived,
  answerMessages,
  cartReducer,
  codeOutcome,
  hasCode,
  pendingLineIds,
  requestSent,
  withPending,
  type CartAction,
  type CartState,
  type Pending,
} from '../../../src/app/cart/cart-state.ts';
import {
  CART_MESSAGES,
  DISCOUNT_NOT_APPLICABLE,
  DISCOUNT_REASONS,
  type CartActionResult,
  type CartView,
} from '../../../src/services/cart-client.ts';
import type { StoreWarning } from '../../../src/store/types.ts';
import { cart, EXPRESS, GLOVES_LINE, line, WRAPS_LINE } from './cart-fakes.ts';

const GROUP = 'gid://shopify/CartDeliveryGroup/1?cart=t1';

const twoLines = () =>
  cart([line(GLOVES_LINE, 1), line(WRAPS_LINE, 2, { productTitle: 'Hand Wraps', title: 'Default Title' })], {
    delivery: true,
  });

const ready = (settled: CartView | null = twoLines(), extra: Partial<CartState> = {}): CartState => ({
  ...INITIAL_CART_STATE,
  status: 'ready',
  settled,
  ...extra,
});

const ok = (
  answer: CartView | null,
  more: {
    userErrors?: Extract<CartActionResult, { ok: true }>['userErrors'];
    warnings?: StoreWarning[];
  } = {},
): Extract<CartActionResult, { ok: true }> => ({
  ok: true,
  cart: answer,
  userErrors: more.userErrors ?? [],
  warnings: more.warnings ?? [],
});

const failed = (message: string = CART_MESSAGES.failed): CartActionResult => ({ ok: false, message });

function answered(
  change: Pending | undefined,
  result: CartActionResult,
  extra: Partial<Extract<CartAction, { type: 'answered' }>> = {},
): CartAction {
  return { type: 'answered', change, result, take: true, before: null, ...extra };
}

/** The cart as the shopper sees it. */
const shown = (state: CartState) => withPending(state.settled, state.pending);

describe('withPending', () => {
  test('shows a quantity change at once, with the count following', () => {
    const view = withPending(twoLines(), [{ kind: 'quantity', lineId: GLOVES_LINE, quantity: 4 }]);
    expect(view?.lines.map((l) => l.quantity)).toEqual([4, 2]);
    expect(view?.totalQuantity).toBe(6);
  });

  test('quantity 0 removes the line; a delivery change selects the option', () => {
    const view = withPending(twoLines(), [
      { kind: 'quantity', lineId: WRAPS_LINE, quantity: 0 },
      { kind: 'delivery', groupId: GROUP, handle: EXPRESS.handle },
    ]);
    expect(view?.lines.map((l) => l.id)).toEqual([GLOVES_LINE]);
    expect(view?.totalQuantity).toBe(1);
    expect(view?.deliveryGroups[0]?.selectedHandle).toBe('express');
  });

  test('no cart or no pending change: the same object', () => {
    const settled = twoLines();
    expect(withPending(settled, [])).toBe(settled);
    expect(withPending(null, [{ kind: 'quantity', lineId: GLOVES_LINE, quantity: 2 }])).toBeNull();
  });
});

describe('cartReducer', () => {
  test('starts loading with nothing to show or say', () => {
    expect(INITIAL_CART_STATE).toMatchObject({
      status: 'loading',
      settled: null,
      messages: [],
      announcement: '',
    });
  });

  test('sent with a change: shown at once (optimistic quantity), messages cleared, not busy', () => {
    const change: Pending = { kind: 'quantity', lineId: GLOVES_LINE, quantity: 3 };
    const before = ready(twoLines(), { messages: [{ kind: 'error', text: 'old' }], announcement: 'old' });
    const state = cartReducer(before, { type: 'sent', change });
    expect(state.pending).toEqual([change]);
    expect(state.busy).toBe(0);
    expect(state.messages).toEqual([]);
    expect(state.announcement).toBe('');
    expect(shown(state)?.totalQuantity).toBe(5);
    expect(pendingLineIds(state.pending)).toEqual(new Set([GLOVES_LINE]));
    expect(before.pending).toEqual([]); // the old state is left alone
  });

  test('sent without a change: the whole cart is busy', () => {
    const state = cartReducer(ready(), { type: 'sent' });
    expect(state.busy).toBe(1);
    expect(state.pending).toEqual([]);
    expect(cartReducer(state, { type: 'sent' }).busy).toBe(2);
  });

  test('answered: the change settles to the server cart and is announced', () => {
    const change: Pending = { kind: 'quantity', lineId: GLOVES_LINE, quantity: 3 };
    const sent = cartReducer(ready(), { type: 'sent', change });
    const server = cart([line(GLOVES_LINE, 3), line(WRAPS_LINE, 2)]);
    const state = cartReducer(
      sent,
      answered(change, ok(server), { said: 'Pro Boxing Gloves (12oz): quantity 3.' }),
    );
    expect(state.pending).toEqual([]);
    expect(state.settled).toBe(server);
    expect(shown(state)?.totalQuantity).toBe(5);
    expect(state.messages).toEqual([]);
    expect(state.announcement).toBe('Pro Boxing Gloves (12oz): quantity 3.');
  });

  test('a refused change reverts: the answer is the unchanged cart, with the error said', () => {
    const change: Pending = { kind: 'quantity', lineId: GLOVES_LINE, quantity: 9 };
    const settled = twoLines();
    const sent = cartReducer(ready(settled), { type: 'sent', change });
    expect(shown(sent)?.totalQuantity).toBe(11);
    const state = cartReducer(
      sent,
      answered(
        change,
        ok(settled, { userErrors: [{ field: null, message: 'x', code: 'PRODUCT_NOT_AVAILABLE' }] }),
        { said: 'never said' },
      ),
    );
    expect(shown(state)?.totalQuantity).toBe(3);
    expect(state.messages).toEqual([{ kind: 'error', text: CART_MESSAGES.PRODUCT_NOT_AVAILABLE }]);
    expect(state.announcement).toBe(CART_MESSAGES.PRODUCT_NOT_AVAILABLE);
  });

  test('a failed request rolls the optimistic change back and says why', () => {
    const change: Pending = { kind: 'quantity', lineId: WRAPS_LINE, quantity: 0 };
    const settled = twoLines();
    const sent = cartReducer(ready(settled), { type: 'sent', change });
    expect(shown(sent)?.lines).toHaveLength(1);
    const state = cartReducer(sent, answered(change, failed(CART_MESSAGES.busy), { said: 'Removed.' }));
    expect(state.status).toBe('ready');
    expect(state.settled).toBe(settled);
    expect(shown(state)?.lines).toHaveLength(2);
    expect(shown(state)?.totalQuantity).toBe(3);
    expect(state.messages).toEqual([{ kind: 'error', text: CART_MESSAGES.busy }]);
    expect(state.announcement).toBe(CART_MESSAGES.busy);
  });

  test('only the answered change is dropped; another in flight stays shown', () => {
    const first: Pending = { kind: 'quantity', lineId: GLOVES_LINE, quantity: 2 };
    const second: Pending = { kind: 'delivery', groupId: GROUP, handle: 'express' };
    let state = cartReducer(ready(), { type: 'sent', change: first });
    state = cartReducer(state, { type: 'sent', change: second });
    state = cartReducer(state, answered(first, failed()));
    expect(state.pending).toEqual([second]);
    expect(shown(state)?.deliveryGroups[0]?.selectedHandle).toBe('express');
    expect(shown(state)?.totalQuantity).toBe(3);
  });

  test('a failed first read leaves nothing to show (failed); a later one keeps the cart', () => {
    const loading = cartReducer(INITIAL_CART_STATE, { type: 'sent' });
    const state = cartReducer(loading, answered(undefined, failed(CART_MESSAGES.unavailable)));
    expect(state.status).toBe('failed');
    expect(state.busy).toBe(0);
    expect(state.messages).toEqual([{ kind: 'error', text: CART_MESSAGES.unavailable }]);
    const later = cartReducer(cartReducer(ready(), { type: 'sent' }), answered(undefined, failed()));
    expect(later.status).toBe('ready');
    expect(later.settled).not.toBeNull();
  });

  test('a read answers the cart (or none: an empty cart) and makes it ready', () => {
    const server = twoLines();
    const loading = cartReducer(INITIAL_CART_STATE, { type: 'sent' });
    const state = cartReducer(loading, answered(undefined, ok(server)));
    expect(state).toMatchObject({ status: 'ready', settled: server, busy: 0, announcement: '' });
    const none = cartReducer(cartReducer(state, { type: 'sent' }), answered(undefined, ok(null)));
    expect(none.settled).toBeNull();
    expect(none.reasons).toEqual({});
  });

  test('an answer not taken (an older one after a newer) keeps the cart but says its messages', () => {
    const settled = twoLines();
    const state = cartReducer(
      cartReducer(ready(settled), { type: 'sent' }),
      answered(
        undefined,
        ok(cart([line(GLOVES_LINE, 7)]), { userErrors: [{ field: null, message: 'Nope', code: null }] }),
        {
          take: false,
        },
      ),
    );
    expect(state.settled).toBe(settled);
    expect(state.messages).toEqual([{ kind: 'error', text: 'Nope' }]);
  });

  test('warnings become notices after the announced sentence', () => {
    const before = twoLines();
    const after = cart([line(GLOVES_LINE, 1)]);
    const warning: StoreWarning = {
      code: 'PRODUCT_NOT_AVAILABLE',
      apiCode: 'MERCHANDISE_OUT_OF_STOCK',
      message: 'out',
      target: WRAPS_LINE,
    };
    const state = cartReducer(
      cartReducer(ready(before), { type: 'sent' }),
      answered(undefined, ok(after, { warnings: [warning] }), { before, said: 'Done.' }),
    );
    const text = 'Hand Wraps sold out: we removed it from your cart.';
    expect(state.messages).toEqual([{ kind: 'notice', text }]);
    expect(state.announcement).toBe(`Done. ${text}`);
  });

  test('reasons for codes that do not apply are kept from the update that set them', () => {
    const withCode = cart([line(GLOVES_LINE, 1)], { codes: ['SPRING'] });
    const warning: StoreWarning = {
      code: 'DISCOUNT_NOT_FOUND',
      message: 'Code SPRING is not valid',
      target: 'x',
    };
    let state = cartReducer(
      cartReducer(ready(), { type: 'sent' }),
      answered(undefined, ok(withCode, { warnings: [warning] })),
    );
    expect(state.reasons).toEqual({ SPRING: DISCOUNT_REASONS.DISCOUNT_NOT_FOUND });
    // A later read without warnings does not forget it.
    state = cartReducer(cartReducer(state, { type: 'sent' }), answered(undefined, ok(withCode)));
    expect(state.reasons).toEqual({ SPRING: DISCOUNT_REASONS.DISCOUNT_NOT_FOUND });
    expect(state.messages).toEqual([]); // discount warnings are explained beside the code
  });

  test('reloading shows "loading" and clears the messages', () => {
    const state = cartReducer(ready(twoLines(), { messages: [{ kind: 'notice', text: 'n' }] }), {
      type: 'reloading',
    });
    expect(state.status).toBe('loading');
    expect(state.messages).toEqual([]);
  });

  test('noticed says a notice without a request', () => {
    const state = cartReducer(ready(), { type: 'noticed', text: 'ROUND10 is already applied to your cart.' });
    expect(state.messages).toEqual([{ kind: 'notice', text: 'ROUND10 is already applied to your cart.' }]);
    expect(state.announcement).toBe('ROUND10 is already applied to your cart.');
    expect(state.busy).toBe(0);
  });
});

describe('words', () => {
  test('answerMessages: user errors first (in the shopper words), then warnings', () => {
    const after = cart([line(GLOVES_LINE, 2)]);
    const messages = answerMessages(
      ok(after, {
        userErrors: [{ field: null, message: '', code: 'SOMETHING_NEW' }],
        warnings: [
          {
            code: 'PRODUCT_NOT_AVAILABLE',
            apiCode: 'MERCHANDISE_NOT_ENOUGH_STOCK',
            message: 'low',
            target: GLOVES_LINE,
          },
        ],
      }),
      null,
    );
    expect(messages).toEqual([
      { kind: 'error', text: CART_MESSAGES.failed },
      { kind: 'notice', text: 'Only 2 left of Pro Boxing Gloves (12oz): we reduced the quantity.' },
    ]);
  });

  test('codeOutcome: applied, or why not', () => {
    expect(codeOutcome('round10', ok(cart([], { codes: ['ROUND10'] })))).toBe('Code round10 applied.');
    expect(codeOutcome('NOPE', ok(cart([], { codes: ['NOPE'] })))).toBe(
      `Code NOPE does not apply: ${DISCOUNT_NOT_APPLICABLE}`,
    );
    const warning: StoreWarning = { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'x', target: 'y' };
    expect(codeOutcome('OLD', ok(cart([], { codes: ['OLD'] }), { warnings: [warning] }))).toBe(
      `Code OLD does not apply: ${DISCOUNT_REASONS.DISCOUNT_CURRENTLY_INACTIVE}`,
    );
  });

  test('hasCode compares without case', () => {
    const codes = cart([], { codes: ['Round10'] }).discountCodes;
    expect(hasCode(codes, 'ROUND10')).toBe(true);
    expect(hasCode(codes, 'round1')).toBe(false);
  });
});

describe('request order', () => {
  test('answers in order are all taken; no reread', () => {
    let order = FIRST_REQUEST;
    const a = requestSent(order);
    const b = requestSent(a.order);
    order = b.order;
    expect([a.id, b.id, order.inFlight]).toEqual([1, 2, 2]);
    const first = answerArrived(order, a.id, true);
    expect(first).toMatchObject({ take: true, reread: false });
    const second = answerArrived(first.order, b.id, true);
    expect(second).toMatchObject({ take: true, reread: false });
    expect(second.order).toEqual({ sent: 2, accepted: 2, inFlight: 0, missed: false });
  });

  test('an older answer after a newer one is dropped, and the cart is read again once all settled', () => {
    const a = requestSent(FIRST_REQUEST);
    const b = requestSent(a.order);
    const c = requestSent(b.order);
    const newest = answerArrived(c.order, c.id, true);
    expect(newest.take).toBe(true);
    const older = answerArrived(newest.order, a.id, true);
    expect(older).toMatchObject({ take: false, reread: false }); // b is still in flight
    const last = answerArrived(older.order, b.id, true);
    expect(last).toMatchObject({ take: false, reread: true });
    expect(last.order.missed).toBe(false);
  });

  test('a failed answer is never taken and asks for no reread', () => {
    const a = requestSent(FIRST_REQUEST);
    expect(answerArrived(a.order, a.id, false)).toMatchObject({
      take: false,
      reread: false,
      order: { accepted: 0, inFlight: 0, missed: false },
    });
  });
});
