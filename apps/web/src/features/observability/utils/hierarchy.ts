import type { Datacenter, Rack, Room, Server, ScopeType } from '@brezza/contract';

/**
 * The organisation's hierarchy as the drill-down reads it: each scope's name, parent, children
 * and servers. Pure functions over the four lists.
 */
export interface Hierarchy {
  servers: Server[];
  datacenters: Datacenter[];
  rooms: Room[];
  racks: Rack[];
}

export type Scope =
  { type: 'organisation' } | { type: Exclude<ScopeType, 'organisation'>; id: number };

export const buildHierarchy = (lists: Hierarchy): Hierarchy => lists;

export interface Crumb {
  scope: Scope;
  name: string;
}

function rackOf(h: Hierarchy, id: number | null) {
  return id === null ? undefined : h.racks.find((rack) => rack.id === id);
}
function roomOf(h: Hierarchy, id: number | null) {
  return id === null ? undefined : h.rooms.find((room) => room.id === id);
}
function datacenterOf(h: Hierarchy, id: number | null) {
  return id === null ? undefined : h.datacenters.find((datacenter) => datacenter.id === id);
}

/** The scope's name, or undefined when it is not in the organisation (deleted, mistyped). */
export function scopeName(h: Hierarchy, scope: Scope): string | undefined {
  switch (scope.type) {
    case 'organisation':
      return 'All datacenters';
    case 'datacenter':
      return datacenterOf(h, scope.id)?.name;
    case 'room':
      return roomOf(h, scope.id)?.name;
    case 'rack':
      return rackOf(h, scope.id)?.name;
    case 'server':
      return h.servers.find((server) => server.id === scope.id)?.serverName;
  }
}

/** From the organisation down to the scope, for the breadcrumb. */
export function breadcrumbs(h: Hierarchy, scope: Scope): Crumb[] {
  const trail: Crumb[] = [];
  let rackId: number | null = null;
  let roomId: number | null = null;
  let datacenterId: number | null = null;
  if (scope.type === 'server') {
    const server = h.servers.find((one) => one.id === scope.id);
    rackId = server?.rackId ?? null;
  }
  if (scope.type === 'rack') rackId = scope.id;
  if (rackId !== null) roomId = rackOf(h, rackId)?.roomId ?? null;
  if (scope.type === 'room') roomId = scope.id;
  if (roomId !== null) datacenterId = roomOf(h, roomId)?.datacenterId ?? null;
  if (scope.type === 'datacenter') datacenterId = scope.id;

  trail.push({ scope: { type: 'organisation' }, name: 'Organisation' });
  const datacenter = datacenterOf(h, datacenterId);
  if (datacenter)
    trail.push({ scope: { type: 'datacenter', id: datacenter.id }, name: datacenter.name });
  const room = roomOf(h, roomId);
  if (room) trail.push({ scope: { type: 'room', id: room.id }, name: room.name });
  const rack = rackOf(h, rackId);
  if (rack) trail.push({ scope: { type: 'rack', id: rack.id }, name: rack.name });
  if (scope.type === 'server') {
    const name = scopeName(h, scope);
    if (name !== undefined) trail.push({ scope, name });
  }
  return trail;
}

/** The scopes one level down, which the page links to. */
export function childScopes(h: Hierarchy, scope: Scope): Crumb[] {
  switch (scope.type) {
    case 'organisation':
      return h.datacenters.map((d) => ({ scope: { type: 'datacenter', id: d.id }, name: d.name }));
    case 'datacenter':
      return h.rooms
        .filter((room) => room.datacenterId === scope.id)
        .map((room) => ({ scope: { type: 'room', id: room.id }, name: room.name }));
    case 'room':
      return h.racks
        .filter((rack) => rack.roomId === scope.id)
        .map((rack) => ({ scope: { type: 'rack', id: rack.id }, name: rack.name }));
    case 'rack':
      return h.servers
        .filter((server) => server.rackId === scope.id)
        .map((server) => ({ scope: { type: 'server', id: server.id }, name: server.serverName }));
    case 'server':
      return [];
  }
}

/** The servers a scope holds. */
export function serversIn(h: Hierarchy, scope: Scope): Server[] {
  switch (scope.type) {
    case 'organisation':
      return h.servers;
    case 'server':
      return h.servers.filter((server) => server.id === scope.id);
    case 'rack':
      return h.servers.filter((server) => server.rackId === scope.id);
    case 'room': {
      const racks = new Set(h.racks.filter((r) => r.roomId === scope.id).map((r) => r.id));
      return h.servers.filter((server) => server.rackId !== null && racks.has(server.rackId));
    }
    case 'datacenter': {
      const rooms = new Set(h.rooms.filter((r) => r.datacenterId === scope.id).map((r) => r.id));
      const racks = new Set(
        h.racks.filter((r) => r.roomId !== null && rooms.has(r.roomId)).map((r) => r.id),
      );
      return h.servers.filter((server) => server.rackId !== null && racks.has(server.rackId));
    }
  }
}

/** What a scope's servers are grouped by on its page: the level below it. */
export function groupByFor(scope: Scope): 'datacenter' | 'room' | 'rack' | 'server' {
  switch (scope.type) {
    case 'organisation':
      return 'datacenter';
    case 'datacenter':
      return 'room';
    case 'room':
      return 'rack';
    default:
      return 'server';
  }
}
