/**
 * The elements that matter (§7 Element / Product / Campaign events), found by the classes their
 * widgets already render, so no analytics code or attribute sits in the hydration path (only the
 * product card names its product, `data-product`). The list:
 *
 * | element | selector | Viewed | Clicked |
 * |---|---|---|---|
 * | announcement banner | `.announcement` | Element Viewed (banner) + Campaign Viewed | Element Clicked on its call to action |
 * | carousel slide | `.carousel__slide` | Element Viewed (carousel_slide, position 1-based) | Element Clicked |
 * | CTA button | `.ui-button` links, `.anchor-button`, banner and snack-bar calls to action | Element Viewed (cta) | Element Clicked |
 * | email capture (footer, sidebar, block) | `.ui-email-capture` | Element Viewed (email_capture) + Campaign Viewed | - |
 * | snack bar | `.snack-bar` | Campaign Viewed | close: Campaign Dismissed |
 * | product card | `.ui-product-card[data-product]` | Product Viewed (+ Product List Viewed once a page) | Product Clicked (its button, size choice) |
 *
 * Visibility follows §9: an element counts as viewed when 0.2 of it is in the viewport at a check,
 * and checks run at most once per 1000 ms; each element is told once per page view.
 */
import { VISIBILITY_THRESHOLD, VISIBILITY_THROTTLE_MS } from '../../widgets/tokens.ts';
import type { AnalyticsEvent, AnalyticsProperties } from '../../shared/analytics.ts';

export type ElementKind = 'banner' | 'carousel_slide' | 'cta' | 'email_capture' | 'snack_bar' | 'product';

const CTA = 'a.ui-button, .anchor-button, .announcement__cta, .snack-bar__cta';
const SELECTORS: [ElementKind, string][] = [
  ['banner', '.announcement'],
  ['carousel_slide', '.carousel__slide'],
  ['cta', CTA],
  ['email_capture', '.ui-email-capture'],
  ['snack_bar', '.snack-bar'],
  ['product', '.ui-product-card[data-product]'],
];
const ALL = SELECTORS.map(([, selector]) => selector).join(', ');

export function kindOf(element: Element): ElementKind | null {
  for (const [kind, selector] of SELECTORS) if (element.matches(selector)) return kind;
  return null;
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);

/** Where an email form sits: the campaign it belongs to. */
function signupSource(element: Element): string {
  if (element.closest('.site-footer')) return 'footer';
  if (element.closest('.sidebar__signup, .sidebar')) return 'sidebar';
  return 'block';
}

/** The properties of Element Viewed / Clicked for an element of `kind`. */
export function elementProperties(kind: ElementKind, element: Element): AnalyticsProperties {
  const properties: AnalyticsProperties = { element_type: kind };
  switch (kind) {
    case 'banner':
      properties.element_name = text(element.querySelector('.announcement__headline')) || text(element);
      break;
    case 'carousel_slide': {
      const slides = element.parentElement ? [...element.parentElement.children] : [element];
      properties.position = slides.indexOf(element) + 1;
      properties.element_name = element.getAttribute('aria-label') ?? '';
      const carousel = element.closest('[aria-roledescription="carousel"]');
      if (carousel) properties.element_id = carousel.getAttribute('aria-label') ?? '';
      break;
    }
    case 'cta':
      properties.element_name = text(element);
      if (element instanceof HTMLAnchorElement) properties.url = element.getAttribute('href') ?? '';
      break;
    case 'email_capture':
      properties.element_name = text(element.querySelector('h2, h3')) || 'Newsletter sign-up';
      properties.element_id = signupSource(element);
      break;
    default:
      properties.element_name = text(element);
  }
  return properties;
}

/** The campaign an element shows, if it is one (Campaign Viewed / Dismissed). */
export function campaignOfElement(kind: ElementKind, element: Element): AnalyticsProperties | null {
  if (kind === 'banner')
    return {
      campaign_id: 'announcement',
      campaign_name: text(element.querySelector('.announcement__headline')) || text(element),
    };
  if (kind === 'email_capture') {
    const source = signupSource(element);
    return { campaign_id: `email_capture:${source}`, campaign_name: 'Newsletter', source };
  }
  if (kind === 'snack_bar')
    return { campaign_id: 'snack_bar', campaign_name: text(element.querySelector('.snack-bar__text')) };
  return null;
}

export type Seen = { kind: ElementKind; element: Element };

/**
 * Watches every tracked element: `onViewed` once per element while `reset` is not called (a new
 * page view calls it). New elements (a client navigation, a lazily loaded block) are picked up.
 */
export function watchVisibility(onViewed: (seen: Seen) => void, now: () => number = () => Date.now()) {
  const visible = new Set<Element>();
  let told = new WeakSet<Element>();
  let lastCheck = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const check = () => {
    timer = null;
    lastCheck = now();
    for (const element of visible) {
      if (told.has(element) || !element.isConnected) continue;
      const kind = kindOf(element);
      if (!kind) continue;
      told.add(element);
      onViewed({ kind, element });
    }
  };
  /** At most one check per VISIBILITY_THROTTLE_MS (§9). */
  const schedule = () => {
    if (timer !== null) return;
    timer = setTimeout(check, Math.max(0, lastCheck + VISIBILITY_THROTTLE_MS - now()));
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.intersectionRatio >= VISIBILITY_THRESHOLD)
          visible.add(entry.target);
        else visible.delete(entry.target);
      }
      schedule();
    },
    { threshold: [0, VISIBILITY_THRESHOLD] },
  );
  const observed = new WeakSet<Element>();
  const scan = () => {
    for (const element of document.querySelectorAll(ALL)) {
      if (observed.has(element)) continue;
      observed.add(element);
      observer.observe(element);
    }
  };
  let pending = false;
  const mutations = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      scan();
    });
  });
  scan();
  mutations.observe(document.body, { childList: true, subtree: true });

  return {
    /** A new page view: every element may be told again. */
    reset() {
      told = new WeakSet();
      scan();
      schedule();
    },
    stop() {
      observer.disconnect();
      mutations.disconnect();
      if (timer !== null) clearTimeout(timer);
    },
  };
}

export type Click =
  | { event: AnalyticsEvent; element: Element; kind: ElementKind }
  | { event: 'Checkout Started'; element: Element; kind: null };

/** What a click on `target` means, if anything. */
export function clickMeaning(target: EventTarget | null, checkoutHref: string): Click | null {
  if (!(target instanceof Element)) return null;
  const checkout = target.closest(`a[href="${checkoutHref}"]`);
  if (checkout) return { event: 'Checkout Started', element: checkout, kind: null };
  const close = target.closest('.snack-bar__close');
  const snack = close?.closest('.snack-bar');
  if (snack) return { event: 'Campaign Dismissed', element: snack, kind: 'snack_bar' };
  const card = target.closest('.ui-product-card[data-product]');
  if (card) {
    return target.closest('button, a, input, label, select')
      ? { event: 'Product Clicked', element: card, kind: 'product' }
      : null;
  }
  const cta = target.closest(CTA);
  if (cta) return { event: 'Element Clicked', element: cta, kind: 'cta' };
  const slide = target.closest('.carousel__slide');
  if (slide) return { event: 'Element Clicked', element: slide, kind: 'carousel_slide' };
  return null;
}
