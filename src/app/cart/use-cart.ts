/**
 * The cart drawer's state: the cart as the server last answered, the changes sent and not answered
 * yet (shown at once on top of it), and what to tell the shopper.
 *
 * Updates are optimistic and settle to the server's answer: a quantity change or a removal shows
 * immediately, the action goes to the cart function, and its answer replaces the cart (so a refused
 * change, which answers the unchanged cart, reverts by itself); a failed request drops the change
 * and says why. Answers are taken in the order their requests were sent: an answer older than one
 * already taken is dropped, and the cart is read again once everything has settled.
 *
 * The state itself is the pure reducer in ./cart-state.ts; this hook sends the requests, keeps
 * their order and listens for cart changes made elsewhere on the page.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { CART_CHANGED_EVENT, type CartActionBody } from '../../shared/cart.ts';
import { reportCartOpened } from '../../shared/track.ts';
import {
  DISCOUNT_NOT_APPLICABLE,
  cartAction,
  lineName,
  type CartActionResult,
  type CartView,
} from '../../services/cart-client.ts';
import {
  FIRST_REQUEST,
  INITIAL_CART_STATE,
  answerArrived,
  cartReducer,
  codeOutcome,
  hasCode,
  pendingLineIds,
  requestSent,
  withPending,
  type CartAnswer,
  type Pending,
} from './cart-state.ts';

export { withPending, type CartMessage } from './cart-state.ts';

type Line = CartView['lines'][number];
type DeliveryGroup = CartView['deliveryGroups'][number];
type DeliveryOption = DeliveryGroup['options'][number];

type SendOptions = {
  pending?: Pending;
  /** The sentence announced when the action went through without a user error. */
  done?: (answer: CartAnswer) => string;
};

/**
 * The reducer wired to the cart function: `send` dispatches a request's start and its answer; the
 * cart is read each time `open` turns true.
 */
function useCartRequests(open: boolean) {
  const [state, dispatch] = useReducer(cartReducer, INITIAL_CART_STATE);
  const cart = useMemo(() => withPending(state.settled, state.pending), [state.settled, state.pending]);

  const order = useRef(FIRST_REQUEST);
  const shown = useRef<CartView | null>(null);
  // Nothing read yet, or the cart changed elsewhere (added from a product card) since.
  const stale = useRef(true);
  const alive = useRef(true);

  useEffect(() => {
    shown.current = cart;
  }, [cart]);

  const send = useCallback(
    async (body: CartActionBody, options: SendOptions = {}): Promise<CartActionResult> => {
      const sent = requestSent(order.current);
      order.current = sent.order;
      const before = shown.current;
      const change = options.pending;
      dispatch({ type: 'sent', change });
      const result = await cartAction(body);
      const arrived = answerArrived(order.current, sent.id, result.ok);
      order.current = arrived.order;
      if (!alive.current) return result;
      const said = result.ok ? options.done?.(result) : undefined;
      dispatch({ type: 'answered', change, result, take: arrived.take, before, said });
      // An older answer arrived after a newer one: read the cart once more to be sure.
      if (arrived.reread) void send({ action: 'get' });
      return result;
    },
    [],
  );

  useEffect(() => {
    alive.current = true;
    const onChange = (event: Event) => {
      const total = (event as CustomEvent<{ totalQuantity?: number } | undefined>).detail?.totalQuantity;
      // Our own answers fire the event too, while they are in flight.
      if (order.current.inFlight === 0 && total !== shown.current?.totalQuantity) stale.current = true;
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => {
      alive.current = false;
      window.removeEventListener(CART_CHANGED_EVENT, onChange);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    // Cart Viewed (analytics), told with the cart the read below answers.
    reportCartOpened();
    if (stale.current) {
      // Show "loading" rather than a cart known to be out of date.
      stale.current = false;
      dispatch({ type: 'reloading' });
    }
    void send({ action: 'get' });
  }, [open, send]);

  return { state, dispatch, cart, send };
}

type Send = ReturnType<typeof useCartRequests>['send'];
type Dispatch = ReturnType<typeof useCartRequests>['dispatch'];

/** The verbs about the whole cart: discount codes and delivery options. */
function cartVerbs(send: Send, dispatch: Dispatch, codes: CartView['discountCodes']) {
  /** Adds a code (the update sends the full list). False when it was not sent or the request failed. */
  const applyCode = async (input: string): Promise<boolean> => {
    const code = input.trim();
    if (!code) return false;
    if (hasCode(codes, code)) {
      dispatch({ type: 'noticed', text: `${code} is already applied to your cart.` });
      return false;
    }
    const result = await send(
      { action: 'discountCodesUpdate', discountCodes: [...codes.map((c) => c.code), code] },
      { done: (answer) => codeOutcome(code, answer) },
    );
    return result.ok && result.userErrors.length === 0;
  };

  const removeCode = (code: string) =>
    send(
      {
        action: 'discountCodesUpdate',
        discountCodes: codes.filter((c) => c.code !== code).map((c) => c.code),
      },
      { done: () => `Code ${code} removed.` },
    );

  const selectDelivery = (group: DeliveryGroup, option: DeliveryOption) =>
    send(
      { action: 'deliveryOptionSelect', deliveryGroupId: group.id, deliveryOptionHandle: option.handle },
      {
        pending: { kind: 'delivery', groupId: group.id, handle: option.handle },
        done: () => `${option.title ?? 'Delivery option'} selected.`,
      },
    );

  return { applyCode, removeCode, selectDelivery };
}

export type UseCart = ReturnType<typeof useCart>;

/** The drawer's cart; it is read each time `open` turns true. */
export function useCart(open: boolean) {
  const { state, dispatch, cart, send } = useCartRequests(open);

  const setQuantity = useCallback(
    (line: Line, quantity: number) =>
      send(
        { action: 'linesUpdate', lines: [{ id: line.id, quantity }] },
        {
          pending: { kind: 'quantity', lineId: line.id, quantity },
          done: () => `${lineName(line)}: quantity ${quantity}.`,
        },
      ),
    [send],
  );

  const removeLine = useCallback(
    (line: Line) =>
      send(
        { action: 'linesRemove', lineIds: [line.id] },
        {
          pending: { kind: 'quantity', lineId: line.id, quantity: 0 },
          done: () => `Removed ${lineName(line)} from your cart.`,
        },
      ),
    [send],
  );

  const { applyCode, removeCode, selectDelivery } = cartVerbs(send, dispatch, cart?.discountCodes ?? []);

  return {
    status: state.status,
    cart,
    /** Lines with a change in flight (their controls are disabled). */
    pendingLines: pendingLineIds(state.pending),
    deliveryPending: state.pending.some((p) => p.kind === 'delivery'),
    /** A request about the whole cart is in flight. */
    busy: state.busy > 0,
    /** Any request is in flight (the totals are not settled). */
    settling: state.busy > 0 || state.pending.length > 0,
    messages: state.messages,
    /** Why a code does not apply, in a shopper's words. */
    reasonFor: (code: string) => state.reasons[code.toUpperCase()] ?? DISCOUNT_NOT_APPLICABLE,
    announcement: state.announcement,
    reload: () => send({ action: 'get' }),
    setQuantity,
    removeLine,
    applyCode,
    removeCode,
    selectDelivery,
  };
}
