import { memo, useMemo, type DragEvent } from 'react';
import { HEALTHY, type AlertHealth, type Server } from '@brezza/contract';
import { HealthDot } from './health-dot';
import { cx } from '@/components/ui/cx';
import { Icon } from '@/components/ui/icon';
import { useEditable } from '../hooks/editable';
import { deviceTypeText } from '../utils/counts';
import { sortDevices, type SortKey, type SortState } from '../utils/sort';
import { ENTITY_COLOURS } from './entity-colours';
import { DeviceName } from './device-name';
import { MachineIdText } from './machine-id-text';
import { ServerStatus } from './server-status';
import { RowActionButton } from './row-action-button';
import { SortHeader } from './sort-header';
import { SERVER_DRAG_TYPE } from './tree-node';

/**
 * The devices of one rack in the hierarchy view, sorted as the table is; each row can be
 * dragged onto a rack.
 */
export function RackDevices({
  servers: unsorted,
  health,
  sort,
  onSort,
  onEdit,
}: {
  servers: Server[];
  /** Each device's health from its alerts. */
  health: ReadonlyMap<number, AlertHealth>;
  sort: SortState;
  onSort(key: SortKey): void;
  onEdit(server: Server): void;
}) {
  const servers = useMemo(() => sortDevices(unsorted, sort), [unsorted, sort]);
  const editable = useEditable();
  return (
    <div className="relative my-1.5 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] table-fixed text-sm">
        <colgroup>
          <col className="w-[30%]" />
          <col className="w-[22%]" />
          <col className="w-[24%]" />
          <col />
          <col className="w-12" />
        </colgroup>
        <thead className="bg-slate-50 text-xs">
          <tr>
            <SortHeader label="Name" sortKey="serverName" sort={sort} onSort={onSort} />
            <SortHeader label="Public IPv4" sortKey="publicIpv4" sort={sort} onSort={onSort} />
            <SortHeader label="Machine ID" sortKey="machineId" sort={sort} onSort={onSort} />
            <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-600">
              Type
            </th>
            <th scope="col" className="w-12 px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {servers.map((server) => (
            <DeviceRow
              key={server.id}
              server={server}
              health={health.get(server.id) ?? HEALTHY}
              editable={editable}
              onEdit={onEdit}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const onDragStart = (event: DragEvent, server: Server) => {
  event.dataTransfer.setData(SERVER_DRAG_TYPE, String(server.id));
  event.dataTransfer.setData('text/plain', server.serverName);
  event.dataTransfer.effectAllowed = 'move';
};

/**
 * One device's row; memoised on the server object (kept while it does not change), so that a
 * move or a rename renders again the row it changed and not its rack's others.
 */
const DeviceRow = memo(function DeviceRow({
  server,
  health,
  editable,
  onEdit,
}: {
  server: Server;
  health: AlertHealth;
  editable: boolean;
  onEdit(server: Server): void;
}) {
  return (
    <tr
      draggable={editable}
      onDragStart={editable ? (event) => onDragStart(event, server) : undefined}
      data-server-id={server.id}
      className={cx('hover:bg-slate-50', editable && 'cursor-grab active:cursor-grabbing')}
    >
      <td className="px-3 py-2">
        <span className="flex items-center gap-2">
          <Icon name="grip" className="h-4 w-4 text-slate-300" strokeWidth={2} />
          <span
            className={cx('h-2.5 w-2.5 shrink-0 rounded-full', ENTITY_COLOURS.device.swatch)}
            aria-hidden="true"
          />
          <HealthDot health={health} />
          <span className="truncate font-medium text-ink" title={server.serverName}>
            <DeviceName server={server} />
          </span>
          <ServerStatus
            serverId={server.id}
            serverName={server.serverName}
            isServer={server.deviceType === 'server'}
          />
        </span>
      </td>
      <td className="px-3 py-2 font-mono text-xs text-slate-700">{server.publicIpv4}</td>
      <td className="px-3 py-2 text-slate-700">
        <MachineIdText machineId={server.machineId} />
      </td>
      <td className="px-3 py-2 text-slate-700">{deviceTypeText(server)}</td>
      <td className="px-2 py-1 text-right">
        <RowActionButton
          action="edit"
          label={`server ${server.serverName}`}
          onClick={() => onEdit(server)}
        />
      </td>
    </tr>
  );
});
