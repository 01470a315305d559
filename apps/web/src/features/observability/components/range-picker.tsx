import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import {
  PRESETS,
  fixedRange,
  fromDateTimeLocal,
  resolveRange,
  toDateTimeLocal,
  type TimeRange,
} from '../utils/time-range';
import { REFRESH_CHOICES, type RefreshId } from '../utils/url-state';

const control =
  'rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-ink shadow-sm ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none';

export interface RangePickerProps {
  range: TimeRange;
  refresh: RefreshId;
  onRangeChange: (range: TimeRange) => void;
  onRefreshChange: (refresh: RefreshId) => void;
}

/** The page's time range (presets, or a custom from–to) and its auto-refresh. */
export function RangePicker({ range, refresh, onRangeChange, onRefreshChange }: RangePickerProps) {
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const selected = range.kind === 'preset' ? range.preset : 'custom';

  const openCustom = () => {
    const window = resolveRange(range, Date.now());
    setCustom({ from: toDateTimeLocal(window.fromMs), to: toDateTimeLocal(window.toMs) });
    setProblem(null);
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    if (!custom) return;
    const from = fromDateTimeLocal(custom.from);
    const to = fromDateTimeLocal(custom.to);
    const next = to > from ? fixedRange(from, to) : null;
    if (!next) {
      setProblem('Choose a start before the end.');
      return;
    }
    onRangeChange(next);
    setCustom(null);
  };

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="observability-range">
          Time range
        </label>
        <select
          id="observability-range"
          className={control}
          value={selected}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'custom') openCustom();
            else onRangeChange({ kind: 'preset', preset: value as (typeof PRESETS)[number]['id'] });
          }}
        >
          {PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom…</option>
        </select>
        {range.kind === 'fixed' && (
          <Button size="sm" variant="secondary" onClick={openCustom}>
            Edit range
          </Button>
        )}
        <label className="flex items-center gap-1.5 text-sm text-slate-600">
          Refresh
          <select
            className={control}
            value={refresh}
            onChange={(event) => onRefreshChange(event.target.value as RefreshId)}
          >
            {REFRESH_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {custom && (
        <form
          onSubmit={applyCustom}
          aria-label="Custom time range"
          className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2"
        >
          <label className="flex flex-col text-xs text-slate-600">
            From
            <input
              type="datetime-local"
              className={control}
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
          </label>
          <label className="flex flex-col text-xs text-slate-600">
            To
            <input
              type="datetime-local"
              className={control}
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
          </label>
          <Button size="sm" type="submit">
            Apply
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setCustom(null)}>
            Cancel
          </Button>
          {problem && (
            <p role="alert" className={cx('w-full text-xs text-red-700')}>
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
