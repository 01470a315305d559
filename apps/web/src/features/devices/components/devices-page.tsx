import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Server } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { DevicesSessionProvider } from '../hooks/devices-session';
import { useDeviceFilter } from '../hooks/use-device-filter';
import { EditableContext } from '../hooks/editable';
import { useExpandedNodes } from '../hooks/use-expanded-nodes';
import { useHierarchyLists } from '../hooks/use-hierarchy-lists';
import { useMoveServer } from '../hooks/use-move-server';
import { PAGE_TITLE } from '../utils/messages';
import { rackOptions } from '../utils/rack-options';
import { DEFAULT_SORT, nextSort, sortDevicesOnce, type SortKey } from '../utils/sort';
import { DebugPanel } from './debug-panel';
import { DialogHost } from './dialog-host';
import type { OpenDialog } from './dialogs/open-dialog';
import { HierarchyView } from './hierarchy-view';
import { ImportExport } from './import-export';
import { Legend, type CreatableKind } from './legend';
import { SearchBar } from './search-bar';
import { TableView } from './table-view';
import { ViewToggle, type DevicesView } from './view-toggle';
import { DemoDataBadge } from '@/components/demo-data-badge';

/** What the page hands the installer section: the racks a new server can be placed in. */
export interface AddDevicesContext {
  racks: { value: string; label: string }[];
}
type AddDevices = (context: AddDevicesContext) => ReactNode;
const NO_PLACED_RACKS: Parameters<typeof rackOptions>[0] = {
  datacenters: [],
  rooms: [],
  racks: [],
};

/**
 * SPEC §2 Devices page. `addDevices` renders the installer section, composed in by the route;
 * it sits below the views and above the debug panel. `editable` false (a viewer) leaves out
 * every control that changes the hierarchy.
 */
export function DevicesPage({
  addDevices,
  editable = true,
}: {
  addDevices?: AddDevices;
  editable?: boolean;
}) {
  return (
    <DevicesSessionProvider>
      <EditableContext.Provider value={editable}>
        <DevicesContent addDevices={addDevices} />
      </EditableContext.Provider>
    </DevicesSessionProvider>
  );
}

function DevicesContent({ addDevices }: { addDevices?: AddDevices }) {
  const { loading, error, lists } = useHierarchyLists();
  const search = useDeviceFilter(lists);
  const [view, setView] = useState<DevicesView>('hierarchy');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const expanded = useExpandedNodes(lists.servers.length, search.openKeys);
  const moveServer = useMoveServer(lists);
  // The installer's rack choice sits below the views: its options (one per rack, thousands in a
  // large organisation) are made and rendered after the tree has painted, not before.
  // They depend on the racks' names and places only: moving a server renders none of them.
  const { datacenters, rooms, racks: rackList } = lists;
  const placedRacks = useDeferredValue(
    useMemo(() => ({ datacenters, rooms, racks: rackList }), [datacenters, rooms, rackList]),
    NO_PLACED_RACKS,
  );
  const racks = useMemo(() => rackOptions(placedRacks), [placedRacks]);

  // The table view's rows are sorted while the browser is idle after the tree has painted, so
  // that the first switch to the table does not wait for 100,000 rows to be sorted.
  useEffect(() => {
    if (view !== 'hierarchy' || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => sortDevicesOnce(search.lists.servers, sort));
    return () => cancelIdleCallback(handle);
  }, [view, search.lists.servers, sort]);

  const onSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);
  const onCreate = (kind: CreatableKind) => setDialog({ kind: `create-${kind}` });
  const onEditServer = useCallback(
    (server: Server) => setDialog({ kind: 'edit-server', server }),
    [],
  );

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{PAGE_TITLE}</h1>
          <DemoDataBadge />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ImportExport />
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Legend onCreate={onCreate} />
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
        {!loading && (
          <SearchBar
            filter={search.filter}
            query={search.query}
            typeOptions={search.typeOptions}
            count={search.count}
            onQuery={search.onQuery}
            onChange={search.setFilter}
          />
        )}
        {loading ? (
          <Spinner label="Loading devices…" />
        ) : view === 'hierarchy' ? (
          <HierarchyView
            lists={search.lists}
            filtered={search.count !== null}
            sort={sort}
            onSort={onSort}
            isExpanded={expanded.isExpanded}
            onToggle={expanded.toggle}
            onOpen={setDialog}
            onMoveServer={moveServer}
          />
        ) : (
          <TableView
            lists={search.lists}
            filtered={search.count !== null}
            sort={sort}
            onSort={onSort}
            onEdit={onEditServer}
          />
        )}
      </div>
      {addDevices?.({ racks })}
      <DebugPanel lists={lists} sort={sort} />
      <DialogHost dialog={dialog} lists={lists} onClose={() => setDialog(null)} />
    </main>
  );
}
