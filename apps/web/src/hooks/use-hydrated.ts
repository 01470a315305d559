import { startTransition, useEffect, useState } from 'react';

/** Whether the app has hydrated (or rendered) once: components mounted later start hydrated. */
let appHydrated = false;

/** For a page the browser renders itself (nothing to hydrate): controls work from the start. */
export function renderingWithoutHydration(): void {
  appHydrated = true;
}

/**
 * False in the server's prerendered markup and while the browser hydrates it, true from then
 * on. Controls that only work with the app's script (a button that starts the login, a form
 * that posts with fetch) stay disabled until then: a click before the script has arrived would
 * otherwise be lost, or submit the form the browser's way.
 *
 * Not `useSyncExternalStore` with a server snapshot: React re-renders each user of a differing
 * snapshot synchronously, in the task that flushes hydration's effects (issue 10: one long task
 * after hydration). The switch here is a transition: it yields like hydration did.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
