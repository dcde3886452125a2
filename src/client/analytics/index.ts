/**
 * The analytics runtime (spec §7): loaded by the browser entry when the page is idle, in its own
 * chunk, so no byte of it is in any page's hydration path. Everything the page raised before (the
 * queue on window, early clicks and errors the entry held) is taken over and told in order.
 *
 * It turns the page's raw calls into Segment messages (track / page / identify) with the visitor's
 * anonymous id, traits and campaign, and hands them to the sender (./sender.ts: outbox, batches,
 * beacon). With Global Privacy Control or Do Not Track on (./consent.ts) nothing is recorded.
 */
import { isRouteErrorResponse, type createBrowserRouter } from 'react-router';
import { messageOf } from '../../shared/errors.ts';
import { ANALYTICS_QUEUE, type AnalyticsCall } from '../../shared/track.ts';
import {
  REFERRAL_PARAMS,
  type AnalyticsEvent,
  type AnalyticsMessage,
  type AnalyticsProperties,
  type Traits,
} from '../../shared/analytics.ts';
import { CART_CHECKOUT_PATH } from '../../shared/cart.ts';
import { isProductBlock, walkBlocks } from '../../blocks/walk.ts';
import { streamedProduct } from '../../blocks/deferred-products.ts';
import { isCartView, type CartView } from '../../services/cart-client.ts';
import type { Product, StoreWarning } from '../../store/types.ts';
import { analyticsAllowed } from './consent.ts';
import { cartEvents, cartProperties, productFromCatalog } from './commerce.ts';
import { adClickOf, campaignOf, pageContext, queryProperties } from './context.ts';
import {
  campaignOfElement,
  clickMeaning,
  elementProperties,
  watchVisibility,
  type Seen,
} from './elements.ts';
import { createSender, type Sender } from './sender.ts';
import { localJsonStore } from './storage.ts';
import { createVisitor, randomId, type Visitor } from './visitor.ts';
import { yieldToMain } from '../yield.ts';

type Router = ReturnType<typeof createBrowserRouter>;
/** A message before the runtime adds what every message carries. */
type Draft = AnalyticsMessage extends infer M
  ? M extends AnalyticsMessage
    ? Omit<M, 'messageId' | 'anonymousId' | 'context'>
    : never
  : never;

/** The address the visitor landed on, as the entry saw it before anything changed it. */
export type Landing = { href: string; referrer: string; title: string; at: number };

/** The local checkout sends the shopper back with the order's number (see the README). */
export const ORDER_PARAM = 'order_id';
/** Parameters taken out of the address bar once the page view has recorded them. */
const ONE_TIME_PARAMS: readonly string[] = [...REFERRAL_PARAMS, ORDER_PARAM];
/** Client errors told per page at most (a loop of errors must not flood the collector). */
const MAX_ERRORS = 10;

export type StartOptions = {
  router: Router;
  landing: Landing;
  /** Clicks and errors the entry held before this chunk arrived. */
  early: Event[];
  /** Stops the entry's early listeners (this runtime listens from now on). */
  stopEarly: () => void;
};

/** Takes the one-time parameters out of the address bar (no reload; other parameters stay). */
function stripOneTimeParams(): void {
  const url = new URL(location.href);
  const before = url.search;
  for (const name of ONE_TIME_PARAMS) url.searchParams.delete(name);
  if (url.search !== before)
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Product block products on the current page, by handle: one walk of the router's loader data
 * (the blocks' own walker) per page, remembered while that data stays the same object.
 */
const productsByData = new WeakMap<object, Map<string, Product>>();
function productsOnPage(router: Router): Map<string, Product> {
  const data = router.state.loaderData;
  let found = productsByData.get(data);
  if (!found) {
    const products = new Map<string, Product>();
    walkBlocks(data, {
      block: (block) => {
        const item = isProductBlock(block) ? (block.props as { item?: Product | null }).item : null;
        if (item) products.set(item.handle, item);
      },
    });
    productsByData.set(data, products);
    found = products;
  }
  return found;
}

/** A product card's product: from the page's data, or streamed after it (a server-rendered page's cards). */
function productOnPage(router: Router, handle: string): Product | undefined {
  return productsOnPage(router).get(handle) ?? streamedProduct(handle);
}

const brandOf = (router: Router): string => {
  const root = router.state.loaderData.root as { site?: { name?: unknown } } | undefined;
  return typeof root?.site?.name === 'string' ? root.site.name : '';
};

function errorProperties(event: Event): AnalyticsProperties | null {
  if (event instanceof ErrorEvent) {
    const source = event.filename.startsWith(location.origin) ? event.filename.split('?')[0] : 'external';
    return {
      error_type: 'script',
      message: String(event.message).slice(0, 300),
      source: source ?? '',
      line: event.lineno,
      column: event.colno,
    };
  }
  if (event instanceof PromiseRejectionEvent) {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    return { error_type: 'promise', message: message.slice(0, 300) };
  }
  return null;
}

/**
 * A navigation whose payload did not load (the payload loader throws a 5xx "Payload unavailable",
 * or the network failed); a 404 is a page that does not exist, not an error of ours.
 */
export function payloadFailure(errors: Record<string, unknown> | null): AnalyticsProperties | null {
  for (const error of Object.values(errors ?? {})) {
    if (isRouteErrorResponse(error)) {
      if (error.status >= 500 || error.statusText === 'Payload unavailable')
        return {
          error_type: 'payload',
          status: error.status,
          message: error.statusText || 'Payload unavailable',
        };
    } else {
      return { error_type: 'payload', status: 0, message: messageOf(error).slice(0, 300) };
    }
  }
  return null;
}

/** Starts the runtime; returns a stop function (tests, and a page that opts out later). */
export function startAnalytics({ router, landing, early, stopEarly }: StartOptions): () => void {
  const host = window as unknown as Record<string, unknown>;
  const waiting = Array.isArray(host[ANALYTICS_QUEUE]) ? (host[ANALYTICS_QUEUE] as AnalyticsCall[]) : [];

  if (!analyticsAllowed()) {
    // The visitor opted out: nothing is recorded, stored or sent; the queue is dropped.
    stopEarly();
    host[ANALYTICS_QUEUE] = { push: () => 0 };
    stripOneTimeParams();
    return () => {};
  }

  const store = localJsonStore();
  const visitor: Visitor = createVisitor(store, () => Date.now());
  const sender: Sender = createSender({
    store,
    fetch: (input, init) => fetch(input, init),
    beacon: (url, body) => navigator.sendBeacon(url, body),
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  });
  const brand = brandOf(router);
  let errors = 0;
  let lastCart: CartView | null = null;
  let cartViewedWaiting: number | null = null;
  let currentPage = pageContext(new URL(landing.href), landing.title, landing.referrer);
  let listTold = false;

  /** One message, with everything every message carries. */
  function emit(message: Draft, at: number) {
    const start = visitor.touch();
    if (start) visitStarted(start, at);
    const traits = visitor.traits();
    const campaign = visitor.campaign();
    sender.add({
      ...message,
      messageId: randomId(),
      anonymousId: visitor.anonymousId(),
      context: {
        page: currentPage,
        ...(Object.keys(traits).length > 0 ? { traits } : {}),
        ...(campaign ? { campaign } : {}),
        locale: navigator.language,
        userAgent: navigator.userAgent,
      },
    });
  }

  const trackNow = (event: AnalyticsEvent, properties: AnalyticsProperties, at = Date.now()) =>
    emit({ type: 'track', event, properties, timestamp: new Date(at).toISOString() }, at);

  function visitStarted(start: NonNullable<ReturnType<Visitor['touch']>>, at: number) {
    if (start.abandoned) {
      trackNow(
        'Cart Abandoned',
        { ...start.abandoned.properties, last_activity_at: new Date(start.abandoned.at).toISOString() },
        at,
      );
    }
    if (start.reactivatedAfterDays !== null)
      trackNow('Customer Reactivated', { days_inactive: start.reactivatedAfterDays }, at);
  }

  function identifyNow(traits: Traits, at: number) {
    const merged = visitor.identify(traits);
    emit({ type: 'identify', traits: merged, timestamp: new Date(at).toISOString() }, at);
  }

  // ---- page views ---------------------------------------------------------------------------------

  function pageView(href: string, title: string, referrer: string, at: number, routeName: string) {
    const url = new URL(href);
    currentPage = pageContext(url, title, referrer);
    const campaign = campaignOf(url.search);
    // The landing's campaign travels with this visit's messages, the page view first.
    const previousTouch = campaign ? visitor.swapTouch(campaign) : null;
    if (campaign) visitor.setCampaign(campaign);
    emit(
      {
        type: 'page',
        name: routeName,
        properties: {
          path: currentPage.path,
          url: currentPage.url,
          search: currentPage.search,
          title: currentPage.title,
          referrer: currentPage.referrer,
          ...queryProperties(url.search),
        },
        timestamp: new Date(at).toISOString(),
      },
      at,
    );
    if (campaign && JSON.stringify(previousTouch) !== JSON.stringify(campaign)) {
      trackNow(
        'Marketing Spend Updated',
        { campaign, ...(previousTouch ? { previous_campaign: previousTouch } : {}) },
        at,
      );
    }
    const ad = adClickOf(url.search, campaign);
    if (ad) trackNow('Ad Clicked', ad, at);
    const orderId = url.searchParams.get(ORDER_PARAM)?.trim();
    if (orderId && /^[\w-]{1,64}$/.test(orderId)) {
      const checkout = visitor.completeOrder(orderId);
      if (checkout) {
        const { cart_id, value, ...rest } = checkout;
        trackNow(
          'Order Completed',
          { ...(cart_id ? { checkout_id: cart_id } : {}), order_id: orderId, total: value ?? 0, ...rest },
          at,
        );
      }
    }
    listTold = false;
  }

  const routeName = () => {
    const matches = router.state.matches;
    return matches[matches.length - 1]?.route.id ?? '';
  };

  // The landing, then wherever the visitor already went before this chunk arrived.
  let lastKey = router.state.location.key;
  pageView(landing.href, landing.title, landing.referrer, landing.at, routeName());
  stripOneTimeParams();
  const landed = new URL(landing.href);
  if (
    `${router.state.location.pathname}${router.state.location.search}` !==
      `${landed.pathname}${landed.search}` &&
    router.state.location.key !== 'default'
  ) {
    pageView(location.href, document.title, landing.href, Date.now(), routeName());
  }
  let previousHref = location.href;
  let pendingView: (() => void) | null = null;
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key === lastKey) return;
    lastKey = state.location.key;
    const failure = payloadFailure(state.errors);
    if (failure) trackNow('Internal Error', { ...failure, path: state.location.pathname });
    const at = Date.now();
    const href = location.href;
    const view = () => {
      if (pendingView !== view) return;
      pendingView = null;
      const referrer = previousHref;
      previousHref = href;
      pageView(href, document.title, referrer, at, routeName());
      stripOneTimeParams();
      visibility.reset();
    };
    // The new page's title is set when it renders: read it after this commit (or at once when the
    // visitor leaves first: a hidden page runs no animation frame).
    pendingView = view;
    requestAnimationFrame(() => setTimeout(view, 0));
  });

  // ---- the page's calls ------------------------------------------------------------------------------

  function handle(call: AnalyticsCall) {
    switch (call.kind) {
      case 'track':
        trackNow(call.event, call.properties, call.at);
        return;
      case 'identify':
        identifyNow(call.traits, call.at);
        return;
      case 'cart-opened':
        // Told with the cart the drawer's read answers (at most 5 s later; else with the last seen).
        cartViewedWaiting = call.at;
        setTimeout(() => {
          if (cartViewedWaiting === call.at) tellCartViewed();
        }, 5000);
        return;
      case 'cart': {
        const answer = call.answer as { cart?: unknown; warnings?: unknown };
        const after = isCartView(answer.cart) ? answer.cart : null;
        if (answer.cart !== null && !after) return;
        const warnings = Array.isArray(answer.warnings) ? (answer.warnings as StoreWarning[]) : [];
        for (const raised of cartEvents(call.request, lastCart, after, warnings, brand))
          trackNow(raised.event, raised.properties, call.at);
        lastCart = after;
        visitor.cartSeen(after ? cartProperties(after, brand) : null);
        if (cartViewedWaiting !== null && call.request.action === 'get') tellCartViewed();
      }
    }
  }

  function tellCartViewed() {
    const at = cartViewedWaiting ?? Date.now();
    cartViewedWaiting = null;
    const properties = lastCart ? cartProperties(lastCart, brand) : { products: [] };
    trackNow(
      'Cart Viewed',
      { ...(properties.cart_id ? { cart_id: properties.cart_id } : {}), products: properties.products ?? [] },
      at,
    );
  }

  // ---- elements: viewed and clicked -----------------------------------------------------------------

  function productAt(card: Element): { product: Product; position: number } | null {
    const handle = card.getAttribute('data-product');
    const product = handle ? productOnPage(router, handle) : undefined;
    if (!product) return null;
    const cards = [...document.querySelectorAll('.ui-product-card[data-product]')];
    return { product, position: cards.indexOf(card) + 1 };
  }

  function viewed({ kind, element }: Seen) {
    if (kind === 'product') {
      const found = productAt(element);
      if (!found) return;
      if (!listTold) {
        listTold = true;
        const listed = [...document.querySelectorAll('.ui-product-card[data-product]')].flatMap((card, i) => {
          const product = productOnPage(router, card.getAttribute('data-product') ?? '');
          return product ? [productFromCatalog(product, brand, i + 1)] : [];
        });
        trackNow('Product List Viewed', {
          list_id: currentPage.path,
          category: currentPage.title,
          products: listed,
        });
      }
      const properties = productFromCatalog(found.product, brand, found.position);
      trackNow('Product Viewed', {
        ...properties,
        value: typeof properties.price === 'number' ? properties.price : 0,
        url: currentPage.url,
      });
      return;
    }
    if (kind !== 'snack_bar') trackNow('Element Viewed', elementProperties(kind, element));
    const campaign = campaignOfElement(kind, element);
    if (campaign) trackNow('Campaign Viewed', campaign);
  }
  const visibility = watchVisibility(viewed);

  function clicked(event: Event, at: number) {
    const meaning = clickMeaning(event.target, CART_CHECKOUT_PATH);
    if (!meaning) return;
    if (meaning.event === 'Checkout Started') {
      const properties = lastCart ? cartProperties(lastCart, brand) : null;
      if (!properties) return;
      visitor.checkoutStarted(properties);
      trackNow('Checkout Started', properties, at);
      // The browser leaves for the store's checkout now.
      sender.leave();
      return;
    }
    if (meaning.kind === 'product') {
      const found = productAt(meaning.element);
      if (found) trackNow('Product Clicked', productFromCatalog(found.product, brand, found.position), at);
      return;
    }
    if (meaning.event === 'Campaign Dismissed' && meaning.kind) {
      const campaign = campaignOfElement(meaning.kind, meaning.element);
      if (campaign) trackNow('Campaign Dismissed', campaign, at);
      return;
    }
    if (meaning.kind) trackNow(meaning.event, elementProperties(meaning.kind, meaning.element), at);
  }

  function failed(event: Event, at: number) {
    const properties = errorProperties(event);
    if (!properties || errors >= MAX_ERRORS) return;
    errors += 1;
    trackNow('Internal Error', properties, at);
  }

  const onClick = (event: Event) => clicked(event, Date.now());
  const onError = (event: Event) => failed(event, Date.now());
  const leave = () => {
    pendingView?.();
    sender.leave();
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  const onPageHide = leave;

  // Take over: the calls and events raised so far, in the order they were raised.
  stopEarly();
  const held: { at: number; run: () => void }[] = [
    ...waiting.map((call) => ({ at: call.at, run: () => handle(call) })),
    ...early.map((event) => ({
      at: performance.timeOrigin + event.timeStamp,
      run: () =>
        event.type === 'click'
          ? clicked(event, performance.timeOrigin + event.timeStamp)
          : failed(event, performance.timeOrigin + event.timeStamp),
    })),
  ].sort((a, b) => a.at - b.at);
  for (const item of held) item.run();
  host[ANALYTICS_QUEUE] = { push: (call: AnalyticsCall) => handle(call) };

  document.addEventListener('click', onClick, true);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  // What earlier pages (or visits) left in the outbox goes out now, in a task of its own.
  void yieldToMain().then(() => sender.flush());

  return () => {
    unsubscribe();
    visibility.stop();
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onError);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}
