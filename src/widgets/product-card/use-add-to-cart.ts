/**
 * The product card's add-to-cart state: the visitor's variant choice, the pending flag (one add at a
 * time) and the outcome message, around the caller's `onAddToCart`.
 */
import { useRef, useState } from 'react';

export type AddToCartResult = { ok: true } | { ok: false; message: string };
export type AddToCart = (variantId: string, quantity: number) => Promise<AddToCartResult>;
export type AddToCartStatus = { kind: 'ok' | 'error'; text: string } | null;

export const ADDED_MESSAGE = 'Added to your cart';
/** Shown when `onAddToCart` throws instead of answering `{ ok: false, message }`. */
export const ADD_FAILED_MESSAGE = 'We could not add this to your cart. Please try again.';

/** Quantity is fixed at one for now. */
const QUANTITY = 1;

export type UseAddToCart = {
  /** The variant id the visitor picked (null until they pick one). */
  chosenId: string | null;
  /** Pick a variant (clears the last outcome). */
  choose: (variantId: string) => void;
  pending: boolean;
  status: AddToCartStatus;
  /** Add one of the variant, unless an add is already running; the outcome lands in `status`. */
  add: (variantId: string) => Promise<void>;
};

/** Add-to-cart state for one card; `onAddToCart` is read at call time, so it may change freely. */
export function useAddToCart(onAddToCart: AddToCart | undefined): UseAddToCart {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<AddToCartStatus>(null);
  const busy = useRef(false);

  async function add(variantId: string) {
    if (!onAddToCart || busy.current) return;
    busy.current = true;
    setPending(true);
    // Cleared first so the same message is announced again on a second add.
    setStatus(null);
    try {
      const result = await onAddToCart(variantId, QUANTITY);
      setStatus(
        result.ok
          ? { kind: 'ok', text: ADDED_MESSAGE }
          : { kind: 'error', text: result.message || ADD_FAILED_MESSAGE },
      );
    } catch {
      setStatus({ kind: 'error', text: ADD_FAILED_MESSAGE });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  function choose(variantId: string) {
    setChosenId(variantId);
    setStatus(null);
  }

  return { chosenId, choose, pending, status, add };
}
