/**
 * Carousel (spec §2, §3, §4, §9) following the WAI-ARIA carousel pattern: a labelled section of
 * "slide" groups, dot and optional arrow buttons, swipe and mouse drag that snap past a fraction of
 * the slide width, optional infinite looping and an auto-advance timer with a stop/start button.
 *
 * Server render = first client render: it starts at slide 0 with no timer; media queries and timers
 * only come alive after hydration.
 */
import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { PriorityImages } from '../image/index.tsx';
import { CAROUSEL } from '../tokens.ts';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query.ts';

export type CarouselTimer = 'timer_on_load' | 'timer_on_hover' | 'default';

export type CarouselSlide = { key: string; screenLabel?: string; content: ReactNode };

export type CarouselProps = {
  /** Accessible name of the carousel, e.g. "Featured workouts". */
  label: string;
  slides: CarouselSlide[];
  /** Show previous/next arrow buttons. */
  arrows?: boolean;
  /** Past the last slide wrap to the first (and back); otherwise navigation stops at the ends. */
  infinite?: boolean;
  /**
   * `timer_on_load`: auto-advances on wide screens (paused while hovered or keyboard-focused).
   * `timer_on_hover`: auto-advances while the pointer is over it. `default`: no timer.
   */
  timer?: CarouselTimer;
};

/** Media query for screens where `timer_on_load` runs. */
export const WIDE_SCREEN_QUERY = `(min-width: ${CAROUSEL.wideScreenMinWidth}px)`;

/** Pixels a pointer must travel before a press becomes a drag (so taps and clicks still work). */
const DRAG_SLOP_PX = 6;

/**
 * The snap decision at the end of a drag: 1 = next slide, -1 = previous slide, 0 = snap back.
 * Dragging left (negative deltaX) moves to the next slide once the movement exceeds
 * `threshold` × `width`.
 */
export function snapDirection(
  deltaX: number,
  width: number,
  threshold: number = CAROUSEL.snapThreshold,
): -1 | 0 | 1 {
  if (!(width > 0) || !Number.isFinite(deltaX)) return 0;
  if (Math.abs(deltaX) <= width * threshold) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** The index `step` slides away: wrapping when infinite, otherwise clamped to the ends. */
export function stepIndex(index: number, step: number, count: number, infinite: boolean): number {
  if (count <= 0) return 0;
  const next = index + step;
  if (infinite) return ((next % count) + count) % count;
  return Math.min(Math.max(next, 0), count - 1);
}

/**
 * The dots shown on narrow screens: all of them up to `narrowDotThreshold` slides, otherwise a
 * window of `narrowDotCount` dots around the current one (kept inside the range).
 */
export function narrowDotWindow(current: number, count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (count <= CAROUSEL.narrowDotThreshold) return all;
  const size = CAROUSEL.narrowDotCount;
  const start = Math.min(Math.max(current - Math.floor(size / 2), 0), count - size);
  return all.slice(start, start + size);
}

/** The slide group's accessible name: "N of M", or "screenLabel, N of M". */
export function slideLabel(index: number, count: number, screenLabel?: string): string {
  const position = `${index + 1} of ${count}`;
  return screenLabel ? `${screenLabel}, ${position}` : position;
}

function isKeyboardFocus(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return false;
  }
}

type Drag = { pointerId: number; startX: number; startY: number; width: number; active: boolean };

export function Carousel({
  label,
  slides,
  arrows = false,
  infinite = false,
  timer = 'default',
}: CarouselProps) {
  const id = useId();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [dragOffset, setDragOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  const current = Math.min(index, Math.max(count - 1, 0));
  const timerArmed =
    count > 1 && !reducedMotion && (timer === 'timer_on_hover' || (timer === 'timer_on_load' && wide));
  const rotating =
    timerArmed && !stopped && !keyboardFocus && (timer === 'timer_on_hover' ? hovering : !hovering);

  useEffect(() => {
    if (!rotating || dragging) return;
    // Auto-rotation always loops back to the first slide after the last.
    const handle = window.setTimeout(
      () => setIndex((i) => stepIndex(i, 1, count, true)),
      CAROUSEL.timerLimitMs,
    );
    return () => window.clearTimeout(handle);
  }, [rotating, dragging, current, count]);

  if (count === 0) return null;

  const go = (step: number) => setIndex((i) => stepIndex(Math.min(i, count - 1), step, count, infinite));
  const atStart = !infinite && current === 0;
  const atEnd = !infinite && current === count - 1;

  const endDrag = (event: PointerEvent<HTMLDivElement>, commit: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.active) return;
    suppressClick.current = true;
    setDragging(false);
    setDragOffset(0);
    const direction = commit ? snapDirection(event.clientX - state.startX, state.width) : 0;
    if (direction !== 0) go(direction);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    suppressClick.current = false;
    if (count < 2 || drag.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]'))
      return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      width: event.currentTarget.getBoundingClientRect().width,
      active: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - state.startX;
    if (!state.active) {
      if (Math.abs(deltaX) < DRAG_SLOP_PX) return;
      if (Math.abs(event.clientY - state.startY) > Math.abs(deltaX)) {
        drag.current = null; // a vertical gesture: leave it to the page
        return;
      }
      state.active = true;
      setDragging(true);
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // synthetic pointers cannot be captured; the drag still works while over the carousel
      }
      window.getSelection?.()?.removeAllRanges();
    }
    const pastEnd = (atStart && deltaX > 0) || (atEnd && deltaX < 0);
    setDragOffset(pastEnd ? deltaX / 3 : deltaX);
  };

  const slidesId = `${id}-slides`;
  const dotWindow = new Set(narrowDotWindow(current, count));
  const className = [
    'carousel',
    arrows && count > 1 ? 'carousel--arrows' : '',
    dragging ? 'is-dragging' : '',
    reducedMotion ? 'is-reduced-motion' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section
      className={className}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={(event) => event.pointerType !== 'touch' && setHovering(true)}
      onPointerLeave={() => setHovering(false)}
      onFocus={(event) => isKeyboardFocus(event.target) && setKeyboardFocus(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setKeyboardFocus(false);
      }}
    >
      <div className="carousel__stage">
        <div
          className="carousel__viewport"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, true)}
          onPointerCancel={(event) => endDrag(event, false)}
          onClickCapture={(event) => {
            if (!suppressClick.current) return;
            suppressClick.current = false;
            event.preventDefault();
            event.stopPropagation();
          }}
          onDragStart={(event) => event.preventDefault()}
        >
          <div
            className="carousel__track"
            id={slidesId}
            aria-live={rotating ? 'off' : 'polite'}
            style={{ transform: `translate3d(calc(${-100 * current}% + ${dragOffset}px), 0, 0)` }}
          >
            {slides.map((slide, i) => (
              <div
                key={slide.key}
                className={i === current ? 'carousel__slide is-current' : 'carousel__slide'}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(i, count, slide.screenLabel)}
                aria-hidden={i === current ? undefined : true}
                inert={i !== current}
              >
                {/* Only the first slide can be the first thing seen; the others load lazily. */}
                {i === 0 ? slide.content : <PriorityImages value={false}>{slide.content}</PriorityImages>}
              </div>
            ))}
          </div>
        </div>

        {arrows && count > 1 ? (
          <>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--prev"
              aria-label="Previous slide"
              aria-controls={slidesId}
              aria-disabled={atStart || undefined}
              onClick={() => !atStart && go(-1)}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--next"
              aria-label="Next slide"
              aria-controls={slidesId}
              aria-disabled={atEnd || undefined}
              onClick={() => !atEnd && go(1)}
            >
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className="carousel__controls">
          {timerArmed ? (
            <button
              type="button"
              className="carousel__rotation"
              aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
              aria-controls={slidesId}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
          ) : null}
          <div className="carousel__dots" role="group" aria-label="Choose a slide">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className={[
                  'carousel__dot',
                  i === current ? 'is-current' : '',
                  dotWindow.has(i) ? '' : 'carousel__dot--far',
                ]
                  .filter(Boolean)
                  .join(' ')}
                aria-label={slide.screenLabel ? `Slide ${i + 1}: ${slide.screenLabel}` : `Slide ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}
