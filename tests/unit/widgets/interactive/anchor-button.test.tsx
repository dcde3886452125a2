// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  AnchorButton,
  anchorScrollTop,
  easeInOut,
  scrollPositionAt,
} from '../../../../src/widgets/anchor-button/index.tsx';
import { ANCHOR_OFFSET_PX, SMOOTH_SCROLL_MS } from '../../../../src/widgets/tokens.ts';
import { installMatchMedia } from './match-media.ts';

describe('scroll math', () => {
  test('easeInOut runs 0 → 1, symmetric, slow at both ends, clamped outside [0, 1]', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.5)).toBeCloseTo(0.5);
    expect(easeInOut(0.1)).toBeLessThan(0.1);
    expect(easeInOut(0.9)).toBeGreaterThan(0.9);
    expect(easeInOut(0.25) + easeInOut(0.75)).toBeCloseTo(1);
    expect(easeInOut(-1)).toBe(0);
    expect(easeInOut(2)).toBe(1);
    const samples = Array.from({ length: 21 }, (_, i) => easeInOut(i / 20));
    samples.slice(1).forEach((value, i) => expect(value).toBeGreaterThanOrEqual(samples[i]!));
  });

  test('anchorScrollTop keeps the target 60px below the top, within the scrollable range', () => {
    expect(ANCHOR_OFFSET_PX).toBe(60);
    expect(anchorScrollTop(800, 200)).toBe(940);
    expect(anchorScrollTop(-300, 1000)).toBe(640);
    expect(anchorScrollTop(800.4, 0, 0)).toBe(800);
    expect(anchorScrollTop(20, 0)).toBe(0);
    expect(anchorScrollTop(5000, 0, 60, 3000)).toBe(3000);
  });

  test('scrollPositionAt eases from start to end over the duration', () => {
    expect(SMOOTH_SCROLL_MS).toBe(500);
    expect(scrollPositionAt(100, 900, 0, 500)).toBe(100);
    expect(scrollPositionAt(100, 900, 250, 500)).toBeCloseTo(500);
    expect(scrollPositionAt(100, 900, 50, 500)).toBeCloseTo(100 + 800 * easeInOut(0.1));
    expect(scrollPositionAt(100, 900, 500, 500)).toBe(900);
    expect(scrollPositionAt(100, 900, 800, 500)).toBe(900);
    expect(scrollPositionAt(900, 100, 250, 500)).toBeCloseTo(500);
    expect(scrollPositionAt(0, 400, 0, 0)).toBe(400);
  });
});

describe('AnchorButton', () => {
  let media: ReturnType<typeof installMatchMedia>;
  let scrollY = 0;
  let frames: FrameRequestCallback[] = [];
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    scrollY = options.top ?? scrollY;
  });
  const restore: (() => void)[] = [];

  function runFrame(time: number) {
    const pending = frames;
    frames = [];
    pending.forEach((callback) => callback(time));
  }

  beforeEach(() => {
    media = installMatchMedia();
    scrollY = 0;
    frames = [];
    scrollTo.mockClear();
    window.history.replaceState(null, '', '/');
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: scrollTo });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const caf = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {
      frames = [];
    });
    restore.push(
      () => raf.mockRestore(),
      () => caf.mockRestore(),
    );
  });
  afterEach(() => {
    cleanup();
    media.restore();
    restore.splice(0).forEach((fn) => fn());
    for (const key of ['scrollY', 'scrollTo'] as const) Reflect.deleteProperty(window, key);
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
    document.body.innerHTML = '';
  });

  /** A section whose top sits 1000px down the document. */
  function renderWithTarget(element: ReactNode, tag: 'section' | 'button' = 'section') {
    const result = render(element);
    const target = document.createElement(tag);
    target.id = 'classes';
    target.getBoundingClientRect = () => ({ top: 1000 - scrollY }) as DOMRect;
    document.body.append(target);
    return { ...result, target };
  }

  test('is a plain hash link, so it works without JavaScript', () => {
    render(<AnchorButton targetId="classes">See classes</AnchorButton>);
    const link = screen.getByRole('link', { name: 'See classes' });
    expect(link.getAttribute('href')).toBe('#classes');
    expect(link.className).toBe(
      'ui-button ui-button--primary ui-button--medium anchor-button anchor-button--primary',
    );
  });

  test('smooth-scrolls over 500 ms with the ease curve to 60px above the target', () => {
    const { target } = renderWithTarget(<AnchorButton targetId="classes">See classes</AnchorButton>);
    const click = fireEvent.click(screen.getByRole('link'));
    expect(click).toBe(false); // default prevented: no jump
    expect(scrollTo).not.toHaveBeenCalled();
    runFrame(1000);
    expect(scrollY).toBe(0);
    runFrame(1125);
    expect(scrollY).toBeCloseTo(940 * easeInOut(0.25));
    runFrame(1250);
    expect(scrollY).toBeCloseTo(470);
    runFrame(1500);
    expect(scrollY).toBe(940);
    expect(frames).toHaveLength(0);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 940, behavior: 'instant' });
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute('tabindex')).toBe('-1');
    expect(window.location.hash).toBe('#classes');
  });

  test('custom duration and offset', () => {
    renderWithTarget(
      <AnchorButton targetId="classes" duration={200} offset={100}>
        Go
      </AnchorButton>,
    );
    fireEvent.click(screen.getByRole('link'));
    runFrame(0);
    runFrame(100);
    expect(scrollY).toBeCloseTo(450);
    runFrame(200);
    expect(scrollY).toBe(900);
  });

  test('jumps when the visitor prefers reduced motion', () => {
    media.set({ reducedMotion: true });
    renderWithTarget(<AnchorButton targetId="classes">Go</AnchorButton>);
    fireEvent.click(screen.getByRole('link'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollY).toBe(940);
    expect(frames).toHaveLength(0);
  });

  test('a wheel by the visitor cancels the animation', () => {
    renderWithTarget(<AnchorButton targetId="classes">Go</AnchorButton>);
    fireEvent.click(screen.getByRole('link'));
    runFrame(0);
    runFrame(100);
    const at = scrollY;
    fireEvent.wheel(window);
    runFrame(400);
    expect(scrollY).toBe(at);
  });

  test('a focusable target keeps its own tabindex', () => {
    const { target } = renderWithTarget(<AnchorButton targetId="classes">Go</AnchorButton>, 'button');
    fireEvent.click(screen.getByRole('link'));
    expect(target.hasAttribute('tabindex')).toBe(false);
    expect(document.activeElement).toBe(target);
  });

  test('modified clicks and missing targets fall back to the browser', () => {
    renderWithTarget(<AnchorButton targetId="classes">Go</AnchorButton>);
    expect(fireEvent.click(screen.getByRole('link'), { ctrlKey: true })).toBe(true);
    cleanup();
    render(<AnchorButton targetId="nowhere">Lost</AnchorButton>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Lost' }))).toBe(true);
    expect(frames).toHaveLength(0);
  });
});
