/**
 * The cart drawer's state: the cart as the server last answered, the changes sent and not answered
 * yet (shown at once on top of it), and what to tell the shopper.
 *
 * Updates are optimistic and settle to the server's answer: a quantity change or a removal shows
 * immediately, the action goes to the cart function, and its answer replaces the cart (so a refused
 * change, which answers the unchanged cart, reverts by itself); a failed request drops the change
 * and says why. Answers are taken in the order their requests were sent: an answer older than one
 * already taken is dropped, and the cart is read again once everything has settled.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CART_CHANGED_EVENT,
  DISCOUNT_NOT_APPLICABLE,
  cartAction,
  discountReasons,
  lineName,
  messageFor,
  warningMessage,
  type CartActionBody,
  type CartActionResult,
  type CartView,
} from '../cart-client.ts';

type Line = CartView['lines'][number];
type DeliveryGroup = CartView['deliveryGroups'][number];
type DeliveryOption = DeliveryGroup['options'][number];

export type CartMessage = { kind: 'error' | 'notice'; text: string };

/** A change sent and not answered yet. Quantity 0 is a removal. */
type Pending =
  | { kind: 'quantity'; lineId: string; quantity: number }
  | { kind: 'delivery'; groupId: string; handle: string };

type State = {
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

const INITIAL: State = {
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

type SendOptions = {
  pending?: Pending;
  /** The sentence announced when the action went through without a user error. */
  done?: (answer: Extract<CartActionResult, { ok: true }>) => string;
};

export type UseCart = ReturnType<typeof useCart>;

/** The drawer's cart; it is read each time `open` turns true. */
export function useCart(open: boolean) {
  const [state, setState] = useState<State>(INITIAL);
  const cart = useMemo(() => withPending(state.settled, state.pending), [state.settled, state.pending]);

  const sequence = useRef(0);
  const accepted = useRef(0);
  const inFlight = useRef(0);
  const missed = useRef(false);
  const shown = useRef<CartView | null>(null);
  // Nothing read yet, or the cart changed elsewhere (added from a product card) since.
  const stale = useRef(true);
  const alive = useRef(true);

  useEffect(() => {
    shown.current = cart;
  }, [cart]);

  const send = useCallback(
    async (body: CartActionBody, options: SendOptions = {}): Promise<CartActionResult> => {
      const id = ++sequence.current;
      inFlight.current += 1;
      const before = shown.current;
      const change = options.pending;
      setState((s) => ({
        ...s,
        pending: change ? [...s.pending, change] : s.pending,
        busy: change ? s.busy : s.busy + 1,
        messages: [],
        announcement: '',
      }));
      const result = await cartAction(body);
      inFlight.current -= 1;
      if (!alive.current) return result;
      const take = result.ok && id > accepted.current;
      if (take) accepted.current = id;
      else if (result.ok) missed.current = true;

      setState((s) => {
        const next: State = {
          ...s,
          pending: change ? s.pending.filter((p) => p !== change) : s.pending,
          busy: change ? s.busy : s.busy - 1,
        };
        if (!result.ok) {
          return {
            ...next,
            status: s.status === 'loading' ? 'failed' : s.status,
            messages: [{ kind: 'error', text: result.message }],
            announcement: result.message,
          };
        }
        const settled = take ? result.cart : s.settled;
        const messages: CartMessage[] = result.userErrors.map((error) => ({
          kind: 'error',
          text: messageFor(error),
        }));
        for (const warning of result.warnings) {
          const text = warningMessage(warning, before, result.cart);
          if (text) messages.push({ kind: 'notice', text });
        }
        const said = result.userErrors.length === 0 && options.done ? [options.done(result)] : [];
        return {
          ...next,
          status: 'ready',
          settled,
          messages,
          reasons: result.cart
            ? { ...s.reasons, ...discountReasons(result.cart.discountCodes, result.warnings) }
            : {},
          announcement: [...said, ...messages.map((m) => m.text)].join(' '),
        };
      });

      if (inFlight.current === 0 && missed.current) {
        // An older answer arrived after a newer one: read the cart once more to be sure.
        missed.current = false;
        void send({ action: 'get' });
      }
      return result;
    },
    [],
  );

  useEffect(() => {
    alive.current = true;
    const onChange = (event: Event) => {
      const total = (event as CustomEvent<{ totalQuantity?: number } | undefined>).detail?.totalQuantity;
      // Our own answers fire the event too, while they are in flight.
      if (inFlight.current === 0 && total !== shown.current?.totalQuantity) stale.current = true;
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => {
      alive.current = false;
      window.removeEventListener(CART_CHANGED_EVENT, onChange);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    if (stale.current) {
      // Show "loading" rather than a cart known to be out of date.
      stale.current = false;
      setState((s) => ({ ...s, status: 'loading', messages: [] }));
    }
    void send({ action: 'get' });
  }, [open, send]);

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

  const codes = cart?.discountCodes ?? [];

  /** Adds a code (the update sends the full list). False when it was not sent or the request failed. */
  const applyCode = async (input: string): Promise<boolean> => {
    const code = input.trim();
    if (!code) return false;
    if (codes.some((c) => c.code.toUpperCase() === code.toUpperCase())) {
      setState((s) => ({
        ...s,
        messages: [{ kind: 'notice', text: `${code} is already applied to your cart.` }],
        announcement: `${code} is already applied to your cart.`,
      }));
      return false;
    }
    const result = await send(
      { action: 'discountCodesUpdate', discountCodes: [...codes.map((c) => c.code), code] },
      {
        done: ({ cart: after, warnings }) => {
          const key = code.toUpperCase();
          const entry = after?.discountCodes.find((c) => c.code.toUpperCase() === key);
          if (entry?.applicable) return `Code ${code} applied.`;
          const reason =
            discountReasons(after?.discountCodes ?? [], warnings)[key] ?? DISCOUNT_NOT_APPLICABLE;
          return `Code ${code} does not apply: ${reason}`;
        },
      },
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

  const pendingLines = new Set(state.pending.flatMap((p) => (p.kind === 'quantity' ? [p.lineId] : [])));

  return {
    status: state.status,
    cart,
    /** Lines with a change in flight (their controls are disabled). */
    pendingLines,
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
