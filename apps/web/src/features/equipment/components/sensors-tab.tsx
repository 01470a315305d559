import type { EquipmentDetail } from '@brezza/contract';
import { Card } from '@/components/ui/card';
import { HeaderRow } from '@/components/ui/header-row';
import { StatusDot, STATUS_STYLES } from './status-dot';

/** Every sensor by its name, with value, unit, status colour and time. */
export function SensorsTab({ unit, stale }: { unit: EquipmentDetail; stale: boolean }) {
  if (unit.sensors.length === 0) {
    return <Card className="p-6 text-sm text-slate-600">No readings yet from this unit.</Card>;
  }
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <HeaderRow
            labels={['Sensor', 'Name', 'Value', 'Unit', 'Status', 'Read at']}
            alignRight={['Value']}
            className="px-3 py-2 font-semibold"
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {unit.sensors.map((sensor) => {
            const status = stale ? 'unknown' : sensor.status;
            return (
              <tr key={sensor.key}>
                <td className="px-3 py-2 text-ink">{sensor.label}</td>
                <td className="px-3 py-2 font-mono text-xs text-slate-600">{sensor.key}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">{sensor.text}</td>
                <td className="px-3 py-2 text-slate-600">{sensor.unit}</td>
                <td className="px-3 py-2">
                  <span className={`flex items-center gap-1.5 ${STATUS_STYLES[status].text}`}>
                    <StatusDot status={status} />
                    {STATUS_STYLES[status].label}
                  </span>
                </td>
                <td className="px-3 py-2 text-xs text-slate-500">
                  {new Date(sensor.at).toLocaleTimeString()}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
