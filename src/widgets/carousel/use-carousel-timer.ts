/** The carousel's auto-advance: its modes, the stop/start state, and pausing on hover and keyboard focus. */
import { useEffect, useState, type FocusEvent, type PointerEvent } from 'react';
import { CAROUSEL } from '../tokens.ts';
import { stepIndex } from './steps.ts';
import { useMediaQuery } from './use-media-query.ts';

export type CarouselTimer = 'timer_on_load' | 'timer_on_hover' | 'default';

/** Media query for screens where `timer_on_load` runs. */
export const WIDE_SCREEN_QUERY = `(min-width: ${CAROUSEL.wideScreenMinWidth}px)`;

export type CarouselTimerOptions = {
  mode: CarouselTimer;
  count: number;
  /** The slide shown: choosing another restarts the countdown. */
  current: number;
  reducedMotion: boolean;
  /** While true (a drag in progress) the countdown waits. */
  held: boolean;
  /** The carousel's index setter; each tick moves to the next slide, looping after the last. */
  setIndex: (update: (index: number) => number) => void;
};

function isKeyboardFocus(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * `timer_on_load` runs on wide screens and pauses while the carousel is hovered or keyboard-focused;
 * `timer_on_hover` runs only while hovered; neither runs with one slide or reduced motion. Nothing
 * runs before hydration (the wide-screen and reduced-motion queries read false on the server).
 * `pauseHandlers` go on the carousel's outer element.
 */
export function useCarouselTimer({
  mode,
  count,
  current,
  reducedMotion,
  held,
  setIndex,
}: CarouselTimerOptions) {
  const [hovering, setHovering] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);

  /** The timer can run here (the stop/start button is offered). */
  const armed =
    count > 1 && !reducedMotion && (mode === 'timer_on_hover' || (mode === 'timer_on_load' && wide));
  /** The timer is running (the live region goes quiet). */
  const rotating = armed && !stopped && !keyboardFocus && (mode === 'timer_on_hover' ? hovering : !hovering);

  useEffect(() => {
    if (!rotating || held) return;
    // Auto-rotation always loops back to the first slide after the last.
    const handle = window.setTimeout(
      () => setIndex((i) => stepIndex(i, 1, count, true)),
      CAROUSEL.timerLimitMs,
    );
    return () => window.clearTimeout(handle);
  }, [rotating, held, current, count, setIndex]);

  const pauseHandlers = {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => event.pointerType !== 'touch' && setHovering(true),
    onPointerLeave: () => setHovering(false),
    onFocus: (event: FocusEvent<HTMLElement>) => isKeyboardFocus(event.target) && setKeyboardFocus(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
        setKeyboardFocus(false);
    },
  };

  return { armed, rotating, stopped, toggleStopped: () => setStopped((s) => !s), pauseHandlers };
}
