/**
 * The visitor in first-party storage: the anonymous id and traits kept across pages, visits (30
 * minutes without an event end one), and what a new visit tells about the last one: an abandoned
 * cart, a known customer back after 30 days or more. Checkouts complete once per order.
 */
import { describe, expect, test } from 'vitest';
import { jsonStore, type KeyValueStore } from '../../../../src/client/analytics/storage.ts';
import {
  createVisitor,
  randomId,
  REACTIVATION_MS,
  VISIT_TIMEOUT_MS,
} from '../../../../src/client/analytics/visitor.ts';
import type { AnalyticsProperties } from '../../../../src/shared/analytics.ts';

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 3600_000;

function memoryBacking(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A visitor over a fresh storage (or `backing`, to open the same browser again) and a clock. */
function setup(backing = memoryBacking()) {
  const clock = { t: T0 };
  const store = jsonStore(backing);
  return {
    backing,
    clock,
    visitor: createVisitor(store, () => clock.t),
    /** The same browser on another page (a new runtime over the same storage and clock). */
    again: () => createVisitor(jsonStore(backing), () => clock.t),
    advance: (ms: number) => void (clock.t += ms),
  };
}

const CART: AnalyticsProperties = {
  cart_id: 'c1',
  value: 69,
  products: [{ product_id: 'gid://shopify/Product/1001', quantity: 1, price: 69, position: 1 }],
};

describe('identity', () => {
  test('the anonymous id is 32 hex characters and stays the same for every page of this browser', () => {
    const s = setup();
    const id = s.visitor.anonymousId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(s.again().anonymousId()).toBe(id);
    expect(setup().visitor.anonymousId()).not.toBe(id);
    expect(randomId()).not.toBe(randomId());
  });

  test('identify merges traits (later values win) and they are there on the next page', () => {
    const s = setup();
    expect(s.visitor.traits()).toEqual({});
    expect(s.visitor.identify({ email: 'old@example.com', firstName: 'Jo' })).toEqual({
      email: 'old@example.com',
      firstName: 'Jo',
    });
    expect(s.visitor.identify({ email: 'jo@example.com', phone: '+15551234567' })).toEqual({
      email: 'jo@example.com',
      firstName: 'Jo',
      phone: '+15551234567',
    });
    expect(s.again().traits()).toEqual({ email: 'jo@example.com', firstName: 'Jo', phone: '+15551234567' });
  });
});

describe('visits', () => {
  test('the first event starts a visit; events less than 30 minutes apart extend it', () => {
    const s = setup();
    expect(s.visitor.touch()).toEqual({ abandoned: null, reactivatedAfterDays: null });
    s.advance(20 * MINUTE);
    expect(s.visitor.touch()).toBeNull();
    s.advance(20 * MINUTE); // 40 minutes after the start, 20 after the last event
    expect(s.visitor.touch()).toBeNull();
    s.advance(VISIT_TIMEOUT_MS - 1);
    expect(s.again().touch()).toBeNull();
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()).toEqual({ abandoned: null, reactivatedAfterDays: null });
  });

  test('a visit that ended with products in the cart and no checkout is told abandoned, once', () => {
    const s = setup();
    s.visitor.touch();
    s.advance(5 * MINUTE);
    const seenAt = s.clock.t;
    s.visitor.cartSeen(CART);
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.again().touch()).toEqual({
      abandoned: { properties: CART, at: seenAt },
      reactivatedAfterDays: null,
    });
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()).toEqual({ abandoned: null, reactivatedAfterDays: null });
  });

  test('an empty cart, or one whose checkout started after its last change, is not abandoned', () => {
    const s = setup();
    s.visitor.touch();
    s.visitor.cartSeen({ cart_id: 'c1', products: [] });
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()?.abandoned).toBeNull();

    s.visitor.cartSeen(CART);
    s.visitor.cartSeen(null);
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()?.abandoned).toBeNull();

    s.visitor.cartSeen(CART);
    s.visitor.checkoutStarted(CART);
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()?.abandoned).toBeNull();
  });

  test('a stored cart without products (left by an older page) is not abandoned', () => {
    const backing = memoryBacking();
    const s = setup(backing);
    s.visitor.touch();
    backing.setItem('rh_cart_seen', JSON.stringify({ properties: { cart_id: 'c1', products: [] }, at: T0 }));
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()?.abandoned).toBeNull();
  });

  test('a cart changed after its checkout started is abandoned again', () => {
    const s = setup();
    s.visitor.touch();
    s.visitor.cartSeen(CART);
    s.visitor.checkoutStarted(CART);
    s.advance(MINUTE);
    const changed = { ...CART, value: 138 };
    s.visitor.cartSeen(changed);
    s.advance(VISIT_TIMEOUT_MS);
    expect(s.visitor.touch()?.abandoned?.properties).toEqual(changed);
  });

  test('a known customer (email given) back after 30 days or more is reactivated, with the days away', () => {
    const s = setup();
    s.visitor.identify({ email: 'jo@example.com' });
    s.visitor.touch();
    s.advance(REACTIVATION_MS);
    expect(s.visitor.touch()?.reactivatedAfterDays).toBe(30);
    s.advance(45 * DAY + 5 * 3600_000);
    expect(s.again().touch()?.reactivatedAfterDays).toBe(45);
  });

  test('no reactivation before 30 days, without an email, or on a first visit', () => {
    const known = setup();
    known.visitor.identify({ email: 'jo@example.com' });
    expect(known.visitor.touch()?.reactivatedAfterDays).toBeNull();
    known.advance(REACTIVATION_MS - 1);
    expect(known.visitor.touch()).toEqual({ abandoned: null, reactivatedAfterDays: null });

    const anonymous = setup();
    anonymous.visitor.identify({ firstName: 'Jo', phone: '+15551234567' });
    anonymous.visitor.touch();
    anonymous.advance(90 * DAY);
    expect(anonymous.visitor.touch()?.reactivatedAfterDays).toBeNull();
  });
});

describe('campaigns', () => {
  test('the landing’s campaign belongs to the visit, and not to the next one', () => {
    const s = setup();
    s.visitor.setCampaign({ source: 'google', medium: 'cpc' });
    s.visitor.touch();
    s.advance(10 * MINUTE);
    s.visitor.touch();
    expect(s.again().campaign()).toEqual({ source: 'google', medium: 'cpc' });
    s.advance(VISIT_TIMEOUT_MS);
    s.visitor.touch();
    expect(s.visitor.campaign()).toBeUndefined();
  });

  test('a campaign landing that starts a new visit keeps its campaign (the runtime sets it before the first touch)', () => {
    const s = setup();
    s.visitor.touch();
    s.advance(VISIT_TIMEOUT_MS + MINUTE);
    s.visitor.setCampaign({ source: 'newsletter', medium: 'email', name: 'black-friday' });
    expect(s.visitor.touch()).not.toBeNull();
    expect(s.visitor.campaign()).toEqual({ source: 'newsletter', medium: 'email', name: 'black-friday' });
    s.advance(MINUTE);
    expect(s.visitor.touch()).toBeNull();
    expect(s.visitor.campaign()).toEqual({ source: 'newsletter', medium: 'email', name: 'black-friday' });
  });

  test('swapTouch answers the previous marketing touch and keeps the new one', () => {
    const s = setup();
    expect(s.visitor.swapTouch({ source: 'google' })).toBeNull();
    expect(s.again().swapTouch({ source: 'newsletter' })).toEqual({ source: 'google' });
  });
});

describe('orders', () => {
  test('a started checkout completes once per order id', () => {
    const s = setup();
    s.visitor.checkoutStarted(CART);
    expect(s.again().completeOrder('1001')).toEqual(CART);
    expect(s.visitor.completeOrder('1001')).toBeNull();
    expect(s.visitor.completeOrder('1002')).toBeNull();

    // A reload of the order page after the next checkout does not tell the first order again.
    s.visitor.checkoutStarted({ ...CART, value: 12 });
    expect(s.visitor.completeOrder('1001')).toBeNull();
    expect(s.visitor.completeOrder('1003')).toEqual({ ...CART, value: 12 });
  });

  test('without a started checkout there is nothing to complete', () => {
    expect(setup().visitor.completeOrder('1001')).toBeNull();
  });
});

test('a trait given empty or missing does not erase one given before', () => {
  const visitor = createVisitor(jsonStore(null), () => 0);
  visitor.identify({ email: 'a@example.com' });
  expect(visitor.identify({ email: '', firstName: 'Jo' })).toEqual({
    email: 'a@example.com',
    firstName: 'Jo',
  });
});
