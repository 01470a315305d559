import type { ReactNode } from 'react';
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
  return (
    <div
      ref={ref}
      data-revealed={revealed}
      className={cx(
        'transition-[opacity,translate] ease-out',
        revealed ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0',
        className,
      )}
      style={{
        transitionDuration: `${SCROLL_REVEAL.durationMs}ms`,
        transitionDelay: revealed ? `${delayMs}ms` : '0ms',
      }}
    >
      {children}
    </div>
  );
}
