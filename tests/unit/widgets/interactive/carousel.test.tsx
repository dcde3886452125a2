// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  Carousel,
  narrowDotWindow,
  slideLabel,
  snapDirection,
  stepIndex,
  type CarouselProps,
  type CarouselSlide,
} from '../../../../src/widgets/carousel/index.tsx';
import { CAROUSEL } from '../../../../src/widgets/tokens.ts';
import { installMatchMedia } from './match-media.ts';

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
});
afterEach(() => {
  cleanup();
  media.restore();
  vi.useRealTimers();
});

function makeSlides(count: number, labels: Record<number, string> = {}): CarouselSlide[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `s${i}`,
    screenLabel: labels[i],
    content: <p>Slide body {i + 1}</p>,
  }));
}

function renderCarousel(props: Partial<CarouselProps> = {}) {
  return render(<Carousel label="Featured workouts" slides={makeSlides(3)} {...props} />);
}

function region() {
  return screen.getByRole('region', { name: 'Featured workouts' });
}

/** Index of the visible slide (the one not hidden from assistive technology). */
function currentSlide(): number {
  const slides = [...document.querySelectorAll('[aria-roledescription="slide"]')];
  const visible = slides.filter((s) => s.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return slides.indexOf(visible[0]!);
}

function dots() {
  return within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
}

describe('pure helpers', () => {
  test.each([
    // deltaX, width, expected
    [-121, 400, 1],
    [-120, 400, 0], // exactly 0.3 × width does not snap
    [121, 400, -1],
    [50, 400, 0],
    [0, 400, 0],
    [-500, 0, 0], // unknown width never snaps
    [Number.NaN, 400, 0],
  ])('snapDirection(%d, %d) = %d', (deltaX, width, expected) => {
    expect(snapDirection(deltaX, width)).toBe(expected);
  });

  test('snapDirection uses the 0.3 threshold by default and accepts another', () => {
    expect(CAROUSEL.snapThreshold).toBe(0.3);
    expect(snapDirection(-60, 100)).toBe(1);
    expect(snapDirection(-60, 100, 0.7)).toBe(0);
  });

  test('stepIndex wraps when infinite and clamps otherwise', () => {
    expect(stepIndex(2, 1, 3, true)).toBe(0);
    expect(stepIndex(0, -1, 3, true)).toBe(2);
    expect(stepIndex(2, 1, 3, false)).toBe(2);
    expect(stepIndex(0, -1, 3, false)).toBe(0);
    expect(stepIndex(1, 1, 3, false)).toBe(2);
    expect(stepIndex(0, 1, 0, true)).toBe(0);
  });

  test('narrowDotWindow shows every dot up to 6 slides, else 5 around the current one', () => {
    expect(narrowDotWindow(0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(narrowDotWindow(0, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(narrowDotWindow(4, 8)).toEqual([2, 3, 4, 5, 6]);
    expect(narrowDotWindow(7, 8)).toEqual([3, 4, 5, 6, 7]);
  });

  test('slideLabel is "N of M", led by the screen label when there is one', () => {
    expect(slideLabel(0, 3)).toBe('1 of 3');
    expect(slideLabel(1, 3, 'Pads')).toBe('Pads, 2 of 3');
  });
});

describe('structure and navigation', () => {
  test('follows the WAI-ARIA carousel pattern and starts at the first slide', () => {
    render(<Carousel label="Featured workouts" slides={makeSlides(3, { 0: 'Warm-up' })} />);
    const section = region();
    expect(section.tagName).toBe('SECTION');
    expect(section.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = [...section.querySelectorAll('[role="group"][aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['Warm-up, 1 of 3', '2 of 3', '3 of 3']);
    expect(currentSlide()).toBe(0);
    expect(slides[1]!.hasAttribute('inert')).toBe(true);
    const track = section.querySelector('.carousel__track')!;
    expect(track.getAttribute('aria-live')).toBe('polite');
    expect(dots().map((d) => d.getAttribute('aria-label'))).toEqual([
      'Slide 1: Warm-up',
      'Slide 2',
      'Slide 3',
    ]);
    expect(dots()[0]!.getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  test('dots go to their slide and move the track', () => {
    renderCarousel();
    fireEvent.click(dots()[2]!);
    expect(currentSlide()).toBe(2);
    expect(dots()[2]!.getAttribute('aria-current')).toBe('true');
    expect(dots()[0]!.hasAttribute('aria-current')).toBe(false);
    const track = region().querySelector<HTMLElement>('.carousel__track')!;
    expect(track.style.transform).toContain('-200%');
  });

  test('infinite arrows wrap past either end', () => {
    renderCarousel({ arrows: true, infinite: true });
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    const next = screen.getByRole('button', { name: 'Next slide' });
    expect(prev.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(prev);
    expect(currentSlide()).toBe(2);
    fireEvent.click(next);
    expect(currentSlide()).toBe(0);
    fireEvent.click(next);
    expect(currentSlide()).toBe(1);
  });

  test('without infinite, navigation stops at the ends and the arrows there are disabled', () => {
    renderCarousel({ arrows: true });
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    const next = screen.getByRole('button', { name: 'Next slide' });
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(prev);
    expect(currentSlide()).toBe(0);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(currentSlide()).toBe(2);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(prev.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(next);
    expect(currentSlide()).toBe(2);
  });

  test('with more than 6 slides only a window of 5 dots is kept for narrow screens', () => {
    render(<Carousel label="Featured workouts" slides={makeSlides(8)} />);
    const near = () => dots().flatMap((d, i) => (d.classList.contains('carousel__dot--far') ? [] : [i]));
    expect(dots()).toHaveLength(8);
    expect(near()).toEqual([0, 1, 2, 3, 4]);
    fireEvent.click(dots()[4]!);
    expect(near()).toEqual([2, 3, 4, 5, 6]);
    fireEvent.click(dots()[7]!);
    expect(near()).toEqual([3, 4, 5, 6, 7]);
  });

  test('six slides keep every dot', () => {
    render(<Carousel label="Featured workouts" slides={makeSlides(6)} />);
    expect(dots().filter((d) => d.classList.contains('carousel__dot--far'))).toHaveLength(0);
  });

  test('a single slide has no controls and no slides render nothing', () => {
    const { container, rerender } = render(<Carousel label="One" slides={makeSlides(1)} arrows />);
    expect(container.querySelectorAll('button')).toHaveLength(0);
    rerender(<Carousel label="None" slides={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  test('timer_on_load advances every 2000 ms on wide screens and loops', () => {
    renderCarousel({ timer: 'timer_on_load' });
    expect(region().querySelector('.carousel__track')!.getAttribute('aria-live')).toBe('off');
    advance(1999);
    expect(currentSlide()).toBe(0);
    advance(1);
    expect(currentSlide()).toBe(1);
    advance(2000);
    expect(currentSlide()).toBe(2);
    advance(2000);
    expect(currentSlide()).toBe(0);
  });

  test('the stop button stops rotation (live region turns polite) and start resumes it', () => {
    renderCarousel({ timer: 'timer_on_load' });
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    expect(region().querySelector('.carousel__track')!.getAttribute('aria-live')).toBe('polite');
    advance(5000);
    expect(currentSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(2000);
    expect(currentSlide()).toBe(1);
  });

  test('timer_on_load does not run on narrow screens, and starts when the screen widens', () => {
    media.set({ width: 1024 });
    renderCarousel({ timer: 'timer_on_load' });
    advance(6000);
    expect(currentSlide()).toBe(0);
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
    act(() => media.set({ width: CAROUSEL.wideScreenMinWidth }));
    advance(2000);
    expect(currentSlide()).toBe(1);
  });

  test('timer_on_load pauses while the pointer is over the carousel', () => {
    renderCarousel({ timer: 'timer_on_load' });
    fireEvent.pointerEnter(region(), { pointerType: 'mouse' });
    advance(4000);
    expect(currentSlide()).toBe(0);
    fireEvent.pointerLeave(region(), { pointerType: 'mouse' });
    advance(2000);
    expect(currentSlide()).toBe(1);
  });

  test('timer_on_hover runs only while the pointer is over it', () => {
    renderCarousel({ timer: 'timer_on_hover' });
    advance(5000);
    expect(currentSlide()).toBe(0);
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toBeTruthy();
    fireEvent.pointerEnter(region(), { pointerType: 'mouse' });
    expect(region().querySelector('.carousel__track')!.getAttribute('aria-live')).toBe('off');
    advance(2000);
    expect(currentSlide()).toBe(1);
    fireEvent.pointerLeave(region(), { pointerType: 'mouse' });
    advance(5000);
    expect(currentSlide()).toBe(1);
  });

  test('the default mode has no timer', () => {
    renderCarousel();
    fireEvent.pointerEnter(region(), { pointerType: 'mouse' });
    advance(6000);
    expect(currentSlide()).toBe(0);
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  test.each(['timer_on_load', 'timer_on_hover'] as const)(
    'prefers-reduced-motion: %s never auto-advances and offers no rotation control',
    (timer) => {
      media.set({ reducedMotion: true });
      renderCarousel({ timer });
      fireEvent.pointerEnter(region(), { pointerType: 'mouse' });
      advance(6000);
      expect(currentSlide()).toBe(0);
      expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
      expect(region().querySelector('.carousel__track')!.getAttribute('aria-live')).toBe('polite');
    },
  );

  test('choosing a slide restarts the countdown', () => {
    renderCarousel({ timer: 'timer_on_load' });
    advance(1500);
    fireEvent.click(dots()[1]!);
    advance(1500);
    expect(currentSlide()).toBe(1);
    advance(500);
    expect(currentSlide()).toBe(2);
  });
});

describe('drag and swipe', () => {
  function viewport(width = 400) {
    const el = region().querySelector<HTMLElement>('.carousel__viewport')!;
    el.getBoundingClientRect = () => ({
      width,
      height: 300,
      top: 0,
      left: 0,
      right: width,
      bottom: 300,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    return el;
  }

  function drag(el: HTMLElement, from: number, to: number, pointerType = 'mouse') {
    const base = { pointerId: 7, pointerType, button: 0, clientY: 100 };
    fireEvent.pointerDown(el, { ...base, clientX: from });
    fireEvent.pointerMove(el, { ...base, clientX: (from + to) / 2 });
    fireEvent.pointerMove(el, { ...base, clientX: to });
    fireEvent.pointerUp(el, { ...base, clientX: to });
  }

  test('a drag past 0.3 of the width snaps to the next or previous slide, a shorter one snaps back', () => {
    renderCarousel();
    const el = viewport(400);
    drag(el, 300, 170); // 130px > 120px
    expect(currentSlide()).toBe(1);
    drag(el, 300, 200); // 100px: back
    expect(currentSlide()).toBe(1);
    drag(el, 100, 250, 'touch');
    expect(currentSlide()).toBe(0);
    expect(region().classList.contains('is-dragging')).toBe(false);
  });

  test('the track follows the pointer while dragging', () => {
    renderCarousel();
    const el = viewport(400);
    const base = { pointerId: 1, pointerType: 'mouse', button: 0, clientY: 50 };
    fireEvent.pointerDown(el, { ...base, clientX: 300 });
    fireEvent.pointerMove(el, { ...base, clientX: 250 });
    expect(region().classList.contains('is-dragging')).toBe(true);
    expect(el.querySelector<HTMLElement>('.carousel__track')!.style.transform).toContain('-50px');
    fireEvent.pointerCancel(el, { ...base, clientX: 100 });
    expect(currentSlide()).toBe(0);
    expect(el.querySelector<HTMLElement>('.carousel__track')!.style.transform).toContain('+ 0px');
  });

  test('without infinite a drag cannot go past the ends; with infinite it wraps', () => {
    renderCarousel();
    drag(viewport(400), 50, 350);
    expect(currentSlide()).toBe(0);
    cleanup();
    renderCarousel({ infinite: true });
    drag(viewport(400), 50, 350);
    expect(currentSlide()).toBe(2);
  });

  test('the click that ends a drag does not follow a link in the slide', () => {
    const onClick = vi.fn((event: { defaultPrevented: boolean }) => event.defaultPrevented);
    render(
      <Carousel
        label="Featured workouts"
        slides={[
          {
            key: 'a',
            content: (
              <a href="#a" onClick={onClick}>
                A
              </a>
            ),
          },
          { key: 'b', content: <p>B</p> },
        ]}
      />,
    );
    viewport(400);
    const link = screen.getByRole('link', { name: 'A' });
    const base = { pointerId: 2, pointerType: 'mouse', button: 0, clientY: 10 };
    fireEvent.pointerDown(link, { ...base, clientX: 300 });
    fireEvent.pointerMove(link, { ...base, clientX: 280 });
    fireEvent.pointerUp(link, { ...base, clientX: 280 });
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
    // A plain click (no drag) still works.
    fireEvent.pointerDown(link, { ...base, clientX: 300 });
    fireEvent.pointerUp(link, { ...base, clientX: 300 });
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('a mostly vertical gesture is left to the page', () => {
    renderCarousel();
    const el = viewport(400);
    const base = { pointerId: 3, pointerType: 'touch', button: 0 };
    fireEvent.pointerDown(el, { ...base, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(el, { ...base, clientX: 290, clientY: 200 });
    fireEvent.pointerMove(el, { ...base, clientX: 100, clientY: 260 });
    fireEvent.pointerUp(el, { ...base, clientX: 100, clientY: 260 });
    expect(currentSlide()).toBe(0);
  });
});

test('server markup hydrates without mismatch (slide 0, no timer during render)', async () => {
  const element = (
    <Carousel label="Featured workouts" slides={makeSlides(8)} arrows infinite timer="timer_on_load" />
  );
  const html = renderToString(element);
  expect(html).toContain('aria-label="1 of 8"');
  expect(html).not.toContain('automatic slide show');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // A hydration mismatch would log console.error, which fails the test (tests/setup).
  const root = await act(async () => hydrateRoot(container, element));
  // After hydration the wide screen arms the timer.
  expect(container.querySelector('.carousel__rotation')).not.toBeNull();
  act(() => root.unmount());
  container.remove();
});
