// @vitest-environment jsdom
/** The carousel's timer without the carousel: modes, pausing, stop/start, reduced motion, restarts. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { useState, type FocusEvent, type PointerEvent } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  useCarouselTimer,
  type CarouselTimerOptions,
} from '../../../../src/widgets/carousel/use-carousel-timer.ts';
import { CAROUSEL } from '../../../../src/widgets/tokens.ts';
import { installMatchMedia } from '../interactive/match-media.ts';

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  media.restore();
  vi.useRealTimers();
});

type Props = Partial<Omit<CarouselTimerOptions, 'setIndex' | 'current'>>;

/** The hook with a real index, as the carousel wires it. */
function renderTimer(initial: Props = {}) {
  return renderHook(
    (props: Props) => {
      const [index, setIndex] = useState(0);
      const timer = useCarouselTimer({
        mode: 'timer_on_load',
        count: 3,
        reducedMotion: false,
        held: false,
        ...props,
        current: index,
        setIndex,
      });
      return { index, setIndex, ...timer };
    },
    { initialProps: initial },
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

// The handlers read only these fields.
const pointer = (pointerType: string) => ({ pointerType }) as PointerEvent<HTMLElement>;
const focus = (target: EventTarget, relatedTarget: EventTarget | null = null, currentTarget?: Element) =>
  ({
    target,
    relatedTarget,
    currentTarget: currentTarget ?? document.body,
  }) as unknown as FocusEvent<HTMLElement>;

test('timer_on_load ticks every timerLimitMs on wide screens and loops after the last slide', () => {
  const { result } = renderTimer();
  expect(result.current).toMatchObject({ armed: true, rotating: true, stopped: false });
  advance(CAROUSEL.timerLimitMs - 1);
  expect(result.current.index).toBe(0);
  advance(1);
  expect(result.current.index).toBe(1);
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(2);
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(0);
});

test.each([
  ['a narrow screen', { width: 1024 }, {}],
  ['reduced motion', {}, { reducedMotion: true }],
  ['one slide', {}, { count: 1 }],
  ['the default mode', {}, { mode: 'default' as const }],
])('not armed with %s', (_name, screen, props) => {
  media.set(screen);
  const { result } = renderTimer(props);
  expect(result.current).toMatchObject({ armed: false, rotating: false });
  advance(CAROUSEL.timerLimitMs * 3);
  expect(result.current.index).toBe(0);
});

test('timer_on_load arms when the screen widens', () => {
  media.set({ width: 1024 });
  const { result } = renderTimer();
  expect(result.current.armed).toBe(false);
  act(() => media.set({ width: CAROUSEL.wideScreenMinWidth }));
  expect(result.current.armed).toBe(true);
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(1);
});

test('timer_on_load pauses while a mouse hovers; a touch does not count as hovering', () => {
  const { result } = renderTimer();
  act(() => void result.current.pauseHandlers.onPointerEnter(pointer('touch')));
  expect(result.current.rotating).toBe(true);
  act(() => void result.current.pauseHandlers.onPointerEnter(pointer('mouse')));
  expect(result.current.rotating).toBe(false);
  advance(CAROUSEL.timerLimitMs * 2);
  expect(result.current.index).toBe(0);
  act(() => result.current.pauseHandlers.onPointerLeave());
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(1);
});

test('timer_on_hover runs only while hovered', () => {
  const { result } = renderTimer({ mode: 'timer_on_hover' });
  expect(result.current).toMatchObject({ armed: true, rotating: false });
  advance(CAROUSEL.timerLimitMs * 2);
  expect(result.current.index).toBe(0);
  act(() => void result.current.pauseHandlers.onPointerEnter(pointer('mouse')));
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(1);
  act(() => result.current.pauseHandlers.onPointerLeave());
  advance(CAROUSEL.timerLimitMs * 2);
  expect(result.current.index).toBe(1);
});

test('keyboard focus pauses; focus moving out resumes, focus moving inside does not', () => {
  const { result } = renderTimer();
  const section = document.createElement('section');
  const [first, second] = [document.createElement('button'), document.createElement('button')];
  section.append(first, second);
  // jsdom knows no :focus-visible; a mouse focus would not match it.
  first.matches = (selector: string) => selector === ':focus-visible';
  act(() => void result.current.pauseHandlers.onFocus(focus(document.createElement('button'))));
  expect(result.current.rotating).toBe(true); // not keyboard focus
  act(() => void result.current.pauseHandlers.onFocus(focus(first)));
  expect(result.current.rotating).toBe(false);
  act(() => result.current.pauseHandlers.onBlur(focus(first, second, section)));
  expect(result.current.rotating).toBe(false);
  act(() => result.current.pauseHandlers.onBlur(focus(second, document.body, section)));
  expect(result.current.rotating).toBe(true);
});

test('stop holds the timer (and is kept); start resumes it', () => {
  const { result } = renderTimer();
  act(() => result.current.toggleStopped());
  expect(result.current).toMatchObject({ armed: true, rotating: false, stopped: true });
  advance(CAROUSEL.timerLimitMs * 3);
  expect(result.current.index).toBe(0);
  act(() => result.current.toggleStopped());
  advance(CAROUSEL.timerLimitMs);
  expect(result.current.index).toBe(1);
});

test('held (a drag) waits, and the countdown starts over when released', () => {
  const { result, rerender } = renderTimer();
  advance(CAROUSEL.timerLimitMs - 500);
  rerender({ held: true });
  expect(result.current.rotating).toBe(true); // still the rotating live region
  advance(CAROUSEL.timerLimitMs * 2);
  expect(result.current.index).toBe(0);
  rerender({ held: false });
  advance(CAROUSEL.timerLimitMs - 1);
  expect(result.current.index).toBe(0);
  advance(1);
  expect(result.current.index).toBe(1);
});

test('choosing a slide restarts the countdown', () => {
  const { result } = renderTimer();
  advance(CAROUSEL.timerLimitMs - 500);
  act(() => result.current.setIndex(2));
  advance(CAROUSEL.timerLimitMs - 1);
  expect(result.current.index).toBe(2);
  advance(1);
  expect(result.current.index).toBe(0);
});

test('unmounting clears the pending tick', () => {
  const { unmount } = renderTimer();
  expect(vi.getTimerCount()).toBe(1);
  unmount();
  expect(vi.getTimerCount()).toBe(0);
});
