/** SPEC §4 and §9: the metrics refresh fires 5 seconds after the last successful change. */
export const METRICS_REFRESH_DELAY_MS = 5_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A trailing debounce: each `schedule()` cancels the pending run and starts the delay again, so
 * a burst of changes causes one run, `delayMs` after the last of them.
 */
export function createRefreshScheduler(
  run: () => void,
  { delayMs = METRICS_REFRESH_DELAY_MS, timers = browserTimers } = {},
) {
  let handle: unknown = null;
  return {
    schedule() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(() => {
        handle = null;
        run();
      }, delayMs);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    get pending() {
      return handle !== null;
    },
  };
}
