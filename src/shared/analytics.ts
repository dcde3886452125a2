/**
 * The analytics contract (spec §7 "Analytics"), one source for the page, the browser's analytics
 * runtime (src/client/analytics) and the events function (src/functions/events): the event names,
 * the message shapes the browser sends and the limits of a batch. The page raises events with
 * ./track.ts (a few bytes in every page; this module is not in the hydration path).
 *
 * Collection is first-party: the browser queues messages and sends batches to our own
 * `/.netlify/functions/events`, which validates them and forwards them to Segment with the write key
 * it alone holds. Imports nothing.
 */

/** Where the browser sends batches (same origin; `sendBeacon` on page hide). */
export const EVENTS_PATH = '/.netlify/functions/events';

/** Spec §7's events, named exactly as the spec (and Segment's e-commerce spec v2) names them. */
export const ANALYTICS_EVENTS = [
  'Element Viewed',
  'Element Clicked',
  'Internal Error',
  'Product List Viewed',
  'Product Viewed',
  'Product Clicked',
  'Product Added',
  'Product Removed',
  'Coupon Entered',
  'Coupon Applied',
  'Coupon Denied',
  'Coupon Removed',
  'Campaign Viewed',
  'Campaign Subscribed',
  'Campaign Dismissed',
  'Cart Viewed',
  'Cart Abandoned',
  'Checkout Started',
  'Order Completed',
  'Marketing Spend Updated',
  'Ad Clicked',
  /** The spec's "customer-dashboard reactivation event": a known visitor back after a long absence. */
  'Customer Reactivated',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * Landing parameters that name who referred the visitor: recorded on the page view, then removed
 * from the address bar (§7). They never reach the CDN's cache key (Netlify-Vary lists only the
 * parameters a page reads).
 */
export const REFERRAL_PARAMS = ['referral_aid', 'referral_source', 'referrer_anonymous_id'] as const;

/** What a batch may hold: checked by the function (413/400) and respected by the browser's sender. */
export const ANALYTICS_LIMITS = {
  /** Bytes of one batch body (sendBeacon's budget is 64 KiB for everything in flight). */
  batchBytes: 32_000,
  /** Messages in one batch. */
  batchMessages: 50,
  /** Characters of one string value anywhere in a message. */
  stringLength: 2_000,
  /** Keys of one properties, traits or context object. */
  objectKeys: 100,
  /** Nesting of properties (a product list inside properties is depth 3). */
  depth: 5,
  /** Items of one array (a cart's products: 50 lines, §9). */
  arrayItems: 50,
} as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type AnalyticsProperties = { [key: string]: Json };

/** The page a message was raised on (Segment's `context.page`). */
export type PageContext = {
  path: string;
  /** Without the referral parameters and without any parameter that could hold an email or phone. */
  url: string;
  search: string;
  title: string;
  referrer: string;
};

/** Campaign parameters of the landing (`utm_*` without the prefix, Segment's `context.campaign`). */
export type CampaignContext = Partial<Record<'source' | 'medium' | 'name' | 'term' | 'content', string>>;

/** Traits the visitor gave (identify); the current ones travel with every later message. */
export type Traits = Partial<Record<'email' | 'firstName' | 'lastName' | 'phone', string>>;

export type MessageContext = {
  page: PageContext;
  /** The visitor's traits (identify's), attached to every later message (§7). */
  traits?: Traits;
  campaign?: CampaignContext;
  locale?: string;
  userAgent?: string;
};

type MessageBase = {
  /** Unique per message: the collector drops a second copy (a beacon that was also retried). */
  messageId: string;
  /** When the visitor did it (ISO 8601), not when it was sent. */
  timestamp: string;
  /** The browser's id, kept across pages (first-party storage). */
  anonymousId: string;
  /** The visitor's id once known (identify). */
  userId?: string;
  context: MessageContext;
};

export type TrackMessage = MessageBase & {
  type: 'track';
  event: AnalyticsEvent;
  properties: AnalyticsProperties;
};
export type PageMessage = MessageBase & { type: 'page'; name: string; properties: AnalyticsProperties };
export type IdentifyMessage = MessageBase & { type: 'identify'; traits: Traits };
export type AnalyticsMessage = TrackMessage | PageMessage | IdentifyMessage;

/** What the browser POSTs (Segment's batch shape). */
export type AnalyticsBatch = { batch: AnalyticsMessage[]; sentAt: string };
