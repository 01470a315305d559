import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import {
  HEALTHY,
  type AlertHealth,
  type Datacenter,
  type Rack,
  type Room,
  type Server,
} from '@brezza/contract';
import { useDeviceHealth } from '../api/get-alert-health';
import {
  buildHierarchy,
  type DatacenterNode,
  type HierarchyLists,
  type RackNode,
  type RoomNode,
} from '../utils/hierarchy';
import { shareTree } from '../utils/share-tree';
import { patchHierarchy } from '../utils/patch-hierarchy';
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

/** What every row needs besides its node: stable callbacks and lookups the rows compare. */
interface RowContext extends Pick<
  HierarchyViewProps,
  'sort' | 'onSort' | 'isExpanded' | 'onToggle' | 'onOpen' | 'onMoveServer'
> {
  onEditServer(server: Server): void;
  /** Each device's health, for the rack tables. */
  deviceHealth: ReadonlyMap<number, AlertHealth>;
  /** Each node's rolled-up health, by node key (absent: healthy). */
  nodeHealth: ReadonlyMap<string, AlertHealth>;
  entities: Entities;
}

interface Entities {
  datacenters: ReadonlyMap<number, Datacenter>;
  rooms: ReadonlyMap<number, Room>;
  racks: ReadonlyMap<number, Rack>;
}

const healthOf = (context: RowContext, key: string) => context.nodeHealth.get(key) ?? HEALTHY;

/** What a row of any level gives its TreeNode from the context: its dot, and open or closed. */
const nodeState = (context: RowContext, key: string) => ({
  health: healthOf(context, key),
  expanded: context.isExpanded(key),
  onToggle: () => context.onToggle(key),
});

/** Whether two renders of a row would show the same: the node, and what the row looks up. */
/** Answers whether `check` holds for a row's node and every node below it. */
type NodeCheck = (key: string, kind: keyof Entities, id: number | null) => boolean;

function sameRow(a: RowContext, b: RowContext, nodes: (check: NodeCheck) => boolean): boolean {
  if (
    a.sort !== b.sort ||
    a.onSort !== b.onSort ||
    a.isExpanded !== b.isExpanded ||
    a.onToggle !== b.onToggle ||
    a.onOpen !== b.onOpen ||
    a.onMoveServer !== b.onMoveServer ||
    a.onEditServer !== b.onEditServer ||
    a.deviceHealth !== b.deviceHealth
  ) {
    return false;
  }
  return nodes(
    (key, kind, id) =>
      healthOf(a, key) === healthOf(b, key) &&
      (id === null || a.entities[kind].get(id) === b.entities[kind].get(id)),
  );
}

// Walked without building a list: a datacenter row is compared on every change of the page, and
// holds thousands of racks in a large organisation.
const rackNodes = (rack: RackNode, check: NodeCheck) => check(rack.key, 'racks', rack.id);
const roomNodes = (room: RoomNode, check: NodeCheck) =>
  check(room.key, 'rooms', room.id) && room.racks.every((rack) => rackNodes(rack, check));

const RackRow = memo(
  function RackRow({ rack, context }: { rack: RackNode; context: RowContext }) {
    const { onOpen, onMoveServer } = context;
    const entity = rack.id === null ? undefined : context.entities.racks.get(rack.id);
    return (
      <TreeNode
        kind="rack"
        name={rack.name}
        {...nodeState(context, rack.key)}
        count={rack.servers.length}
        emptyText={NO_DEVICES_IN_RACK}
        onEdit={entity && (() => onOpen({ kind: 'edit-rack', rack: entity }))}
        onDelete={entity && (() => onOpen({ kind: 'delete-rack', rack: entity }))}
        onDropServer={entity && ((serverId) => onMoveServer(serverId, entity.id))}
      >
        <RackDevices
          servers={rack.servers}
          health={context.deviceHealth}
          sort={context.sort}
          onSort={context.onSort}
          onEdit={context.onEditServer}
        />
      </TreeNode>
    );
  },
  (a, b) => a.rack === b.rack && sameRow(a.context, b.context, (check) => rackNodes(b.rack, check)),
);

const RoomRow = memo(
  function RoomRow({ room, context }: { room: RoomNode; context: RowContext }) {
    const { onOpen } = context;
    const entity = room.id === null ? undefined : context.entities.rooms.get(room.id);
    return (
      <TreeNode
        kind="room"
        name={room.name}
        {...nodeState(context, room.key)}
        count={room.racks.length}
        emptyText={NO_RACKS}
        onEdit={entity && (() => onOpen({ kind: 'edit-room', room: entity }))}
        onDelete={entity && (() => onOpen({ kind: 'delete-room', room: entity }))}
      >
        <ul className="flex flex-col gap-0.5 py-0.5">
          {room.racks.map((rack) => (
            <RackRow key={rack.key} rack={rack} context={context} />
          ))}
        </ul>
      </TreeNode>
    );
  },
  (a, b) => a.room === b.room && sameRow(a.context, b.context, (check) => roomNodes(b.room, check)),
);

const DatacenterRow = memo(
  function DatacenterRow({
    datacenter: dc,
    eager,
    context,
  }: {
    datacenter: DatacenterNode;
    /** Rooms render at once, else when the row nears the viewport (RenderWhenNear). */
    eager: boolean;
    context: RowContext;
  }) {
    const { onOpen } = context;
    const entity = dc.id === null ? undefined : context.entities.datacenters.get(dc.id);
    return (
      <TreeNode
        kind="datacenter"
        {...nodeState(context, dc.key)}
        name={dc.name}
        detail={dc.location}
        count={dc.rooms.length}
        emptyText={NO_ROOMS}
        onEdit={entity && (() => onOpen({ kind: 'edit-datacenter', datacenter: entity }))}
        onDelete={entity && (() => onOpen({ kind: 'delete-datacenter', datacenter: entity }))}
      >
        <RenderWhenNear height={roomsHeight(dc)} eager={eager}>
          <ul className="flex flex-col gap-0.5 py-0.5">
            {dc.rooms.map((room) => (
              <RoomRow key={room.key} room={room} context={context} />
            ))}
          </ul>
        </RenderWhenNear>
      </TreeNode>
    );
  },
  (a, b) =>
    a.datacenter === b.datacenter &&
    a.eager === b.eager &&
    sameRow(
      a.context,
      b.context,
      (check) =>
        check(b.datacenter.key, 'datacenters', b.datacenter.id) &&
        b.datacenter.rooms.every((room) => roomNodes(room, check)),
    ),
);

// Rows with their gaps, and the list's padding (4 px) less the last row's gap (2 px).
const roomsHeightPx = (dc: DatacenterNode) => dc.rooms.length * TREE_ROW_PX + 2;
/** The same for the screen at hand (a room row is taller on a phone). */
const roomsHeight = (dc: DatacenterNode) => `calc(${dc.rooms.length} * var(--tree-row-px) + 2px)`;

/**
 * SPEC §2 Hierarchy view: datacenter → rooms → racks → a table of devices, with 'Unassigned'
 * groups for what has no parent. Only expanded nodes render their children, so a large
 * organisation costs what is open, not what exists; and a change renders again only the rows
 * it touched (the tree keeps unchanged nodes, `shareTree`, and rows are memoised on them).
 */
export function HierarchyView({ lists, filtered = false, ...rowProps }: HierarchyViewProps) {
  const { isExpanded, onOpen } = rowProps;
  // Servers are sorted per rack as racks open, so that a sort change does not rebuild the tree.
  // A move patches the tree of the lists before it; anything else builds it again.
  const previous = useRef<{ lists: HierarchyLists; tree: DatacenterNode[] } | null>(null);
  const tree = useMemo(() => {
    const before = previous.current;
    const built =
      (before && patchHierarchy(before.lists, before.tree, lists)) ??
      shareTree(before?.tree ?? null, buildHierarchy(lists));
    markDevices('devices:tree-built');
    return built;
  }, [lists]);
  useEffect(() => {
    previous.current = { lists, tree };
  }, [lists, tree]);
  const entities = useMemo<Entities>(
    () => ({
      datacenters: new Map(lists.datacenters.map((dc) => [dc.id, dc])),
      rooms: new Map(lists.rooms.map((room) => [room.id, room])),
      racks: new Map(lists.racks.map((rack) => [rack.id, rack])),
    }),
    [lists],
  );
  const deviceHealth = useDeviceHealth();
  // A node's dot is the worst of its devices' alerts.
  const nodeHealth = useMemo(() => rollUpHealth(tree, deviceHealth), [tree, deviceHealth]);
  const onEditServer = useCallback(
    (server: Server) => onOpen({ kind: 'edit-server', server }),
    [onOpen],
  );
  // A new object each render is fine: rows compare its fields (`sameRow`), not the object.
  const context: RowContext = { ...rowProps, onEditServer, deviceHealth, nodeHealth, entities };

  if (tree.length === 0) {
    return (
      <p className="px-2 py-10 text-center text-slate-500">{filtered ? NO_MATCHES : NO_DEVICES}</p>
    );
  }

  // In a large organisation (rooms start collapsed) a datacenter's rooms far below the first
  // screens render as the page scrolls to them: 100,000 servers make hundreds of room rows.
  const large = lists.servers.length > EXPAND_ALL_UP_TO;
  const eagerUntilPx = 2 * (typeof window === 'undefined' ? 800 : window.innerHeight);
  let offsetPx = 0;

  return (
    <ul className="flex flex-col gap-0.5" aria-label="Device hierarchy">
      {tree.map((dc) => {
        const eager = !large || offsetPx < eagerUntilPx;
        offsetPx += TREE_ROW_PX + (isExpanded(dc.key) ? roomsHeightPx(dc) : 0);
        return <DatacenterRow key={dc.key} datacenter={dc} eager={eager} context={context} />;
      })}
    </ul>
  );
}
