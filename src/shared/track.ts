/**
 * How any part of the page raises an analytics event (src/shared/analytics.ts has the contract).
 * The runtime (src/client/analytics) arrives when the page is idle; until then calls wait in a
 * plain array on window, and then the runtime's own `push` takes each at once. This module is in
 * every page's hydration path, so it holds nothing but the queue. Imports types only.
 */
import type { AnalyticsEvent, AnalyticsProperties, Traits } from './analytics.ts';
import type { CartActionBody } from './cart.ts';

/**
 * What the page hands the analytics runtime: it is loaded when the browser is idle, so everything
 * raised before is queued here (a plain array on window) and taken over when it starts.
 */
export type AnalyticsCall =
  | { kind: 'track'; event: AnalyticsEvent; properties: AnalyticsProperties; at: number }
  | { kind: 'identify'; traits: Traits; at: number }
  /** The cart function answered (2xx): the runtime tells what changed against the cart before. */
  | { kind: 'cart'; request: CartActionBody; answer: unknown; at: number }
  /** The cart drawer opened: Cart Viewed, with the cart its next answer shows. */
  | { kind: 'cart-opened'; at: number };

/** The window global holding calls until the runtime takes them. */
export const ANALYTICS_QUEUE = '__rhAnalytics';

/** Before the runtime starts a plain array; then the runtime's own `push`, which handles each call at once. */
type QueueHost = { [ANALYTICS_QUEUE]?: { push: (call: AnalyticsCall) => unknown } };

function enqueue(call: AnalyticsCall): void {
  if (typeof window === 'undefined') return;
  const host = window as unknown as QueueHost;
  const queue = (host[ANALYTICS_QUEUE] ??= [] as AnalyticsCall[]);
  queue.push(call);
}

/** The cart function answered `request` with `answer` (2xx). */
export function reportCartAnswer(request: CartActionBody, answer: unknown): void {
  enqueue({ kind: 'cart', request, answer, at: Date.now() });
}

/** The cart drawer opened. */
export function reportCartOpened(): void {
  enqueue({ kind: 'cart-opened', at: Date.now() });
}

/** Raise an event (never throws, costs nothing on the server). */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}): void {
  enqueue({ kind: 'track', event, properties, at: Date.now() });
}

/** The visitor told us who they are (an email capture, a checkout): only what they gave. */
export function identify(traits: Traits): void {
  enqueue({ kind: 'identify', traits, at: Date.now() });
}
