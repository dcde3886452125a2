/**
 * The visitor as analytics knows them, kept in first-party storage: the anonymous id (kept across
 * pages and visits), the traits they gave (identify), their visits (a visit ends after 30 minutes
 * without an event, as in Segment's and Google's session rule), the campaign that brought them,
 * and the cart and checkout they left, for the rules below.
 *
 * - **Cart Abandoned**: a visit that ended with a cart holding lines and no Checkout Started after
 *   its last change. It is told when the visitor's next visit starts (the browser cannot tell when
 *   a visit ends: it only sees the next one), with the cart as it was last seen.
 * - **Customer Reactivated** (the spec's customer-dashboard reactivation event): a visitor who gave
 *   us their email (a customer we know) starts a visit 30 days or more after their last one.
 */
import type { AnalyticsProperties, CampaignContext, Traits } from '../../shared/analytics.ts';
import { isRecord, type JsonStore } from './storage.ts';

export const VISIT_TIMEOUT_MS = 30 * 60_000;
export const REACTIVATION_MS = 30 * 24 * 3600_000;

const KEYS = {
  anonymousId: 'rh_aid',
  traits: 'rh_traits',
  visit: 'rh_visit',
  cart: 'rh_cart_seen',
  checkout: 'rh_checkout',
  orders: 'rh_orders',
  touch: 'rh_touch',
} as const;

/** `campaignAt`: when the campaign was set (a landing's campaign is set before its visit's first event). */
type Visit = { startedAt: number; lastAt: number; campaign?: CampaignContext; campaignAt?: number };
type CartSeen = { properties: AnalyticsProperties; at: number };

const isString = (v: unknown): v is string => typeof v === 'string';
const isVisit = (v: unknown): v is Visit =>
  isRecord(v) && typeof v.startedAt === 'number' && typeof v.lastAt === 'number';
const isCartSeen = (v: unknown): v is CartSeen =>
  isRecord(v) && isRecord(v.properties) && typeof v.at === 'number';
const isTraits = (v: unknown): v is Traits => isRecord(v) && Object.values(v).every(isString);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isCampaign = (v: unknown): v is CampaignContext => isRecord(v) && Object.values(v).every(isString);

/** 32 hex characters from the platform's random source (works outside secure contexts too). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type VisitStart = {
  /** The cart the last visit ended with, untouched by a checkout: tell Cart Abandoned. */
  abandoned: CartSeen | null;
  /** Days since a known customer's last visit, when 30 or more: tell Customer Reactivated. */
  reactivatedAfterDays: number | null;
};

export function createVisitor(store: JsonStore, now: () => number) {
  let anonymousId = store.read(KEYS.anonymousId, isString);
  if (!anonymousId) {
    anonymousId = randomId();
    store.write(KEYS.anonymousId, anonymousId);
  }
  const id = anonymousId;
  const traits = (): Traits => store.read(KEYS.traits, isTraits) ?? {};

  return {
    anonymousId: () => id,
    traits,
    /** Remembers what the visitor gave (later values win); the merged traits. */
    identify(traits: Traits): Traits {
      const given = Object.fromEntries(
        Object.entries(traits).filter(([, v]) => typeof v === 'string' && v !== ''),
      );
      const merged = { ...(store.read(KEYS.traits, isTraits) ?? {}), ...given };
      store.write(KEYS.traits, merged);
      return merged;
    },

    /**
     * Called before each message: extends the visit, or starts a new one and says what the last
     * one left behind.
     */
    touch(): VisitStart | null {
      const at = now();
      const visit = store.read(KEYS.visit, isVisit);
      if (visit && at - visit.lastAt < VISIT_TIMEOUT_MS) {
        store.write(KEYS.visit, { ...visit, lastAt: at });
        return null;
      }
      // A campaign set since the last visit's last event is this new visit's (its landing's).
      const landing =
        visit?.campaign && typeof visit.campaignAt === 'number' && visit.campaignAt > visit.lastAt
          ? { campaign: visit.campaign, campaignAt: visit.campaignAt }
          : {};
      store.write(KEYS.visit, { startedAt: at, lastAt: at, ...landing });
      const abandoned = store.read(KEYS.cart, isCartSeen);
      store.remove(KEYS.cart);
      const known = Boolean(traits().email);
      const away = visit ? at - visit.lastAt : 0;
      return {
        abandoned:
          abandoned &&
          Array.isArray(abandoned.properties.products) &&
          abandoned.properties.products.length > 0
            ? abandoned
            : null,
        reactivatedAfterDays:
          known && visit && away >= REACTIVATION_MS ? Math.floor(away / (24 * 3600_000)) : null,
      };
    },

    /** The campaign of this visit (set by a landing with `utm_*`). */
    campaign(): CampaignContext | undefined {
      return store.read(KEYS.visit, isVisit)?.campaign;
    },
    setCampaign(campaign: CampaignContext) {
      const at = now();
      const visit = store.read(KEYS.visit, isVisit) ?? { startedAt: at, lastAt: at };
      store.write(KEYS.visit, { ...visit, campaign, campaignAt: at });
    },
    /** The campaign of the visitor's last marketing touch, and remembers `campaign` as the new one. */
    swapTouch(campaign: CampaignContext): CampaignContext | null {
      const previous = store.read(KEYS.touch, isCampaign);
      store.write(KEYS.touch, campaign);
      return previous;
    },

    /** The cart as last answered (null or empty: nothing to abandon). */
    cartSeen(properties: AnalyticsProperties | null) {
      if (properties && Array.isArray(properties.products) && properties.products.length > 0)
        store.write(KEYS.cart, { properties, at: now() });
      else store.remove(KEYS.cart);
    },
    /** Checkout started with this cart: it is not abandoned, and Order Completed will need it. */
    checkoutStarted(properties: AnalyticsProperties) {
      store.remove(KEYS.cart);
      store.write(KEYS.checkout, { properties, at: now() });
    },
    /**
     * The checkout behind order `orderId`, once: null when no checkout was started here or the
     * order was already told.
     */
    completeOrder(orderId: string): AnalyticsProperties | null {
      const told = store.read(KEYS.orders, isStrings) ?? [];
      const checkout = store.read(KEYS.checkout, isCartSeen);
      if (told.includes(orderId) || !checkout) return null;
      store.write(KEYS.orders, [...told, orderId].slice(-20));
      store.remove(KEYS.checkout);
      return checkout.properties;
    },
  };
}

export type Visitor = ReturnType<typeof createVisitor>;
