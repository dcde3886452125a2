/**
 * The analytics runtime's first-party storage: JSON values in localStorage under `rh_` keys, read
 * and written whole each time so two tabs never overwrite each other's additions. A browser that
 * refuses storage (private modes, quota) still works for the life of the page.
 */

export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export type JsonStore = {
  read<T>(key: string, check: (value: unknown) => value is T): T | null;
  write(key: string, value: unknown): void;
  remove(key: string): void;
};

/** A store over `backing`, falling back to memory when it throws. */
export function jsonStore(backing: KeyValueStore | null): JsonStore {
  /** Values the backing store refused (quota, private mode): they win over its stale copy. */
  const memory = new Map<string, string>();
  const get = (key: string) => {
    const kept = memory.get(key);
    if (kept !== undefined) return kept;
    try {
      return backing ? backing.getItem(key) : null;
    } catch {
      return null;
    }
  };
  return {
    read(key, check) {
      const text = get(key);
      if (text === null) return null;
      try {
        const value: unknown = JSON.parse(text);
        return check(value) ? value : null;
      } catch {
        return null;
      }
    },
    write(key, value) {
      const text = JSON.stringify(value);
      try {
        if (backing) {
          backing.setItem(key, text);
          // Stored: read from there again (other tabs' later writes included).
          memory.delete(key);
          return;
        }
      } catch {
        // Quota or a refusing browser: memory keeps it for this page.
      }
      memory.set(key, text);
    },
    remove(key) {
      memory.delete(key);
      try {
        backing?.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

/** localStorage when the browser lets us have it. */
export function localJsonStore(): JsonStore {
  try {
    return jsonStore(window.localStorage);
  } catch {
    return jsonStore(null);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
