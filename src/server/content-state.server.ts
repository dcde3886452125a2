/**
 * The content state (src/content/state.ts) as renders read it: from Netlify Blobs at most once per
 * `maxAgeMs` per isolate (a publish is seen within that time; the read costs one Blobs request per
 * isolate per period, not one per render), keeping the last good value if a read fails.
 */
import { emptyContentState, parseContentState, type ContentState } from '../content/state.ts';

/** One read of the raw stored state (`store.get(CONTENT_STATE_KEY, { type: 'json' })`). */
export type ReadContentState = () => Promise<unknown>;

export const CONTENT_STATE_MAX_AGE_MS = 1000;

export function cachedContentState(
  read: ReadContentState,
  { maxAgeMs = CONTENT_STATE_MAX_AGE_MS, clock = Date.now }: { maxAgeMs?: number; clock?: () => number } = {},
): () => Promise<ContentState> {
  let good: ContentState = emptyContentState();
  let pending: { at: number; value: Promise<ContentState> } | null = null;
  return () => {
    const now = clock();
    if (!pending || now - pending.at >= maxAgeMs) {
      // `then` also catches a read that throws at once (no Blobs context outside Netlify).
      const value = Promise.resolve()
        .then(read)
        .then(
          (raw) => (good = raw === null || raw === undefined ? good : parseContentState(raw)),
          () => good,
        );
      pending = { at: now, value };
    }
    return pending.value;
  };
}
