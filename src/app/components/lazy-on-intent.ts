/** Code-split components that start loading when the visitor reaches for their control. */
import { lazy, type ComponentType } from 'react';

/**
 * A code-split component (a dialog, say) whose code starts loading when the visitor reaches for the
 * control that opens it (pointer, touch or focus), so it is usually there by the click. Spread
 * `intentProps` on that control.
 */
export function lazyOnIntent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Component = lazy(() => load().then((component) => ({ default: component })));
  const preload = () => void load().catch(() => {});
  return { Component, intentProps: { onPointerEnter: preload, onTouchStart: preload, onFocus: preload } };
}
