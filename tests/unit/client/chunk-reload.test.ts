import { expect, test, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  withChunkReload,
} from '../../../src/client/chunk-reload';

function env(start = 1_000_000) {
  const store = new Map<string, string>();
  const clock = { t: start };
  return {
    clock,
    reload: vi.fn(),
    now: () => clock.t,
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  };
}

test('a successful chunk load passes through without reloading', async () => {
  const e = env();
  await expect(withChunkReload(async () => 'module', e)()).resolves.toBe('module');
  expect(e.reload).not.toHaveBeenCalled();
});

test('a failed chunk load reloads once, then fails within the 60 s guard, then may reload again', async () => {
  const e = env();
  const failing = withChunkReload(
    () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
    e,
  );
  void failing();
  await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
  e.clock.t += CHUNK_RELOAD_GUARD_MS - 1;
  await expect(failing()).rejects.toThrow(/dynamically imported/);
  expect(e.reload).toHaveBeenCalledTimes(1);
  e.clock.t += 2;
  void failing();
  await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(2));
});

test('a chunk that never arrives fails after 120 s', async () => {
  vi.useFakeTimers();
  const e = env();
  e.storage.setItem('roundhouse:chunk-reload-at', String(e.clock.t)); // inside the guard: no reload
  const pending = withChunkReload(() => new Promise<never>(() => {}), e)();
  const assertion = expect(pending).rejects.toThrow(/timed out after 120000 ms/);
  await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
  await assertion;
  vi.useRealTimers();
});
