import { useEffect, useState } from 'react';

/**
 * Whether the page is scrolled more than `thresholdPx` down; follows every scroll. False until
 * mounted, as on the server that prerendered the page.
 */
export function useScrolledPast(thresholdPx: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return scrolled;
}
