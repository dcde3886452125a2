import { afterEach, expect, test, vi } from 'vitest';
import { yieldToMain } from '../../../src/client/yield';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Resolves after `hops` chained microtasks: work that stays inside the current task. */
async function microtaskChain(hops: number, log: string[]) {
  for (let i = 0; i < hops; i++) await null;
  log.push('microtasks done');
}

test('the code after yieldToMain runs in a later task: every microtask queued before it has run', async () => {
  const log: string[] = [];
  const yielded = yieldToMain().then(() => log.push('resumed'));
  void microtaskChain(50, log);
  await yielded;
  // A yield that only awaited a promise would resume after a hop or two, mid-chain.
  expect(log).toEqual(['microtasks done', 'resumed']);
});

test('where the browser has scheduler.yield, it is what yields', async () => {
  const yieldFn = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: yieldFn });
  await yieldToMain();
  expect(yieldFn).toHaveBeenCalledTimes(1);
});

test('without scheduler.yield it still yields (a message, which background tabs do not throttle)', async () => {
  vi.stubGlobal('scheduler', {});
  const timers = vi.spyOn(globalThis, 'setTimeout');
  const log: string[] = [];
  const yielded = yieldToMain().then(() => log.push('resumed'));
  void microtaskChain(50, log);
  await yielded;
  expect(log).toEqual(['microtasks done', 'resumed']);
  expect(timers).not.toHaveBeenCalled();
});
