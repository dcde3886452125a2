/**
 * Design tokens for JavaScript: the same numbers as src/styles/tokens.css (spec §3, §9).
 * CSS cannot share variables with @media or JS, so this file and tokens.css are kept in step;
 * tests/unit/widgets/tokens.test.ts checks they agree.
 */
export const THEME_COLORS = ['red', 'blue', 'black', 'white'] as const;

/** Screen breakpoints (min widths). */
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

export const CAROUSEL = {
  /** A drag snaps to the next/previous slide past this fraction of the slide width. */
  snapThreshold: 0.3,
  /** Auto-advance interval. */
  timerLimitMs: 2000,
  /** `timer_on_load` starts only on screens at least this wide. */
  wideScreenMinWidth: 1025,
  /** On narrow screens with more than this many slides, only `narrowDotCount` dots show. */
  narrowDotThreshold: 6,
  narrowDotCount: 5,
} as const;

export const SMOOTH_SCROLL_MS = 500;
/** Sticky-nav offset for anchor scrolling (§2: -60). */
export const ANCHOR_OFFSET_PX = 60;
/** §9's visibility rule (0.2 of an element in view, one check per second): the analytics issue uses it. */
export const VISIBILITY_THRESHOLD = 0.2;
export const VISIBILITY_THROTTLE_MS = 1000;
/** §9's lazy hydration after 2 s of idle: for the performance issue's deferred widgets. */
export const LAZY_HYDRATION_IDLE_MS = 2000;
