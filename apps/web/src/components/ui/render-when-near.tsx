import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface RenderWhenNearProps {
  /**
   * The content's expected height, in CSS pixels or as a CSS length (`calc()` of a custom
   * property that differs by screen width): the empty box that holds its place is this tall.
   */
  height: number | string;
  /** Render at once (content that starts on or near the first screen). */
  eager: boolean;
  children: ReactNode;
}

/**
 * Holds the place of content far below the viewport with an empty box of its expected height,
 * and renders the content once the box comes within a screen of the viewport (then keeps it):
 * a long list's first paint costs what is near the screen, not what exists. Without
 * IntersectionObserver (a test DOM) the content renders at once.
 */
export function RenderWhenNear({ height, eager, children }: RenderWhenNearProps) {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <div ref={box} aria-hidden="true" style={{ height }} />;
}
