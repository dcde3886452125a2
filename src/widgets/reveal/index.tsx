/**
 * Scroll-triggered reveal. Progressive enhancement: the server HTML (and the first client render)
 * has no hidden state, so content is visible without JavaScript. After hydration an effect arms
 * the element (hidden class) unless the visitor prefers reduced motion, IntersectionObserver is
 * missing, or the element is already on screen; it is revealed once 20% of it is visible
 * (VISIBILITY_THRESHOLD).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { VISIBILITY_THRESHOLD } from '../tokens.ts';

export const REVEAL_EFFECTS = ['fade-up', 'fade', 'slide-left', 'slide-right', 'zoom'] as const;
export type RevealEffect = (typeof REVEAL_EFFECTS)[number];

type Phase = 'static' | 'armed' | 'revealed';

export type RevealProps = {
  children: ReactNode;
  effect?: RevealEffect;
  /** Delay before the transition starts, in ms (staggering a row of cards). */
  delayMs?: number;
  as?: 'div' | 'section' | 'li' | 'span';
  className?: string;
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function isOnScreen(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < window.innerHeight && rect.height > 0;
}

export function Reveal({
  children,
  effect = 'fade-up',
  delayMs = 0,
  as: Tag = 'div',
  className,
}: RevealProps) {
  const ref = useRef<HTMLElement | null>(null);
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function' || prefersReducedMotion() || isOnScreen(el)) return;
    // Effects run after hydration, so the hidden state never reaches the server HTML.
    setPhase('armed');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase('revealed');
          observer.disconnect();
        }
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag
      ref={(el: HTMLElement | null) => {
        ref.current = el;
      }}
      className={[
        'ui-reveal',
        phase !== 'static' ? `ui-reveal--${effect}` : null,
        phase === 'armed' ? 'is-armed' : null,
        phase === 'revealed' ? 'is-revealed' : null,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={phase !== 'static' && delayMs > 0 ? { transitionDelay: `${delayMs}ms` } : undefined}
    >
      {children}
    </Tag>
  );
}
