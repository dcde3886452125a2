/**
 * Carousel (spec §2, §3, §4, §9) following the WAI-ARIA carousel pattern: a labelled section of
 * "slide" groups, dot and optional arrow buttons, swipe and mouse drag that snap past a fraction of
 * the slide width (./use-swipe.ts), optional infinite looping and an auto-advance timer with a
 * stop/start button (./use-carousel-timer.ts).
 *
 * Server render = first client render: it starts at slide 0 with no timer; media queries and timers
 * only come alive after hydration.
 */
import { useId, useState, type ReactNode } from 'react';
import { PriorityImages } from '../image/index.tsx';
import { narrowDotWindow, slideLabel, stepIndex } from './steps.ts';
import { useCarouselTimer, type CarouselTimer } from './use-carousel-timer.ts';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query.ts';
import { useSwipe } from './use-swipe.ts';

export { narrowDotWindow, slideLabel, snapDirection, stepIndex } from './steps.ts';
export { WIDE_SCREEN_QUERY, type CarouselTimer } from './use-carousel-timer.ts';

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
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const current = Math.min(index, Math.max(count - 1, 0));
  const atStart = !infinite && current === 0;
  const atEnd = !infinite && current === count - 1;
  const go = (step: number) => setIndex((i) => stepIndex(Math.min(i, count - 1), step, count, infinite));
  const swipe = useSwipe({ enabled: count >= 2, atStart, atEnd, onSnap: go });
  const rotation = useCarouselTimer({
    mode: timer,
    count,
    current,
    reducedMotion,
    held: swipe.dragging,
    setIndex,
  });

  if (count === 0) return null;

  const slidesId = `${id}-slides`;
  const className = [
    'carousel',
    arrows && count > 1 ? 'carousel--arrows' : '',
    swipe.dragging ? 'is-dragging' : '',
    reducedMotion ? 'is-reduced-motion' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section
      className={className}
      aria-roledescription="carousel"
      aria-label={label}
      {...rotation.pauseHandlers}
    >
      <div className="carousel__stage">
        <div className="carousel__viewport" {...swipe.handlers}>
          <Track
            slides={slides}
            current={current}
            slidesId={slidesId}
            live={rotation.rotating ? 'off' : 'polite'}
            offset={swipe.offset}
          />
        </div>
        {arrows && count > 1 ? <Arrows slidesId={slidesId} atStart={atStart} atEnd={atEnd} go={go} /> : null}
      </div>

      {count > 1 ? (
        <div className="carousel__controls">
          {rotation.armed ? (
            <RotationButton slidesId={slidesId} stopped={rotation.stopped} toggle={rotation.toggleStopped} />
          ) : null}
          <Dots slides={slides} current={current} slidesId={slidesId} choose={setIndex} />
        </div>
      ) : null}
    </section>
  );
}

type TrackProps = {
  slides: CarouselSlide[];
  current: number;
  slidesId: string;
  live: 'off' | 'polite';
  /** Pixels the track follows the pointer by while dragging. */
  offset: number;
};

function Track({ slides, current, slidesId, live, offset }: TrackProps) {
  return (
    <div
      className="carousel__track"
      id={slidesId}
      aria-live={live}
      style={{ transform: `translate3d(calc(${-100 * current}% + ${offset}px), 0, 0)` }}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.key}
          className={i === current ? 'carousel__slide is-current' : 'carousel__slide'}
          role="group"
          aria-roledescription="slide"
          aria-label={slideLabel(i, slides.length, slide.screenLabel)}
          aria-hidden={i === current ? undefined : true}
          inert={i !== current}
        >
          {/* Only the first slide can be the first thing seen; the others load lazily. */}
          {i === 0 ? slide.content : <PriorityImages value={false}>{slide.content}</PriorityImages>}
        </div>
      ))}
    </div>
  );
}

type ArrowsProps = { slidesId: string; atStart: boolean; atEnd: boolean; go: (step: number) => void };

function Arrows({ slidesId, atStart, atEnd, go }: ArrowsProps) {
  return (
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
  );
}

type RotationButtonProps = { slidesId: string; stopped: boolean; toggle: () => void };

function RotationButton({ slidesId, stopped, toggle }: RotationButtonProps) {
  return (
    <button
      type="button"
      className="carousel__rotation"
      aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
      aria-controls={slidesId}
      onClick={toggle}
    >
      {stopped ? <PlayIcon /> : <PauseIcon />}
    </button>
  );
}

type DotsProps = {
  slides: CarouselSlide[];
  current: number;
  slidesId: string;
  choose: (index: number) => void;
};

function Dots({ slides, current, slidesId, choose }: DotsProps) {
  const dotWindow = new Set(narrowDotWindow(current, slides.length));
  return (
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
          onClick={() => choose(i)}
        />
      ))}
    </div>
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
