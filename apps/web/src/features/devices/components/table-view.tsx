import { useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Server } from '@brezza/contract';
import { cx } from '@/components/ui/cx';
import { DeviceName } from './device-name';
import { deviceTypeText, devicesTotalText } from '../utils/counts';
import { createPathNames, type HierarchyLists } from '../utils/hierarchy';
import { EMPTY_TABLE_MESSAGE, NO_MATCHES } from '../utils/messages';
import { sortDevicesOnce, type SortKey, type SortState } from '../utils/sort';
import { MachineIdText } from './machine-id-text';
import { ServerStatus } from './server-status';
import { RowActionButton } from './row-action-button';
import { SortHeader } from './sort-header';

const ROW_HEIGHT = 44;

const cell = 'truncate px-3 text-slate-700';

/**
 * SPEC §2 Table view: every device, sortable by name, address or machine id. Rows are
 * virtualised: only those in view (plus a few) are in the DOM, so 10,000 devices paint and
 * re-sort as fast as 50.
 */
export function TableView({
  lists,
  filtered = false,
  sort,
  onSort,
  onEdit,
}: {
  lists: HierarchyLists;
  /** A search narrows `lists`: an empty result says so instead of inviting a first device. */
  filtered?: boolean;
  sort: SortState;
  onSort(key: SortKey): void;
  onEdit(server: Server): void;
}) {
  const rows = useMemo(() => sortDevicesOnce(lists.servers, sort), [lists.servers, sort]);
  const pathNames = useMemo(() => createPathNames(lists), [lists]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1024, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <section aria-labelledby="all-devices-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="all-devices-title" className="text-lg font-semibold text-ink">
          All Devices
        </h2>
        <p className="text-sm text-slate-500">{devicesTotalText(rows.length)}</p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500">
          {filtered ? NO_MATCHES : EMPTY_TABLE_MESSAGE}
        </p>
      ) : (
        <div
          ref={scroller}
          className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white"
          data-testid="devices-table-scroller"
        >
          <table className="w-full min-w-[60rem] table-fixed border-separate border-spacing-0 text-sm">
            <colgroup>
              <col className="w-[18%]" />
              <col className="w-[13%]" />
              <col className="w-[15%]" />
              <col className="w-[14%]" />
              <col className="w-[13%]" />
              <col className="w-[11%]" />
              <col className="w-[9%]" />
              <col className="w-12" />
            </colgroup>
            <thead className="sticky top-0 z-10 bg-slate-50 text-xs shadow-[0_1px_0_var(--color-slate-200)]">
              <tr>
                <SortHeader label="Name" sortKey="serverName" sort={sort} onSort={onSort} />
                <SortHeader label="Public IPv4" sortKey="publicIpv4" sort={sort} onSort={onSort} />
                <SortHeader label="Machine ID" sortKey="machineId" sort={sort} onSort={onSort} />
                {['Datacenter', 'Room', 'Rack', 'Type'].map((label) => (
                  <th
                    key={label}
                    scope="col"
                    className="px-3 py-2 text-left font-semibold text-slate-600"
                  >
                    {label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {paddingTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={8} style={{ height: paddingTop }} />
                </tr>
              )}
              {items.map((item) => {
                const row = rows[item.index]!;
                const names = pathNames(row);
                return (
                  <tr
                    key={row.id}
                    data-server-id={row.id}
                    style={{ height: ROW_HEIGHT }}
                    className={cx('hover:bg-slate-50', item.index % 2 === 1 && 'bg-slate-50/40')}
                  >
                    <td
                      className={cx(cell, 'border-b border-slate-100 font-medium text-ink')}
                      title={row.serverName}
                    >
                      <span className="flex items-center gap-2">
                        <ServerStatus
                          serverId={row.id}
                          serverName={row.serverName}
                          isServer={row.deviceType === 'server'}
                        />
                        <span className="truncate">
                          <DeviceName server={row} />
                        </span>
                      </span>
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100 font-mono text-xs')}>
                      {row.publicIpv4}
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100')}>
                      <MachineIdText machineId={row.machineId} />
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100')}>
                      {names.datacenterName ?? '—'}
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100')}>
                      {names.roomName ?? '—'}
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100')}>
                      {names.rackName ?? '—'}
                    </td>
                    <td className={cx(cell, 'border-b border-slate-100')}>{deviceTypeText(row)}</td>
                    <td className="border-b border-slate-100 px-1 text-right">
                      <RowActionButton
                        action="edit"
                        label={`server ${row.serverName}`}
                        onClick={() => onEdit(row)}
                      />
                    </td>
                  </tr>
                );
              })}
              {paddingBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={8} style={{ height: paddingBottom }} />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
