/**
 * An in-function guard against floods from one client, shared by the functions (email capture, the
 * cart): a sliding window per key (the client IP). On Netlify the platform's rate limit (each
 * function's `config.rateLimit`) stops most abuse before the function runs; this guard covers the
 * local stack and any instance that sees a burst. State is per instance and bounded: the oldest keys
 * are dropped past `maxKeys`.
 */
export type RateLimiter = (key: string) => { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter({
  limit,
  windowMs,
  now = () => Date.now(),
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}): RateLimiter {
  const hits = new Map<string, number[]>();
  return (key) => {
    const t = now();
    const recent = (hits.get(key) ?? []).filter((at) => t - at < windowMs);
    if (recent.length >= limit) {
      hits.set(key, recent);
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + windowMs - t) / 1000));
      return { allowed: false, retryAfterSeconds };
    }
    recent.push(t);
    hits.delete(key);
    hits.set(key, recent);
    if (hits.size > maxKeys) hits.delete(hits.keys().next().value!);
    return { allowed: true };
  };
}
