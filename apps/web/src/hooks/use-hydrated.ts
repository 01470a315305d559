import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's prerendered markup and while the browser hydrates it, true from then
 * on. Controls that only work with the app's script (a button that starts the login, a form
 * that posts with fetch) stay disabled until then: a click before the script has arrived would
 * otherwise be lost, or submit the form the browser's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
