import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test that logs an unexpected console.error fails: React warnings (hydration, keys, act) and
 * swallowed errors show up here. Tests that expect an error log spy on console.error themselves
 * (`vi.spyOn(console, 'error').mockImplementation(() => {})`), which replaces this spy.
 */
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  const unexpected = spy && vi.isMockFunction(console.error) && console.error === spy ? calls : [];
  spy?.mockRestore();
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${unexpected.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
