/** The native player's state: playing or paused, muted, and the play/pause/toggle verbs over the element. */
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../carousel/use-media-query.ts';

type Options = {
  src: string;
  /** `auto` mode (the background variant included): start muted and autoplay after hydration. */
  autoplay: boolean;
  background: boolean;
  startMuted: boolean;
};

/**
 * `playing` is what the element last reported (the caller wires its play, pause and ended events
 * to `setPlaying`); `play` starts only a paused video. `autoplay` plays muted after hydration
 * unless the visitor prefers reduced motion.
 */
export function useNativeVideo({ src, autoplay, background, startMuted }: Options) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(background || autoplay || startMuted);

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
    if (!autoplay || prefersReducedMotion()) return;
    const video = ref.current;
    if (!video || !video.paused) return;
    video.muted = true;
    video.play()?.catch?.(() => {});
  }, [autoplay, src]);

  return { ref, playing, setPlaying, muted, toggleMuted, play, pause, toggle };
}
