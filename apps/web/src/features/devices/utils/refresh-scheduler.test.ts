import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METRICS_REFRESH_DELAY_MS, createRefreshScheduler } from './refresh-scheduler';

describe('createRefreshScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 5 seconds after a change', () => {
    const run = vi.fn();
    const scheduler = createRefreshScheduler(run);
    scheduler.schedule();
    expect(scheduler.pending).toBe(true);
    vi.advanceTimersByTime(METRICS_REFRESH_DELAY_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(scheduler.pending).toBe(false);
  });

  it('runs once, 5 seconds after the last change of a burst', () => {
    const run = vi.fn();
    const scheduler = createRefreshScheduler(run);
    for (let i = 0; i < 4; i += 1) {
      scheduler.schedule();
      vi.advanceTimersByTime(3_000);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs again for a change after a run, and not at all once cancelled', () => {
    const run = vi.fn();
    const scheduler = createRefreshScheduler(run, { delayMs: 100 });
    scheduler.schedule();
    vi.advanceTimersByTime(100);
    scheduler.schedule();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    scheduler.schedule();
    scheduler.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
