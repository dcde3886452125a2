/** Swipe and mouse drag for the carousel viewport: the track follows the pointer and snaps on release. */
import { useRef, useState, type DragEvent, type MouseEvent, type PointerEvent } from 'react';
import { snapDirection } from './steps.ts';

/** Pixels a pointer must travel before a press becomes a drag (so taps and clicks still work). */
export const DRAG_SLOP_PX = 6;

export type SwipeOptions = {
  /** Whether a drag can start (more than one slide). */
  enabled: boolean;
  /** At the first or last slide (not infinite): dragging past it only moves a third as far. */
  atStart: boolean;
  atEnd: boolean;
  /** A drag past the snap threshold ended: 1 = next slide, -1 = previous. */
  onSnap: (direction: -1 | 1) => void;
};

type Drag = { pointerId: number; startX: number; startY: number; width: number; active: boolean };

/**
 * A press becomes a drag once it travels DRAG_SLOP_PX mostly sideways (a vertical gesture is left to
 * the page); releasing past the snap threshold moves one slide, a cancel snaps back. The click that
 * ends a drag is swallowed so a link under the pointer is not followed. `handlers` go on the
 * viewport; `offset` is the track's pixel offset while dragging.
 */
export function useSwipe({ enabled, atStart, atEnd, onSnap }: SwipeOptions) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  const end = (event: PointerEvent<HTMLElement>, commit: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.active) return;
    suppressClick.current = true;
    setDragging(false);
    setOffset(0);
    const direction = commit ? snapDirection(event.clientX - state.startX, state.width) : 0;
    if (direction !== 0) onSnap(direction);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    suppressClick.current = false;
    if (!enabled || drag.current) return;
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

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
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
    setOffset(pastEnd ? deltaX / 3 : deltaX);
  };

  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, true),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
    onClickCapture: (event: MouseEvent<HTMLElement>) => {
      if (!suppressClick.current) return;
      suppressClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    onDragStart: (event: DragEvent<HTMLElement>) => event.preventDefault(),
  };

  return { dragging, offset, handlers };
}
