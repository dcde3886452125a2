/**
 * The first view's offscreen rendering: on the page a visitor opens (not one a client navigation
 * shows), the browser skips the style, layout and paint of the long page's blocks below the
 * screen until they near it (`content-visibility: auto`), so the first render lays out the first
 * screen rather than the whole page (issue 15). The blocks: article cards in grids, the rich
 * text's own paragraphs, headings, lists, quotes and figures, an article's FAQ, the sidebar while
 * it sits below the article (under 960 px), and the sitemap's sections. Widgets embedded in rich
 * text are left alone: their menus and pop-ups may reach past their box.
 *
 * A skipped block keeps its place with an estimate of its height (`contain-intrinsic-size`, the
 * median drawn height of each kind on the demo's pages, phone and wide) and, once drawn, its real
 * one (`auto`). Content below the screen changes height as it is drawn, which is harmless when
 * reading down the page. But the router saves the scroll position as it leaves a page (and, for a
 * reload, on pagehide) and restores it on a page drawn in full: a position saved over estimates
 * would point at other content. So the rules are a <style> of their own, with a script after it
 * (firstViewLifetime) that removes it:
 *  - before the body is parsed, when the document is a reload or a back/forward load (the browser
 *    or the router then restores a saved position);
 *  - just before the router saves a position: on a click on a link to another page, on pagehide
 *    and on a back/forward to another page, each in the capture phase, ahead of the link's and the
 *    router's own handlers. The skipped blocks then take their real heights, and the script moves
 *    the scroll position by what moved above the screen, so the screen shows what it showed (the
 *    browser's scroll anchoring does not apply to this change).
 * A hash link on the same page keeps it.
 * Skipped content stays in the accessibility tree, in find-in-page and in the tab order; focus,
 * a hash link or find-in-page draws it.
 *
 * Containment clips what a block paints at its own box; the clip is widened (overflow-clip-margin)
 * past the focus rings (3 px outline, up to 3 px offset) and the cards' shadows and lift, and the
 * rules apply only where the browser can widen it (Chromium, Firefox), not where it would clip.
 */
/** The id of the first view's <style>. */
export const FIRST_VIEW_STYLE_ID = 'first-view';

/** How far past its box a skipped-when-offscreen block may paint (focus rings, card shadows). */
const PAINT_ROOM = '4rem';

export const FIRST_VIEW_CSS =
  `@supports (content-visibility:auto) and (overflow-clip-margin:1px){` +
  `.card-grid>li,.rich-text>:is(p,h2,h3,h4,ul,ol,blockquote,pre,figure),.faq,.sitemap__section` +
  `{content-visibility:auto;overflow-clip-margin:${PAINT_ROOM};contain-intrinsic-size:auto none auto 300px}` +
  `.card-grid>li{contain-intrinsic-size:auto none auto 470px}` +
  `.rich-text>p{contain-intrinsic-size:auto none auto 180px}` +
  `.rich-text>:is(h2,h3,h4){contain-intrinsic-size:auto none auto 40px}` +
  `.rich-text>blockquote{contain-intrinsic-size:auto none auto 110px}` +
  `.faq{contain-intrinsic-size:auto none auto 330px}` +
  `@media (min-width:768px){` +
  `.rich-text>p{contain-intrinsic-size:auto none auto 100px}` +
  `.rich-text>:is(ul,ol){contain-intrinsic-size:auto none auto 190px}` +
  `.rich-text>blockquote{contain-intrinsic-size:auto none auto 85px}}` +
  `@media (max-width:959px){.sidebar{content-visibility:auto;overflow-clip-margin:${PAINT_ROOM};contain-intrinsic-size:auto none auto 780px}}}`;

/**
 * The first view's style's lifetime, run as an inline script right after the style (serialized:
 * it refers to nothing outside itself).
 */
export function firstViewLifetime(id: string): void {
  const style = document.getElementById(id);
  if (!style) return;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (entry && entry.type !== 'navigate') {
    style.remove();
    return;
  }
  const page = location.pathname + location.search;
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (
      link instanceof HTMLAnchorElement &&
      link.origin === location.origin &&
      link.pathname + link.search !== page
    )
      end();
  };
  const onPopState = () => {
    if (location.pathname + location.search !== page) end();
  };
  function end() {
    removeEventListener('click', onClick, true);
    removeEventListener('popstate', onPopState, true);
    removeEventListener('pagehide', end, true);
    const anchor = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    const before = anchor?.getBoundingClientRect().top;
    style!.remove();
    const moved = anchor && before !== undefined ? anchor.getBoundingClientRect().top - before : 0;
    if (moved) scrollBy(0, moved);
  }
  addEventListener('click', onClick, true);
  addEventListener('popstate', onPopState, true);
  addEventListener('pagehide', end, true);
}

/** The script: the function's source (its indentation dropped) called with the style's id. */
export const FIRST_VIEW_SCRIPT = `(${firstViewLifetime.toString().replace(/\n\s+/g, '\n')})(${JSON.stringify(FIRST_VIEW_STYLE_ID)})`;

/** The first view's style and the script that ends it. */
export function FirstView({ nonce }: { nonce?: string | undefined }) {
  return (
    <>
      <style id={FIRST_VIEW_STYLE_ID} dangerouslySetInnerHTML={{ __html: FIRST_VIEW_CSS }} />
      <script {...(nonce ? { nonce } : {})} dangerouslySetInnerHTML={{ __html: FIRST_VIEW_SCRIPT }} />
    </>
  );
}
