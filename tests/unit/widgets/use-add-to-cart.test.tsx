// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import {
  ADD_FAILED_MESSAGE,
  ADDED_MESSAGE,
  useAddToCart,
  type AddToCartResult,
} from '../../../src/widgets/product-card/use-add-to-cart.ts';

test('adds one of the variant and reports the outcome', async () => {
  const add = vi.fn(async (): Promise<AddToCartResult> => ({ ok: true }));
  const { result } = renderHook(() => useAddToCart(add));
  await act(() => result.current.add('v1'));
  expect(add).toHaveBeenCalledWith('v1', 1);
  expect(result.current.status).toEqual({ kind: 'ok', text: ADDED_MESSAGE });
  expect(result.current.pending).toBe(false);
});

test("a refusal shows the store's message; a throw the generic one", async () => {
  const refuse = vi.fn(async (): Promise<AddToCartResult> => ({ ok: false, message: 'Only 2 left' }));
  const refused = renderHook(() => useAddToCart(refuse)).result;
  await act(() => refused.current.add('v1'));
  expect(refused.current.status).toEqual({ kind: 'error', text: 'Only 2 left' });

  const fail = vi.fn(async (): Promise<AddToCartResult> => Promise.reject(new Error('offline')));
  const failed = renderHook(() => useAddToCart(fail)).result;
  await act(() => failed.current.add('v1'));
  expect(failed.current.status).toEqual({ kind: 'error', text: ADD_FAILED_MESSAGE });
});

test('one add at a time: a second add while one is pending is ignored', async () => {
  let finish: (result: AddToCartResult) => void = () => {};
  const add = vi.fn(() => new Promise<AddToCartResult>((resolve) => (finish = resolve)));
  const { result } = renderHook(() => useAddToCart(add));
  let first: Promise<void> = Promise.resolve();
  act(() => {
    first = result.current.add('v1');
  });
  expect(result.current.pending).toBe(true);
  await act(() => result.current.add('v1'));
  expect(add).toHaveBeenCalledTimes(1);
  await act(async () => {
    finish({ ok: true });
    await first;
  });
  expect(result.current.pending).toBe(false);
});

test('choosing a variant records it and clears the last outcome', async () => {
  const { result } = renderHook(() => useAddToCart(async () => ({ ok: true }) as const));
  await act(() => result.current.add('v1'));
  act(() => result.current.choose('v2'));
  expect(result.current.chosenId).toBe('v2');
  expect(result.current.status).toBeNull();
});
