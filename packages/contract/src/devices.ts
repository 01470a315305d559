import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits.js';
import { personText } from './person-text.js';

/**
 * The hierarchy API (SPEC §3, §5, §7, §8): datacenter → room → rack → server, every row scoped to
 * the caller's organisation. Parents are optional: a room without a datacenter, a rack without a
 * room and a server without a rack are "unassigned" (standalone). Its addresses are in
 * hierarchy-paths.ts.
 */

/** Ids are positive whole numbers that fit a 32-bit integer column on both databases. */
export const ID_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Entities, as the list and write calls answer them.

const id = z.number().int().positive();
const parentId = id.nullable();

export const serverSchema = z.object({
  id,
  serverName: z.string(),
  /** Empty when the agent did not report a public address. */
  publicIpv4: z.string(),
  machineId: z.string(),
  rackId: parentId,
  /** Shown as 'Server' when null (SPEC §3). */
  deviceTypeId: parentId,
  /** 'server', 'pcdu' or 'pdu' (issue 12); the Type column shows DEVICE_TYPE_LABELS. */
  deviceType: z.enum(['server', 'pcdu', 'pdu']),
  /** A pCDU placed in a room without a rack; null for everything else. */
  roomId: parentId,
  /** Names along the server's path, for the table view; null where it is unassigned. */
  rackName: z.string().nullable(),
  roomName: z.string().nullable(),
  datacenterName: z.string().nullable(),
});
export type Server = z.infer<typeof serverSchema>;

export const datacenterSchema = z.object({ id, name: z.string(), location: z.string() });
export type Datacenter = z.infer<typeof datacenterSchema>;

export const roomSchema = z.object({ id, name: z.string(), datacenterId: parentId });
export type Room = z.infer<typeof roomSchema>;

export const rackSchema = z.object({ id, name: z.string(), roomId: parentId });
export type Rack = z.infer<typeof rackSchema>;

export const serversListSchema = z.object({ servers: z.array(serverSchema) });
export type ServersList = z.infer<typeof serversListSchema>;
export const datacentersListSchema = z.object({ datacenters: z.array(datacenterSchema) });
export type DatacentersList = z.infer<typeof datacentersListSchema>;
export const roomsListSchema = z.object({ rooms: z.array(roomSchema) });
export type RoomsList = z.infer<typeof roomsListSchema>;
export const racksListSchema = z.object({ racks: z.array(rackSchema) });
export type RacksList = z.infer<typeof racksListSchema>;

// ---------------------------------------------------------------------------------------------
// Write bodies (SPEC §5). The same schemas validate the dialogs and the server.

export const DATACENTER_REQUIRED = 'Name and location are required.';
export const ROOM_NAME_REQUIRED = 'Room name is required.';
export const RACK_NAME_REQUIRED = 'Rack name is required.';
export const SERVER_NAME_REQUIRED = 'Server name is required.';

/** Trimmed, non-empty, at most NAME_MAX_LENGTH characters, printable, well-formed text. */
const requiredText = (label: string, requiredMessage: string) =>
  personText(label, requiredMessage, NAME_MAX_LENGTH);

/** A parent id: a positive whole number, or null (or absent) for "unassigned". */
function optionalParentId(field: string) {
  return z
    .number({ error: `${field} must be a whole number or null.` })
    .int(`${field} must be a whole number or null.`)
    .positive(`${field} must be a whole number or null.`)
    .nullish()
    .transform((value) => value ?? null);
}

export const datacenterBodySchema = z.object({
  name: requiredText('Name', DATACENTER_REQUIRED),
  location: requiredText('Location', DATACENTER_REQUIRED),
});
export type DatacenterBody = z.input<typeof datacenterBodySchema>;

/** POST and PUT: a missing `datacenterId` makes the room standalone. */
export const roomBodySchema = z.object({
  name: requiredText('Room name', ROOM_NAME_REQUIRED),
  datacenterId: optionalParentId('datacenterId'),
});
export type RoomBody = z.input<typeof roomBodySchema>;

/** POST and PUT: a missing `roomId` makes the rack standalone. */
export const rackBodySchema = z.object({
  name: requiredText('Rack name', RACK_NAME_REQUIRED),
  roomId: optionalParentId('roomId'),
});
export type RackBody = z.input<typeof rackBodySchema>;

/**
 * PUT /api/servers/{id}: `{ rackId }` moves the server and keeps its name; `{ serverName,
 * rackId? }` is the edit dialog, where a missing `rackId` leaves the server unassigned.
 */
export const serverUpdateBodySchema = z
  .object({ serverName: z.unknown().optional(), rackId: z.unknown().optional() })
  .transform((body, ctx) => {
    const rackId = optionalParentId('rackId').safeParse(body.rackId);
    const isMove = body.serverName === undefined && body.rackId !== undefined;
    const serverName = isMove
      ? null
      : requiredText('Server name', SERVER_NAME_REQUIRED).safeParse(body.serverName);
    const failed = [serverName, rackId].find((result) => result && !result.success);
    if (failed?.error) {
      ctx.addIssue({ code: 'custom', message: failed.error.issues[0]?.message ?? 'Invalid body.' });
      return z.NEVER;
    }
    return { serverName: serverName?.data ?? null, rackId: rackId.data ?? null };
  });
/**
 * The two bodies serverUpdateBodySchema accepts, as a schema an outside client can read (the
 * OpenAPI document): a move (`rackId` only), or an edit (`serverName`, with `rackId` optional).
 */
export const serverUpdateBodyShapesSchema = z.union([
  z.object({ rackId: parentId, serverName: z.never().optional() }),
  z.object({
    serverName: requiredText('Server name', SERVER_NAME_REQUIRED),
    rackId: optionalParentId('rackId'),
  }),
]);
/** What the dialogs send: a move, or an edit (`rackId` left out for "Unassigned"). */
export type ServerUpdateBody = { rackId: number | null } | { serverName: string; rackId?: number };
/** Parsed: `serverName` null means "keep the name" (a move). */
export type ServerUpdate = z.output<typeof serverUpdateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §8). The server's `error` wins; these are the fallbacks, by status.

export type HierarchyEntity = 'datacenter' | 'room' | 'rack';
export type HierarchyList = 'servers' | 'datacenters' | 'rooms' | 'racks';

export const loadFailedMessage = (list: HierarchyList, status: number | string) =>
  `Failed to fetch ${list}: ${status}`;
export const createFailedMessage = (entity: HierarchyEntity, status: number | string) =>
  `Failed to create ${entity}: ${status}`;
export const updateFailedMessage = (entity: HierarchyEntity | 'server', status: number | string) =>
  `Failed to update ${entity}: ${status}`;
export const deleteFailedMessage = (entity: HierarchyEntity, status: number | string) =>
  `Failed to delete ${entity}: ${status}`;

export const notFoundMessage = (entity: HierarchyEntity | 'server') =>
  `${entity[0]!.toUpperCase()}${entity.slice(1)} not found.`;
