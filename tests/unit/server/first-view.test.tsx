// @vitest-environment jsdom
/**
 * The first view's offscreen rendering as the server writes it: a <style> of its own, and the
 * script after it that removes it before a scroll position is saved or restored: at once for a
 * reload or a back/forward load; otherwise on a click on a link to another page, a back/forward to
 * another page or pagehide, moving the scroll position by what moved above the screen.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import {
  FIRST_VIEW_CSS,
  FIRST_VIEW_SCRIPT,
  FIRST_VIEW_STYLE_ID,
  FirstView,
} from '../../../src/server/page-head/first-view';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

/**
 * The head as the server sends it on /training, its script run as the browser runs it while
 * parsing. `listeners` records what the script adds to window, so each test can remove them.
 */
function loadHead(navigationType: string | undefined) {
  history.replaceState(null, '', '/training');
  document.head.innerHTML = renderToStaticMarkup(<FirstView nonce="n0nce" />);
  vi.stubGlobal('performance', {
    getEntriesByType: (type: string) =>
      type === 'navigation' && navigationType ? [{ type: navigationType }] : [],
  });
  // jsdom has no layout: nothing is at the screen's centre unless a test says so.
  document.elementFromPoint = () => null;
  cleanups.push(() => Reflect.deleteProperty(document, 'elementFromPoint'));
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    cleanups.push(() => window.removeEventListener(type, listener, options));
    add(type, listener, options);
  });
  new Function(document.head.querySelector('script')!.textContent!)();
  vi.mocked(window.addEventListener).mockRestore();
}

const styled = () => document.getElementById(FIRST_VIEW_STYLE_ID) !== null;

function link(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.innerHTML = '<span>Read</span>';
  document.body.append(a);
  return a;
}

/** A click that goes nowhere (jsdom would navigate for a link): the capture listener sees it first. */
function click(element: Element) {
  element.addEventListener('click', (event) => event.preventDefault(), { once: true });
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

test('the style has its id, and the script after it carries the nonce', () => {
  document.head.innerHTML = renderToStaticMarkup(<FirstView nonce="n0nce" />);
  const style = document.getElementById(FIRST_VIEW_STYLE_ID)!;
  expect(style.tagName).toBe('STYLE');
  expect(style.textContent).toBe(FIRST_VIEW_CSS);
  const script = document.head.querySelector('script')!;
  expect(script.getAttribute('nonce')).toBe('n0nce');
  expect(script.textContent).toBe(FIRST_VIEW_SCRIPT);
  expect(style.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('a fresh visit keeps the style; a reload or a back/forward load removes it before the body', () => {
  for (const [type, kept] of [
    ['navigate', true],
    ['reload', false],
    ['back_forward', false],
    ['prerender', false],
    // Nothing says a position is being restored.
    [undefined, true],
  ] as const) {
    loadHead(type);
    expect(styled(), String(type)).toBe(kept);
    for (const cleanup of cleanups.splice(0)) cleanup();
  }
});

test('a click on a link to another page ends it; one to the same page, or to another site, does not', () => {
  loadHead('navigate');
  click(link('/training#latest'));
  click(link('https://elsewhere.example/training/x'));
  click(document.body);
  expect(styled()).toBe(true);
  click(link('/training/core-work').querySelector('span')!);
  expect(styled()).toBe(false);
});

test('a back/forward to another page ends it, one within the page does not', () => {
  loadHead('navigate');
  history.pushState(null, '', '/training#latest');
  window.dispatchEvent(new PopStateEvent('popstate'));
  expect(styled()).toBe(true);
  history.pushState(null, '', '/training?page=2');
  window.dispatchEvent(new PopStateEvent('popstate'));
  expect(styled()).toBe(false);
});

test('pagehide ends it, and the screen keeps its content: the scroll moves by what moved above', () => {
  loadHead('navigate');
  const onScreen = document.createElement('p');
  document.body.append(onScreen);
  // Drawn in full, the skipped blocks above are 60 px shorter than their estimates.
  vi.spyOn(onScreen, 'getBoundingClientRect').mockImplementation(
    () => ({ top: styled() ? 400 : 340 }) as DOMRect,
  );
  document.elementFromPoint = () => onScreen;
  const scrollBy = vi.fn();
  vi.stubGlobal('scrollBy', scrollBy);
  window.dispatchEvent(new PageTransitionEvent('pagehide'));
  expect(styled()).toBe(false);
  expect(scrollBy).toHaveBeenCalledExactlyOnceWith(0, -60);
});

test('the rules apply only where the browser can widen the paint clip past focus rings', () => {
  const css = FIRST_VIEW_CSS;
  expect(css.startsWith('@supports (content-visibility:auto) and (overflow-clip-margin:1px){')).toBe(true);
  // One block: every rule is inside the @supports, which closes at the very end.
  const opened = css.indexOf('{');
  let depth = 0;
  for (const [i, c] of [...css].entries()) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (i >= opened && i < css.length - 1) expect(depth).toBeGreaterThan(0);
  }
  expect(depth).toBe(0);
  // Every rule that skips content also widens the clip.
  const skipping = css.match(/\{[^{}]*content-visibility:auto[^{}]*\}/g) ?? [];
  expect(skipping.length).toBeGreaterThan(0);
  for (const rule of skipping) expect(rule).toMatch(/overflow-clip-margin:4rem/);
});
