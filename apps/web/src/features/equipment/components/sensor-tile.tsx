import type { SensorReading } from '@brezza/contract';
import { cx } from '@/components/ui/cx';
import { StatusDot } from './status-dot';

/** One value on the dashboard: label, value with its unit, status colour. */
export function SensorTile({
  sensor,
  label,
  stale,
}: {
  sensor: SensorReading | undefined;
  label: string;
  stale: boolean;
}) {
  return (
    <div
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white px-3 py-2.5"
      data-sensor={sensor?.key}
    >
      <span className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        <StatusDot status={stale || !sensor ? 'unknown' : sensor.status} />
        <span className="truncate">{label}</span>
      </span>
      <span
        className={cx(
          'truncate text-lg font-semibold tabular-nums',
          stale ? 'text-slate-400' : 'text-ink',
        )}
        data-testid={sensor ? `value-${sensor.key}` : undefined}
      >
        {sensor ? sensor.text : '—'}
        {sensor?.unit && (
          <span className="ml-1 text-sm font-normal text-slate-500">{sensor.unit}</span>
        )}
      </span>
    </div>
  );
}

/** The valve: setpoint and actual position as bars from 0 to 100 %. */
export function ValveBars({
  setpoint,
  position,
  stale,
}: {
  setpoint: SensorReading | undefined;
  position: SensorReading | undefined;
  stale: boolean;
}) {
  const bar = (label: string, sensor: SensorReading | undefined) => {
    const percent =
      typeof sensor?.value === 'number' ? Math.min(100, Math.max(0, sensor.value)) : 0;
    return (
      <div>
        <div className="flex justify-between text-xs text-slate-600">
          <span>{label}</span>
          <span
            className="font-semibold tabular-nums text-ink"
            data-testid={sensor ? `value-${sensor.key}` : undefined}
          >
            {sensor ? `${sensor.text} %` : '—'}
          </span>
        </div>
        <div
          className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className={cx('h-full rounded-full', stale ? 'bg-slate-300' : 'bg-brand-500')}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  };
  return (
    <div className="flex flex-col gap-3">
      {bar('Valve setpoint', setpoint)}
      {bar('Valve position', position)}
    </div>
  );
}
