import type { EquipmentDetail, SensorReading } from '@brezza/contract';
import { Card } from '@/components/ui/card';
import { HeaderRow } from '@/components/ui/header-row';
import { pduTables } from '../utils/pdu';
import { StatusDot } from './status-dot';

const TH = 'px-3 py-2 text-xs font-semibold text-slate-600';

const cell = (sensor: SensorReading | undefined) =>
  sensor ? `${sensor.text}${sensor.unit ? ` ${sensor.unit}` : ''}` : '—';

/** A PDU: per-outlet power and state, per-phase current and voltage, totals. */
export function PduView({ unit, stale }: { unit: EquipmentDetail; stale: boolean }) {
  const { outlets, phases, power, energy } = pduTables(unit.sensors);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="p-4">
        <h3 className="text-sm font-semibold text-slate-700">Totals</h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <dt className="text-slate-500">Total power</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="pdu-power">
            {cell(power)}
          </dd>
          <dt className="text-slate-500">Total energy</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="pdu-energy">
            {cell(energy)}
          </dd>
        </dl>
        <h3 className="mt-6 text-sm font-semibold text-slate-700">Phases</h3>
        <table className="mt-2 w-full text-sm">
          <thead>
            <HeaderRow labels={['Phase', 'Current', 'Voltage']} className={TH} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {phases.map((row) => (
              <tr key={row.phase}>
                <td className="px-3 py-2">L{row.phase}</td>
                <td className="px-3 py-2 tabular-nums">{cell(row.current)}</td>
                <td className="px-3 py-2 tabular-nums">{cell(row.voltage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card className="overflow-x-auto p-4 lg:col-span-2">
        <h3 className="text-sm font-semibold text-slate-700">Outlets</h3>
        {outlets.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No outlet readings yet.</p>
        ) : (
          <table className="mt-2 w-full min-w-[24rem] text-sm">
            <thead>
              <HeaderRow labels={['Outlet', 'State', 'Power', 'Current']} className={TH} />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {outlets.map((row) => (
                <tr key={row.outlet} data-outlet={row.outlet}>
                  <td className="px-3 py-2">{row.outlet}</td>
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-1.5">
                      <StatusDot status={stale || !row.state ? 'unknown' : row.state.status} />
                      {row.state?.text ?? '—'}
                    </span>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{cell(row.power)}</td>
                  <td className="px-3 py-2 tabular-nums">{cell(row.current)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
