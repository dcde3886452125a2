/** The native player's state: playing or paused, muted, and the play/pause/toggle verbs over the element. */
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../carousel/use-media-query.ts';
import type { VideoMode } from './index.tsx';

type Options = {
  src: string;
  /** The mode after the background variant is applied (background plays as `auto`). */
  mode: VideoMode;
  background: boolean;
  startMuted: boolean;
};

/**
 * `playing` is what the element last reported (the caller wires its play, pause and ended events
 * to `setPlaying`); `play` starts only a paused video. `auto` autoplays muted after hydration unless the visitor prefers reduced motion.
 */
export function useNativeVideo({ src, mode, background, startMuted }: Options) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(background || mode === 'auto' || startMuted);

  const play = () => {
    const video = ref.current;
    if (!video || !video.paused) return;
    const result: Promise<void> | undefined = video.play();
    // Rejected when autoplay is blocked or a pause() interrupts the load: stay paused.
    result?.catch?.(() => {});
  };
  const pause = () => {
    const video = ref.current;
    if (video && !video.paused) video.pause();
  };
  const toggle = () => (ref.current && !ref.current.paused ? pause() : play());
  const toggleMuted = () => setMuted((m) => !m);

  // `muted` lives on the element as a property only: React does not render the attribute on the
  // server (so passing the prop would mismatch on hydration). Autoplay needs it set before play().
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    if (mode !== 'auto' || prefersReducedMotion()) return;
    const video = ref.current;
    if (!video || !video.paused) return;
    video.muted = true;
    video.play()?.catch?.(() => {});
  }, [mode, src]);

  return { ref, playing, setPlaying, muted, toggleMuted, play, pause, toggle };
}
