import { useEffect, useRef, useState } from 'react';

/**
 * Reveal-on-scroll settings (SPEC §9). The defaults are the animation library's that the
 * product's pages were designed with; the product overrides only the duration (700 ms).
 */
export const SCROLL_REVEAL_DEFAULTS = {
  /** Pixels an element must be above the bottom of the viewport before it reveals. */
  offsetPx: 120,
  durationMs: 400,
  /** Scroll events are handled at most once per this many milliseconds. */
  throttleMs: 99,
  /** Resizes are handled this many milliseconds after the last one. */
  debounceMs: 50,
} as const;

export const SCROLL_REVEAL = {
  ...SCROLL_REVEAL_DEFAULTS,
  durationMs: 700,
  /** Narrower viewports are phones, where the animation is off. */
  minViewportWidthPx: 768,
} as const;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Animations run on wider screens only, and never for users who asked for less motion. */
export function isScrollRevealEnabled({
  viewportWidth,
  prefersReducedMotion,
}: {
  viewportWidth: number;
  prefersReducedMotion: boolean;
}): boolean {
  return !prefersReducedMotion && viewportWidth >= SCROLL_REVEAL.minViewportWidthPx;
}

/**
 * An element reveals once its top has come `offset` pixels into the viewport, or when the page
 * cannot scroll any further (so the last elements of a short page are never left hidden).
 */
export function isInRevealZone({
  elementTop,
  viewportHeight,
  atPageEnd,
  offset = SCROLL_REVEAL.offsetPx,
}: {
  elementTop: number;
  viewportHeight: number;
  atPageEnd: boolean;
  offset?: number;
}): boolean {
  return atPageEnd || elementTop <= viewportHeight - offset;
}

export interface Cancelable<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs `fn` at once, then at most once per `waitMs` (the last call of a burst is not lost). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  now: () => number = () => Date.now(),
): Cancelable<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const throttled = (...args: A) => {
    const elapsed = now() - last;
    if (elapsed >= waitMs) {
      last = now();
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      last = now();
      const latest = pending!;
      pending = null;
      fn(...latest);
    }, waitMs - elapsed);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}

/** Runs `fn` once, `waitMs` after the last call of a burst. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
): Cancelable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

function currentlyEnabled(): boolean {
  const prefersReducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
  return isScrollRevealEnabled({ viewportWidth: window.innerWidth, prefersReducedMotion });
}

/**
 * Reveal-on-scroll for one element: `revealed` turns true once the element has scrolled into
 * view. Everything shows at first, as the server prerendered it (content paints before any
 * script); once mounted, an element below the reveal zone is hidden until it scrolls in (it is
 * out of sight, so nothing visible moves). It never hides an element again.
 */
export function useScrollReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(true);

  useEffect(() => {
    let done = false;
    const check = () => {
      const element = ref.current;
      if (done) return;
      const shown =
        !currentlyEnabled() ||
        !element ||
        isInRevealZone({
          elementTop: element.getBoundingClientRect().top,
          viewportHeight: window.innerHeight,
          atPageEnd:
            window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
        });
      setRevealed(shown);
      if (shown) stop();
    };
    const onScroll = throttle(check, SCROLL_REVEAL.throttleMs);
    const onResize = debounce(check, SCROLL_REVEAL.debounceMs);
    const stop = () => {
      done = true;
      onScroll.cancel();
      onResize.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    check();
    return stop;
  }, []);

  return { ref, revealed };
}
