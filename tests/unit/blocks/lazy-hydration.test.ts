// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

/** Idle callbacks lazy-hydration.ts asked for (requestIdleCallback, stubbed), not run yet. */
let idleQueue: (() => void)[] = [];

/** Run the idle callback asked for first, as the browser would at its next idle time. */
function nextIdleTime() {
  const callback = idleQueue.shift();
  if (!callback) throw new Error('no idle callback was asked for');
  callback();
}

beforeEach(() => {
  vi.resetModules();
  idleQueue = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleQueue.push(callback));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** Three deferred blocks, each a wrapper with one element, and their code loads (spies). */
async function threeDeferredBlocks() {
  const { deferHydration } = await import('../../../src/blocks/lazy-hydration');
  return ['a', 'b', 'c'].map((id) => {
    const wrapper = document.createElement('div');
    const block = document.createElement('section');
    block.id = id;
    wrapper.append(block);
    document.body.append(wrapper);
    const load = vi.fn();
    deferHydration(wrapper, load, new Promise(() => {}));
    return { block, load };
  });
}

const loads = (blocks: { load: { mock: { calls: unknown[] } } }[]) =>
  blocks.map(({ load }) => load.mock.calls.length);

test('at idle the deferred blocks load one an idle callback (each import() starts a request), until none is left', async () => {
  const blocks = await threeDeferredBlocks();
  expect(idleQueue).toHaveLength(1);
  nextIdleTime();
  expect(loads(blocks)).toEqual([1, 0, 0]);
  nextIdleTime();
  expect(loads(blocks)).toEqual([1, 1, 0]);
  nextIdleTime();
  expect(loads(blocks)).toEqual([1, 1, 1]);
  // One more look finds nothing left to load and asks for no further idle time.
  nextIdleTime();
  expect(idleQueue).toHaveLength(0);
  expect(loads(blocks)).toEqual([1, 1, 1]);
});

test('a block whose code is already loading (the visitor reached into it) is skipped at idle, not loaded twice', async () => {
  const blocks = await threeDeferredBlocks();
  blocks[0]?.block.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  expect(loads(blocks)).toEqual([1, 0, 0]);
  nextIdleTime();
  expect(loads(blocks)).toEqual([1, 1, 0]);
  nextIdleTime();
  expect(loads(blocks)).toEqual([1, 1, 1]);
});
