import { Link } from 'react-router';
import {
  PLAN_PAGE_PATH,
  planRequiredMessage,
  SEVERITY_LABELS,
  alertValueText,
  deviceHealth,
  subsystemHealth,
  type EquipmentDetail,
} from '@brezza/contract';
import { paths } from '@/config/paths';
import { usePlan } from '@/lib/plan';
import { useUnitAlerts } from '../api/get-unit-alerts';
import { Card } from '@/components/ui/card';
import { StatusDot, STATUS_STYLES } from './status-dot';

/** Green, yellow or red per subsystem, with the readings that made it so. */
export function HealthTab({
  unit,
  stale,
  freshnessText,
}: {
  unit: EquipmentDetail;
  stale: boolean;
  freshnessText: string;
}) {
  const subsystems = subsystemHealth(unit.sensors);
  const alerts = useUnitAlerts(unit.id);
  const alertsAllowed = usePlan().allows('alerts');
  const alerting = alerts?.filter((a) => a.state !== 'pending') ?? [];
  const colour = deviceHealth(alerting).get(unit.id)?.colour ?? 'green';
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Card className="p-4 md:col-span-2" data-subsystem="alerts">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <StatusDot status={alerts ? colour : 'unknown'} className="h-3.5 w-3.5" />
          Alerts
          <Link
            to={paths.alerts}
            className="ml-auto text-sm font-medium text-brand-700 hover:underline"
          >
            All alerts
          </Link>
        </h3>
        {alerting.length > 0 ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {alerting.map((alert) => (
              <li key={alert.id}>
                {SEVERITY_LABELS[alert.severity]}: {alert.ruleName}
                {alert.state === 'nodata' ? ' (no data)' : ''}
                {alert.value !== null ? ` — value ${alertValueText(alert.value, alert.unit)}` : ''}
                {alert.silenced ? ' (silenced)' : ''}
              </li>
            ))}
          </ul>
        ) : alertsAllowed === false ? (
          <p className="mt-2 text-sm text-slate-600">
            {planRequiredMessage('alerts')}{' '}
            <Link to={PLAN_PAGE_PATH} className="font-medium text-brand-700 hover:underline">
              See plans
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {alerts ? 'No alert rule is firing for this unit.' : 'Loading alerts…'}
          </p>
        )}
      </Card>
      <Card className="p-4" data-subsystem="communication">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <StatusDot status={stale ? 'red' : 'green'} className="h-3.5 w-3.5" />
          Communication
        </h3>
        <p className="mt-2 text-sm text-slate-600">
          {stale
            ? `The unit is not answering its gateway (${freshnessText}). The values shown are the last ones received.`
            : `Answering every ${unit.pollIntervalMs / 1000} s (${freshnessText}).`}
        </p>
      </Card>
      {subsystems.map((subsystem) => {
        const status = stale ? 'unknown' : subsystem.status;
        return (
          <Card key={subsystem.subsystem} className="p-4" data-subsystem={subsystem.subsystem}>
            <h3 className="flex items-center gap-2 font-semibold text-ink">
              <StatusDot status={status} className="h-3.5 w-3.5" />
              {subsystem.label}
              <span className={`ml-auto text-sm font-medium ${STATUS_STYLES[status].text}`}>
                {STATUS_STYLES[status].label}
              </span>
            </h3>
            {subsystem.reasons.length > 0 ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                {subsystem.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">
                {subsystem.status === 'unknown'
                  ? 'No readings.'
                  : 'All readings within their normal ranges.'}
              </p>
            )}
          </Card>
        );
      })}
    </div>
  );
}
