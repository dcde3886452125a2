/**
 * When a deferred block's code loads in the browser (§9 lazy hydration): once the main thread is
 * idle (requestIdleCallback, at most LAZY_HYDRATION_IDLE_MS later; one block an idle callback, the
 * next at the next idle time) or once the block comes within LAZY_HYDRATION_MARGIN of the
 * viewport, whichever is first, or at once when the visitor reaches into it (pointer, touch,
 * focus). A click that lands on a block before its code is there is held and replayed once the
 * block has hydrated (React 19 replays only continuous events and form actions: a click on a
 * dehydrated boundary would be dropped, and a submit button's native default would post the form
 * to the page's own URL).
 */
import { LAZY_HYDRATION_IDLE_MS } from '../widgets/tokens.ts';

/** How close to the viewport a deferred block starts loading: about a phone screen ahead. */
export const LAZY_HYDRATION_MARGIN = '600px 0px';

/** `load` starts loading the block's code and says whether it did (false once it has started). */
type Pending = { load: () => boolean; hydrated: Promise<void> };

/** Wrappers of deferred blocks not hydrated yet, with what loads them and when they are done. */
const pending = new Map<Element, Pending>();
let observer: IntersectionObserver | null = null;
let idleScheduled = false;
let listening = false;

function pendingFor(target: EventTarget | null): [Element, Pending] | null {
  if (!(target instanceof Element)) return null;
  for (const [wrapper, entry] of pending) if (wrapper.contains(target)) return [wrapper, entry];
  return null;
}

/** Pointer, touch or focus inside a deferred block: load it now, the click is likely next. */
function onIntent(event: Event) {
  pendingFor(event.target)?.[1].load();
}

function isCheckable(element: unknown): element is HTMLInputElement {
  return element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox');
}

/**
 * Resolves once React has hydrated the element itself (it then carries React's props), at most
 * about two seconds of frames later: a block's own boundary can hydrate before a boundary nested in
 * it (a streamed product card), and a click replayed on that one before it hydrated would be lost.
 */
function hydratedElement(target: Element, framesLeft = 120): Promise<void> {
  const hydrated = Object.keys(target).some((key) => key.startsWith('__reactProps$'));
  if (hydrated || framesLeft === 0 || !target.isConnected) return Promise.resolve();
  return new Promise((resolve) =>
    requestAnimationFrame(() => resolve(hydratedElement(target, framesLeft - 1))),
  );
}

/**
 * Where a held click is replayed: the target itself or, for an icon's `<svg>` or `<path>` (which
 * have no `click()`), the HTML element around it, such as the arrow button it draws.
 */
function htmlElementAt(target: EventTarget | null): HTMLElement {
  let element = target instanceof Element ? target : null;
  while (element && !(element instanceof HTMLElement)) element = element.parentElement;
  return element ?? document.body;
}

/**
 * A click (or a submit) on a deferred block before it hydrated: held, and replayed once it has.
 * A radio or checkbox is let change at once (the visitor sees it), then set back and clicked again
 * after hydration so the block's own state hears of it.
 */
function onActivate(event: Event) {
  const found = pendingFor(event.target);
  if (!found) return;
  const [, entry] = found;
  const target = htmlElementAt(event.target);
  event.stopImmediatePropagation();
  entry.load();
  if (event.type === 'submit') return event.preventDefault();
  // A label's own activation clicks its control, which comes through here next.
  if (target instanceof HTMLLabelElement && isCheckable(target.control)) return;
  if (isCheckable(target)) {
    void entry.hydrated
      .then(() => hydratedElement(target))
      .then(() => {
        if (!target.isConnected) return;
        target.checked = target.type === 'radio' ? false : !target.checked;
        target.click();
      });
    return;
  }
  event.preventDefault();
  void entry.hydrated
    .then(() => hydratedElement(target))
    .then(() => {
      if (target.isConnected) target.click();
    });
}

function listen() {
  if (listening) return;
  listening = true;
  // Window, capture phase: before React's own listener on the document stops the event.
  for (const type of ['pointerdown', 'touchstart', 'focusin'])
    window.addEventListener(type, onIntent, { capture: true, passive: true });
  window.addEventListener('click', onActivate, { capture: true });
  window.addEventListener('submit', onActivate, { capture: true });
}

/**
 * At idle, one deferred block's code is asked for, and the next at the next idle time: each
 * `import()` starts its request there and then (about 1 ms in Chromium here, more with DevTools
 * tracing on), and all at once, the every-block article's eight made one idle task of 11–25 ms
 * under Lighthouse (observed; at its 4× CPU, 40–100 ms a tap would wait for).
 */
function loadNextPending() {
  idleScheduled = false;
  for (const entry of pending.values()) if (entry.load()) return scheduleIdle();
}

function scheduleIdle() {
  if (idleScheduled) return;
  idleScheduled = true;
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(loadNextPending, { timeout: LAZY_HYDRATION_IDLE_MS });
  else window.setTimeout(loadNextPending, LAZY_HYDRATION_IDLE_MS);
}

/**
 * Watch a deferred block's wrapper: `load` runs once, at idle, on approach or on intent;
 * `hydrated` resolves when its boundary has hydrated. Returns the cleanup (unmount).
 */
export function deferHydration(wrapper: Element, load: () => void, hydrated: Promise<void>): () => void {
  let done = false;
  // The wrapper has no box (display: contents): watch the block's own first element.
  const watched = wrapper.firstElementChild ?? wrapper;
  const once = () => {
    if (done) return false;
    done = true;
    observer?.unobserve(watched);
    load();
    return true;
  };
  pending.set(wrapper, { load: once, hydrated });
  void hydrated.then(() => {
    if (pending.get(wrapper)?.load === once) pending.delete(wrapper);
  });
  listen();
  if (typeof IntersectionObserver === 'function') {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) pendingFor(entry.target)?.[1].load();
      },
      { rootMargin: LAZY_HYDRATION_MARGIN },
    );
    observer.observe(watched);
  }
  scheduleIdle();
  return () => {
    observer?.unobserve(watched);
    if (pending.get(wrapper)?.load === once) pending.delete(wrapper);
  };
}
