import { useLayoutEffect, type ReactNode } from 'react';
import { SCROLL_REVEAL, useScrollReveal } from '@/lib/scroll-reveal';
import { cx } from './cx';

/** Fades and lifts its content in as it scrolls into view (SPEC §9); static on phones. */
export function Reveal({
  children,
  className,
  delayMs = 0,
}: {
  children: ReactNode;
  className?: string;
  /** Staggers siblings, e.g. cards in a row. */
  delayMs?: number;
}) {
  const { ref, revealed } = useScrollReveal<HTMLDivElement>();
  // Timing goes through the element's style object, not a style attribute: the server's
  // prerendered markup may carry no inline styles (the CSP allows none), and the animation
  // only ever runs after hydration.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.transitionDuration = `${SCROLL_REVEAL.durationMs}ms`;
    element.style.transitionDelay = revealed ? `${delayMs}ms` : '0ms';
  }, [ref, revealed, delayMs]);
  return (
    <div
      ref={ref}
      data-revealed={revealed}
      className={cx(
        'transition-[opacity,translate] ease-out',
        revealed ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0',
        className,
      )}
    >
      {children}
    </div>
  );
}
