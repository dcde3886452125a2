/**
 * Lazily loaded route chunks can vanish after a deploy. A failed chunk load reloads the page once,
 * at most every 60 s (so a real outage does not loop), and a chunk that takes longer than 120 s
 * is reported as failed (§8, §9).
 */
import type { RouteObject } from 'react-router';

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const STORAGE_KEY = 'roundhouse:chunk-reload-at';

type Env = {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Wrap a route's `lazy` so a failed load reloads the page once per guard window. */
export function withChunkReload<T>(load: () => Promise<T>, env: Env): () => Promise<T> {
  return async () => {
    try {
      return await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (error) {
      const last = Number(env.storage.getItem(STORAGE_KEY) ?? 0);
      if (env.now() - last < CHUNK_RELOAD_GUARD_MS) throw error;
      env.storage.setItem(STORAGE_KEY, String(env.now()));
      env.reload();
      // The page is going away; never settle so nothing renders an error in the meantime.
      return new Promise<T>(() => {});
    }
  };
}

/** Apply `withChunkReload` to every lazy route in a table. */
export function guardLazyRoutes(table: RouteObject[], env: Env): RouteObject[] {
  return table.map((route) => {
    const lazy = typeof route.lazy === 'function' ? withChunkReload(route.lazy, env) : route.lazy;
    const next = { ...route, lazy } as RouteObject;
    return route.children
      ? ({ ...next, children: guardLazyRoutes(route.children, env) } as RouteObject)
      : next;
  });
}
