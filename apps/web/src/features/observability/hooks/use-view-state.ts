import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TimeRange } from '../utils/time-range';
import { parseViewState, writeViewState, type RefreshId, type ViewState } from '../utils/url-state';

/** The page's range and refresh, read from and written to its address (shareable links). */
export function useViewState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseViewState(params), [params]);
  const update = useCallback(
    (next: Partial<ViewState>) =>
      setParams((current) => writeViewState(current, { ...parseViewState(current), ...next })),
    [setParams],
  );
  const setRange = useCallback((range: TimeRange) => update({ range }), [update]);
  const setRefresh = useCallback((refresh: RefreshId) => update({ refresh }), [update]);
  return { ...state, setRange, setRefresh };
}
