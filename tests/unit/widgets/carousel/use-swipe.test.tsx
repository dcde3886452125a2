// @vitest-environment jsdom
/** Swipe and drag without the carousel: slop, snap threshold, resistance at the ends, swallowed clicks. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { DRAG_SLOP_PX, useSwipe, type SwipeOptions } from '../../../../src/widgets/carousel/use-swipe.ts';

afterEach(cleanup);

function Viewport(props: SwipeOptions & { onLink?: () => void }) {
  const swipe = useSwipe(props);
  return (
    <div data-testid="viewport" data-offset={swipe.offset} data-dragging={swipe.dragging} {...swipe.handlers}>
      <a href="#x" onClick={props.onLink}>
        Link
      </a>
      <input aria-label="Field" />
    </div>
  );
}

function setup(options: Partial<SwipeOptions> = {}, width = 400) {
  const onSnap = vi.fn();
  const onLink = vi.fn();
  render(<Viewport enabled atStart={false} atEnd={false} onSnap={onSnap} onLink={onLink} {...options} />);
  const viewport = screen.getByTestId('viewport');
  viewport.getBoundingClientRect = () => DOMRect.fromRect({ width, height: 300 });
  return { onSnap, onLink, viewport };
}

const base = { pointerId: 1, pointerType: 'mouse', button: 0, clientY: 100 };
const down = (el: Element, clientX: number, more = {}) =>
  fireEvent.pointerDown(el, { ...base, clientX, ...more });
const move = (el: Element, clientX: number, more = {}) =>
  fireEvent.pointerMove(el, { ...base, clientX, ...more });
const up = (el: Element, clientX: number, more = {}) =>
  fireEvent.pointerUp(el, { ...base, clientX, ...more });

test('the track follows the pointer once past the slop, and snaps back to 0 on release', () => {
  const { viewport, onSnap } = setup();
  down(viewport, 300);
  move(viewport, 300 - (DRAG_SLOP_PX - 1));
  expect(viewport.dataset.dragging).toBe('false');
  move(viewport, 250);
  expect(viewport.dataset).toMatchObject({ dragging: 'true', offset: '-50' });
  up(viewport, 250);
  expect(viewport.dataset).toMatchObject({ dragging: 'false', offset: '0' });
  expect(onSnap).not.toHaveBeenCalled(); // 50px is under 0.3 of 400px
});

test('past 0.3 of the width a release snaps: leftwards to the next slide, rightwards to the previous', () => {
  const { viewport, onSnap } = setup();
  down(viewport, 300);
  move(viewport, 170);
  up(viewport, 170);
  expect(onSnap).toHaveBeenLastCalledWith(1);
  down(viewport, 100, { pointerType: 'touch' });
  move(viewport, 250, { pointerType: 'touch' });
  up(viewport, 250, { pointerType: 'touch' });
  expect(onSnap).toHaveBeenLastCalledWith(-1);
  expect(onSnap).toHaveBeenCalledTimes(2);
});

test('a cancelled drag never snaps', () => {
  const { viewport, onSnap } = setup();
  down(viewport, 300);
  move(viewport, 50);
  fireEvent.pointerCancel(viewport, { ...base, clientX: 50 });
  expect(onSnap).not.toHaveBeenCalled();
  expect(viewport.dataset).toMatchObject({ dragging: 'false', offset: '0' });
});

test('past the first or last slide the track moves a third as far', () => {
  const start = setup({ atStart: true });
  down(start.viewport, 100);
  move(start.viewport, 190);
  expect(start.viewport.dataset.offset).toBe('30');
  move(start.viewport, 40); // the other way is not past the end
  expect(start.viewport.dataset.offset).toBe('-60');
  cleanup();
  const end = setup({ atEnd: true });
  down(end.viewport, 300);
  move(end.viewport, 210);
  expect(end.viewport.dataset.offset).toBe('-30');
});

test('a mostly vertical gesture is left to the page', () => {
  const { viewport, onSnap } = setup();
  down(viewport, 300, { clientY: 100 });
  move(viewport, 290, { clientY: 200 });
  move(viewport, 50, { clientY: 220 });
  up(viewport, 50, { clientY: 220 });
  expect(viewport.dataset.dragging).toBe('false');
  expect(onSnap).not.toHaveBeenCalled();
});

test('no drag when disabled, from a secondary mouse button, from a form field or another pointer', () => {
  const disabled = setup({ enabled: false });
  down(disabled.viewport, 300);
  move(disabled.viewport, 100);
  expect(disabled.viewport.dataset.dragging).toBe('false');
  cleanup();

  const { viewport, onSnap } = setup();
  down(viewport, 300, { button: 2 });
  move(viewport, 100);
  expect(viewport.dataset.dragging).toBe('false');
  down(screen.getByRole('textbox', { name: 'Field' }), 300);
  move(viewport, 100);
  expect(viewport.dataset.dragging).toBe('false');
  down(viewport, 300);
  move(viewport, 100, { pointerId: 2 });
  up(viewport, 100, { pointerId: 2 });
  expect(viewport.dataset.dragging).toBe('false');
  expect(onSnap).not.toHaveBeenCalled();
});

test('the click that ends a drag is swallowed; a plain click goes through', () => {
  const { viewport, onLink } = setup();
  const link = screen.getByRole('link', { name: 'Link' });
  down(link, 300);
  move(link, 280);
  up(link, 280);
  fireEvent.click(link);
  expect(onLink).not.toHaveBeenCalled();
  down(link, 300);
  up(link, 300);
  fireEvent.click(link);
  expect(onLink).toHaveBeenCalledTimes(1);
  expect(fireEvent.dragStart(viewport)).toBe(false); // native image/link dragging is prevented
});
