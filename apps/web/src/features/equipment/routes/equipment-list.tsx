import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_TYPE_LABELS } from '@brezza/contract';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { equipmentListQueryOptions } from '../api/get-equipment-list';
import { AddEquipmentForm } from '../components/add-equipment-form';

/** /equipment: the organisation's pCDUs and PDUs, and (for operators) adding one. */
export function EquipmentListRoute() {
  const request = useApiClient();
  const list = useQuery(equipmentListQueryOptions(request));
  const { can } = useMe();
  const navigate = useNavigate();
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Equipment</h1>
        <DemoDataBadge />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Coolant distribution units and power distribution units, read by the agent of a gateway
        server.
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <Alert tone="error">{list.error.message}</Alert>}
      {list.data && (
        <Card className="mt-4 overflow-x-auto">
          {list.data.length === 0 ? (
            <p className="p-6 text-sm text-slate-600">No equipment yet.</p>
          ) : (
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  {['Name', 'Type', 'Placement', 'Gateway', 'Last seen'].map((title) => (
                    <th key={title} scope="col" className="px-3 py-2 text-left font-semibold">
                      {title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.map((unit) => (
                  <tr key={unit.id}>
                    <td className="px-3 py-2">
                      <Link
                        to={paths.equipmentUnit(unit.id)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {unit.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{DEVICE_TYPE_LABELS[unit.type]}</td>
                    <td className="px-3 py-2 text-slate-700">
                      {[
                        unit.placement.datacenterName,
                        unit.placement.roomName,
                        unit.placement.rackName,
                      ]
                        .filter(Boolean)
                        .join(' › ') || 'Unassigned'}
                    </td>
                    <td className="px-3 py-2 text-slate-700">{unit.gateway?.serverName ?? '—'}</td>
                    <td className="px-3 py-2 text-slate-500">
                      {unit.lastSeenAt ? new Date(unit.lastSeenAt).toLocaleString() : 'never'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      )}
      {can('operator') && (
        <div className="mt-6">
          <AddEquipmentForm onAdded={(id) => void navigate(paths.equipmentUnit(id))} />
        </div>
      )}
    </main>
  );
}
