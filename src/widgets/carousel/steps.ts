/** The carousel's pure arithmetic: where a drag snaps, the next index, the dots kept, slide names. */
import { CAROUSEL } from '../tokens.ts';

/**
 * The snap decision at the end of a drag: 1 = next slide, -1 = previous slide, 0 = snap back.
 * Dragging left (negative deltaX) moves to the next slide once the movement exceeds
 * `threshold` × `width`.
 */
export function snapDirection(
  deltaX: number,
  width: number,
  threshold: number = CAROUSEL.snapThreshold,
): -1 | 0 | 1 {
  if (!(width > 0) || !Number.isFinite(deltaX)) return 0;
  if (Math.abs(deltaX) <= width * threshold) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** The index `step` slides away: wrapping when infinite, otherwise clamped to the ends. */
export function stepIndex(index: number, step: number, count: number, infinite: boolean): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (infinite) return ((next % count) + count) % count;
  return Math.min(Math.max(next, 0), count - 1);
}

/**
 * The dots shown on narrow screens: all of them up to `narrowDotThreshold` slides, otherwise a
 * window of `narrowDotCount` dots around the current one (kept inside the range).
 */
export function narrowDotWindow(current: number, count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (count <= CAROUSEL.narrowDotThreshold) return all;
  const size = CAROUSEL.narrowDotCount;
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), count - size);
  return all.slice(start, start + size);
}

/** The slide group's accessible name: "N of M", or "screenLabel, N of M". */
export function slideLabel(index: number, count: number, screenLabel?: string): string {
  const position = `${index + 1} of ${count}`;
  return screenLabel ? `${screenLabel}, ${position}` : position;
}
