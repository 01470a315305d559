import { useEffect, useState } from 'react';

/** The browser's clock, read again every `everyMs`: for "updated Ns ago" between refreshes. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
