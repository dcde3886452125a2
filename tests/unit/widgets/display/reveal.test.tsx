// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Reveal } from '../../../../src/widgets/reveal/index';
import { VISIBILITY_THRESHOLD } from '../../../../src/widgets/tokens';
import './helpers';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observers: { callback: Callback; options: IntersectionObserverInit | undefined; disconnected: boolean }[];

function mockMatchMedia(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number];
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      unobserve() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  mockMatchMedia(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('server HTML is visible without JavaScript: no hidden state class', () => {
  const html = renderToString(
    <Reveal>
      <p>Round one</p>
    </Reveal>,
  );
  expect(html).toBe('<div class="ui-reveal"><p>Round one</p></div>');
  expect(html).not.toContain('is-armed');
});

test('after hydration it arms, observes at threshold 0.2, and reveals when scrolled into view', () => {
  render(
    <Reveal effect="slide-left">
      <p>Round two</p>
    </Reveal>,
  );
  const el = screen.getByText('Round two').parentElement!;
  expect(el.className).toBe('ui-reveal ui-reveal--slide-left is-armed');
  expect(observers).toHaveLength(1);
  expect(observers[0]?.options?.threshold).toBe(VISIBILITY_THRESHOLD);
  expect(VISIBILITY_THRESHOLD).toBe(0.2);

  act(() => observers[0]?.callback([{ isIntersecting: false }]));
  expect(el.className).toContain('is-armed');
  act(() => observers[0]?.callback([{ isIntersecting: true }]));
  expect(el.className).toBe('ui-reveal ui-reveal--slide-left is-revealed');
  expect(observers[0]?.disconnected).toBe(true);
});

test('no animation under prefers-reduced-motion: never hidden, nothing observed', () => {
  mockMatchMedia(true);
  render(
    <Reveal>
      <p>Calm</p>
    </Reveal>,
  );
  expect(screen.getByText('Calm').parentElement?.className).toBe('ui-reveal');
  expect(observers).toHaveLength(0);
});

test('without IntersectionObserver the content just stays visible', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(
    <Reveal>
      <p>Old browser</p>
    </Reveal>,
  );
  expect(screen.getByText('Old browser').parentElement?.className).toBe('ui-reveal');
});

test('content already on screen is not hidden', () => {
  const rect = vi
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top: 10, bottom: 200, height: 190 } as DOMRect);
  render(
    <Reveal>
      <p>Above the fold</p>
    </Reveal>,
  );
  expect(screen.getByText('Above the fold').parentElement?.className).toBe('ui-reveal');
  rect.mockRestore();
});

test('the observer is disconnected on unmount; delay and element type are configurable', () => {
  const { unmount } = render(
    <Reveal as="section" delayMs={150}>
      <p>Staggered</p>
    </Reveal>,
  );
  const el = screen.getByText('Staggered').parentElement!;
  expect(el.tagName).toBe('SECTION');
  expect(el.style.transitionDelay).toBe('150ms');
  unmount();
  expect(observers[0]?.disconnected).toBe(true);
});
