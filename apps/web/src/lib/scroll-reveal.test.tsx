import { act, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  isInRevealZone,
  isScrollRevealEnabled,
  REDUCED_MOTION_QUERY,
  SCROLL_REVEAL,
  SCROLL_REVEAL_DEFAULTS,
  throttle,
  useScrollReveal,
} from './scroll-reveal';

describe('scroll-reveal settings (SPEC §9)', () => {
  it('keeps the defaults and overrides the duration with 700 ms', () => {
    expect(SCROLL_REVEAL_DEFAULTS).toEqual({
      offsetPx: 120,
      durationMs: 400,
      throttleMs: 99,
      debounceMs: 50,
    });
    expect(SCROLL_REVEAL).toMatchObject({
      offsetPx: 120,
      durationMs: 700,
      throttleMs: 99,
      debounceMs: 50,
      minViewportWidthPx: 768,
    });
  });
});

describe('isScrollRevealEnabled', () => {
  it('is off on phones (narrower than 768 px), whatever the motion preference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 767 }), fc.boolean(), (width, reduced) => {
        expect(isScrollRevealEnabled({ viewportWidth: width, prefersReducedMotion: reduced })).toBe(
          false,
        );
      }),
    );
  });

  it('is off whenever the user prefers reduced motion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (width) => {
        expect(isScrollRevealEnabled({ viewportWidth: width, prefersReducedMotion: true })).toBe(
          false,
        );
      }),
    );
  });

  it('is on for 768 px and wider without a reduced-motion preference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 768, max: 10_000 }), (width) => {
        expect(isScrollRevealEnabled({ viewportWidth: width, prefersReducedMotion: false })).toBe(
          true,
        );
      }),
    );
  });
});

describe('isInRevealZone', () => {
  it('reveals once the top is 120 px above the bottom of the viewport', () => {
    expect(isInRevealZone({ elementTop: 680, viewportHeight: 800, atPageEnd: false })).toBe(true);
    expect(isInRevealZone({ elementTop: 681, viewportHeight: 800, atPageEnd: false })).toBe(false);
  });

  it('reveals everything once the page cannot scroll further', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.nat(3000), (top, height) => {
        expect(isInRevealZone({ elementTop: top, viewportHeight: height, atPageEnd: true })).toBe(
          true,
        );
      }),
    );
  });
});

describe('throttle and debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('throttle runs at once, then at most once per interval, keeping the last call', () => {
    const calls: number[] = [];
    const throttled = throttle((value: number) => calls.push(value), 99);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([1, 3]);
    throttled.cancel();
  });

  it('throttle.cancel drops a pending call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 99);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('debounce runs once, after the last call of a burst', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 50);
    debounced();
    vi.advanceTimersByTime(40);
    debounced();
    vi.advanceTimersByTime(40);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

function Probe() {
  const { ref, revealed } = useScrollReveal<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="probe">
      {revealed ? 'revealed' : 'hidden'}
    </div>
  );
}

function stubViewport({ width, reducedMotion }: { width: number; reducedMotion: boolean }) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === REDUCED_MOTION_QUERY && reducedMotion,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('useScrollReveal', () => {
  let elementTop = 2000;
  beforeEach(() => {
    elementTop = 2000;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ top: elementTop }) as DOMRect,
    );
    // A page taller than the viewport, scrolled to the top.
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: 5000,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows content at once on phones', () => {
    stubViewport({ width: 390, reducedMotion: false });
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('revealed');
  });

  it('shows content at once when the user prefers reduced motion', () => {
    stubViewport({ width: 1280, reducedMotion: true });
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('revealed');
  });

  it('on wide screens, hides content below the fold until it scrolls into view', () => {
    stubViewport({ width: 1280, reducedMotion: false });
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('hidden');
    elementTop = 600;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('revealed');
  });
});
