import { subsystemHealth, worstStatus, type EquipmentDetail } from '@brezza/contract';
import { Card } from '@/components/ui/card';
import { SensorTile, ValveBars } from './sensor-tile';
import { StatusDot, STATUS_STYLES } from './status-dot';
import { DASHBOARD_AREAS } from '../utils/dashboard-areas';

export function DashboardTab({ unit, stale }: { unit: EquipmentDetail; stale: boolean }) {
  const sensor = (key: string) => unit.sensors.find((s) => s.key === key);
  const health = stale
    ? 'unknown'
    : worstStatus(subsystemHealth(unit.sensors).map((subsystem) => subsystem.status));
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm">
        <span className="flex items-center gap-2 font-semibold" data-testid="health">
          <StatusDot status={health} className="h-3.5 w-3.5" />
          <span className={STATUS_STYLES[health].text}>
            {stale ? 'No answer' : STATUS_STYLES[health].label}
          </span>
        </span>
        <span className="text-slate-600">
          Control mode <strong className="text-ink">{sensor('ControlMode')?.text ?? '—'}</strong>
        </span>
        <span className="text-slate-600">
          Setpoint source{' '}
          <strong className="text-ink">{sensor('SetpointSource')?.text ?? '—'}</strong>
        </span>
        <span className="text-slate-600">
          ΔT setpoint{' '}
          <strong className="text-ink">
            {sensor('deltaTSetpoint') ? `${sensor('deltaTSetpoint')!.text} K` : '—'}
          </strong>
        </span>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {DASHBOARD_AREAS.slice(0, 3).map((area) => (
          <Area key={area.title} title={area.title}>
            {area.sensors.map(([key, label]) => (
              <SensorTile key={key} sensor={sensor(key)} label={label} stale={stale} />
            ))}
          </Area>
        ))}
        <Card className="p-4">
          <h3 className="mb-3 text-sm font-semibold text-slate-700">Valve</h3>
          <ValveBars
            setpoint={sensor('valveSetpoint')}
            position={sensor('valveNow')}
            stale={stale}
          />
        </Card>
        {DASHBOARD_AREAS.slice(3).map((area) => (
          <Area key={area.title} title={area.title}>
            {area.sensors.map(([key, label]) => (
              <SensorTile key={key} sensor={sensor(key)} label={label} stale={stale} />
            ))}
          </Area>
        ))}
      </div>
    </div>
  );
}

function Area({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-700">{title}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 2xl:grid-cols-4">{children}</div>
    </Card>
  );
}
