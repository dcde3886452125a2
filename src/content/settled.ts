/**
 * Settled content: objects the content layer hands out and never changes again. A cached story is
 * mapped once per version and the same object comes back on every request until an edit makes a
 * new one (service.server.ts `map`, the projections of cards.ts, an article's checked body), so
 * whatever is derived from such an object alone (its JSON in the page's payload:
 * src/server/serialize.ts) can be kept with it. Nothing may mutate a settled object; an edit is a
 * new object. Membership is weak: a settled object goes when nothing holds it (a draft's, after
 * its request).
 */
const settled = new WeakSet<object>();

/** Marks `value` (an object; anything else passes through) as settled, and returns it. */
export function settle<T>(value: T): T {
  if (typeof value === 'object' && value !== null) settled.add(value);
  return value;
}

/** Whether the content layer handed `value` out as settled. */
export function isSettled(value: object): boolean {
  return settled.has(value);
}
