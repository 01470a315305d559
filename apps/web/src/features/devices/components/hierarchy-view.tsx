import { useMemo } from 'react';
import { HEALTHY, type Server } from '@brezza/contract';
import { useDeviceHealth } from '../api/get-alert-health';
import {
  buildHierarchy,
  type HierarchyLists,
  type RackNode,
  type RoomNode,
} from '../utils/hierarchy';
import { rollUpHealth } from '../utils/health-rollup';
import { markDevices } from '../utils/marks';
import { NO_MATCHES, NO_DEVICES, NO_DEVICES_IN_RACK, NO_RACKS, NO_ROOMS } from '../utils/messages';
import type { SortKey, SortState } from '../utils/sort';
import type { OpenDialog } from './dialogs/open-dialog';
import { RackDevices } from './rack-devices';
import { TREE_ROW_PX, TreeNode } from './tree-node';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { EXPAND_ALL_UP_TO } from '../hooks/use-expanded-nodes';

export interface HierarchyViewProps {
  lists: HierarchyLists;
  /** A search narrows `lists`: an empty tree says so. */
  filtered?: boolean;
  sort: SortState;
  onSort(key: SortKey): void;
  isExpanded(key: string): boolean;
  onToggle(key: string): void;
  onOpen(dialog: OpenDialog): void;
  onMoveServer(serverId: number, rackId: number): void;
}

/**
 * SPEC §2 Hierarchy view: datacenter → rooms → racks → a table of devices, with 'Unassigned'
 * groups for what has no parent. Only expanded nodes render their children, so a large
 * organisation costs what is open, not what exists.
 */
export function HierarchyView({
  lists,
  filtered = false,
  sort,
  onSort,
  isExpanded,
  onToggle,
  onOpen,
  onMoveServer,
}: HierarchyViewProps) {
  // Servers are sorted per rack as racks open, so that a sort change does not rebuild the tree.
  const tree = useMemo(() => {
    const built = buildHierarchy(lists);
    markDevices('devices:tree-built');
    return built;
  }, [lists]);
  const byId = useMemo(
    () => ({
      datacenters: new Map(lists.datacenters.map((dc) => [dc.id, dc])),
      rooms: new Map(lists.rooms.map((room) => [room.id, room])),
      racks: new Map(lists.racks.map((rack) => [rack.id, rack])),
    }),
    [lists],
  );

  const health = useDeviceHealth();
  // A node's dot is the worst of its devices' alerts.
  const rolledUp = useMemo(() => rollUpHealth(tree, health), [tree, health]);
  const nodeHealth = (node: { key: string }) => rolledUp.get(node.key) ?? HEALTHY;

  if (tree.length === 0) {
    return (
      <p className="px-2 py-10 text-center text-slate-500">{filtered ? NO_MATCHES : NO_DEVICES}</p>
    );
  }

  const editServer = (server: Server) => onOpen({ kind: 'edit-server', server });

  const rackNode = (rack: RackNode) => {
    const entity = rack.id === null ? undefined : byId.racks.get(rack.id);
    return (
      <TreeNode
        key={rack.key}
        kind="rack"
        name={rack.name}
        health={nodeHealth(rack)}
        count={rack.servers.length}
        emptyText={NO_DEVICES_IN_RACK}
        expanded={isExpanded(rack.key)}
        onToggle={() => onToggle(rack.key)}
        onEdit={entity && (() => onOpen({ kind: 'edit-rack', rack: entity }))}
        onDelete={entity && (() => onOpen({ kind: 'delete-rack', rack: entity }))}
        onDropServer={entity && ((serverId) => onMoveServer(serverId, entity.id))}
      >
        <RackDevices
          servers={rack.servers}
          health={health}
          sort={sort}
          onSort={onSort}
          onEdit={editServer}
        />
      </TreeNode>
    );
  };

  const roomNode = (room: RoomNode) => {
    const entity = room.id === null ? undefined : byId.rooms.get(room.id);
    return (
      <TreeNode
        key={room.key}
        kind="room"
        name={room.name}
        health={nodeHealth(room)}
        count={room.racks.length}
        emptyText={NO_RACKS}
        expanded={isExpanded(room.key)}
        onToggle={() => onToggle(room.key)}
        onEdit={entity && (() => onOpen({ kind: 'edit-room', room: entity }))}
        onDelete={entity && (() => onOpen({ kind: 'delete-room', room: entity }))}
      >
        <ul className="flex flex-col gap-0.5 py-0.5">{room.racks.map(rackNode)}</ul>
      </TreeNode>
    );
  };

  // In a large organisation (rooms start collapsed) a datacenter's rooms far below the first
  // screens render as the page scrolls to them: 100,000 servers make hundreds of room rows.
  const large = lists.servers.length > EXPAND_ALL_UP_TO;
  const eagerUntilPx = 2 * (typeof window === 'undefined' ? 800 : window.innerHeight);
  let offsetPx = 0;

  return (
    <ul className="flex flex-col gap-0.5" aria-label="Device hierarchy">
      {tree.map((dc) => {
        const entity = dc.id === null ? undefined : byId.datacenters.get(dc.id);
        const roomsHeightPx = dc.rooms.length * TREE_ROW_PX + 4;
        const eager = !large || offsetPx < eagerUntilPx;
        offsetPx += TREE_ROW_PX + (isExpanded(dc.key) ? roomsHeightPx : 0);
        return (
          <TreeNode
            key={dc.key}
            kind="datacenter"
            health={nodeHealth(dc)}
            name={dc.name}
            detail={dc.location}
            count={dc.rooms.length}
            emptyText={NO_ROOMS}
            expanded={isExpanded(dc.key)}
            onToggle={() => onToggle(dc.key)}
            onEdit={entity && (() => onOpen({ kind: 'edit-datacenter', datacenter: entity }))}
            onDelete={entity && (() => onOpen({ kind: 'delete-datacenter', datacenter: entity }))}
          >
            <RenderWhenNear heightPx={roomsHeightPx} eager={eager}>
              <ul className="flex flex-col gap-0.5 py-0.5">{dc.rooms.map(roomNode)}</ul>
            </RenderWhenNear>
          </TreeNode>
        );
      })}
    </ul>
  );
}
