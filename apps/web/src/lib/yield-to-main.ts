/**
 * Ends the current task: what follows runs in a new one, after the browser has had a turn
 * (input, paint). Start-up work split this way is several short tasks instead of one long one,
 * which is what total blocking time and input delay count (issue 10). `scheduler.yield` keeps
 * the continuation ahead of other queued tasks where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
