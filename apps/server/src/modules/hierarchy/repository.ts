import type { Kysely } from 'kysely';
import {
  encodeColumn,
  type Datacenter,
  type Rack,
  type Room,
  type Server,
  type ServerColumns,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';
import { randomToken } from '../../lib/secrets.js';

/**
 * SQL for the hierarchy. Every query is scoped by organisation; callers pass the executor (the
 * database or an open transaction) so that a write and its stamp change commit together.
 */
export type Executor = Kysely<DB>;

const newStamp = () => randomToken(9);

/**
 * Replaces the organisation's hierarchy stamp. Call it in the same transaction as every write
 * that changes what a list call answers: every server instance then sees its cached lists and
 * the browsers' ETags as stale.
 */
export async function markHierarchyChanged(db: Executor, organisationId: number): Promise<void> {
  await db
    .insertInto('hierarchy_versions')
    .values({ organisation_id: organisationId, stamp: newStamp() })
    .onConflict((oc) =>
      oc.column('organisation_id').doUpdateSet((eb) => ({ stamp: eb.ref('excluded.stamp') })),
    )
    .execute();
}

const serverColumns = [
  's.id as id',
  's.server_name as serverName',
  's.public_ipv4 as publicIpv4',
  's.machine_id as machineId',
  's.rack_id as rackId',
  's.device_type_id as deviceTypeId',
  's.device_type as deviceType',
  's.room_id as roomId',
  'rk.name as rackName',
  'rm.name as roomName',
  'dc.name as datacenterName',
] as const;

export function createHierarchyRepository(db: Executor) {
  /** Servers with the names along their path; parents are joined within the organisation only. */
  const serversQuery = (organisationId: number) =>
    db
      .selectFrom('servers as s')
      .leftJoin('racks as rk', (join) =>
        join.onRef('rk.id', '=', 's.rack_id').on('rk.organisation_id', '=', organisationId),
      )
      // A server's room is its rack's; a pCDU placed in a room without a rack has its own.
      .leftJoin('rooms as rm', (join) =>
        join
          .on((eb) => eb('rm.id', '=', eb.fn.coalesce('rk.room_id', 's.room_id')))
          .on('rm.organisation_id', '=', organisationId),
      )
      .leftJoin('datacenters as dc', (join) =>
        join.onRef('dc.id', '=', 'rm.datacenter_id').on('dc.organisation_id', '=', organisationId),
      )
      .select(serverColumns)
      .where('s.organisation_id', '=', organisationId);

  return {
    /** The current stamp, created on first read so that an ETag never outlives its database. */
    async stamp(organisationId: number): Promise<string> {
      const read = () =>
        db
          .selectFrom('hierarchy_versions')
          .select('stamp')
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst();
      const row = await read();
      if (row) return row.stamp;
      await db
        .insertInto('hierarchy_versions')
        .values({ organisation_id: organisationId, stamp: newStamp() })
        .onConflict((oc) => oc.column('organisation_id').doNothing())
        .execute();
      return (await read())!.stamp;
    },

    listServers(organisationId: number): Promise<Server[]> {
      return serversQuery(organisationId).orderBy('s.id').execute();
    },

    /** The servers as one array per field, for `?encoding=columns`; no joins, no objects. */
    async listServerColumns(organisationId: number): Promise<ServerColumns> {
      const rows = await db
        .selectFrom('servers')
        .select([
          'id',
          'server_name',
          'public_ipv4',
          'machine_id',
          'rack_id',
          'device_type_id',
          'device_type',
          'room_id',
          'last_seen_at',
        ])
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
      const count = rows.length;
      const id = new Array<number>(count);
      const serverName = new Array<string>(count);
      const publicIpv4 = new Array<string>(count);
      const machineId = new Array<string>(count);
      const rackId = new Array<number | null>(count);
      const deviceTypeId = new Array<number | null>(count);
      const deviceType = new Array<Server['deviceType']>(count);
      const roomId = new Array<number | null>(count);
      const lastSeenAt = new Array<string | null>(count);
      for (let i = 0; i < count; i += 1) {
        const row = rows[i]!;
        id[i] = row.id;
        serverName[i] = row.server_name;
        publicIpv4[i] = row.public_ipv4;
        machineId[i] = row.machine_id;
        rackId[i] = row.rack_id;
        deviceTypeId[i] = row.device_type_id;
        deviceType[i] = row.device_type;
        roomId[i] = row.room_id;
        lastSeenAt[i] = row.last_seen_at;
      }
      // Most servers have no device type id, no room of their own and are plain servers: those
      // columns go sparse (and last seen, in an organisation whose servers never reported).
      return {
        count,
        columns: {
          id,
          serverName,
          publicIpv4,
          machineId,
          rackId,
          deviceTypeId: encodeColumn(deviceTypeId, null),
          deviceType: encodeColumn(deviceType, 'server'),
          roomId: encodeColumn(roomId, null),
          lastSeenAt: encodeColumn(lastSeenAt, null),
        },
      };
    },

    findServer(organisationId: number, id: number): Promise<Server | undefined> {
      return serversQuery(organisationId).where('s.id', '=', id).executeTakeFirst();
    },

    listDatacenters(organisationId: number): Promise<Datacenter[]> {
      return db
        .selectFrom('datacenters')
        .select(['id', 'name', 'location'])
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
    },

    listRooms(organisationId: number): Promise<Room[]> {
      return db
        .selectFrom('rooms')
        .select(['id', 'name', 'datacenter_id as datacenterId'])
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
    },

    listRacks(organisationId: number): Promise<Rack[]> {
      return db
        .selectFrom('racks')
        .select(['id', 'name', 'room_id as roomId'])
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute();
    },

    /** A container's row as the API names its fields, for the audit log's before/after. */
    async findContainer(
      table: 'datacenters' | 'rooms' | 'racks',
      organisationId: number,
      id: number,
    ): Promise<(Record<string, unknown> & { name: string }) | undefined> {
      const row = (await db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()) as
        | {
            name: string;
            location?: string;
            datacenter_id?: number | null;
            room_id?: number | null;
          }
        | undefined;
      if (!row) return undefined;
      if (table === 'datacenters') return { name: row.name, location: row.location };
      if (table === 'rooms') return { name: row.name, datacenterId: row.datacenter_id ?? null };
      return { name: row.name, roomId: row.room_id ?? null };
    },

    /** Whether a row of `table` with this id belongs to the organisation. */
    async owns(
      table: 'datacenters' | 'rooms' | 'racks' | 'servers',
      organisationId: number,
      id: number,
    ): Promise<boolean> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    insertDatacenter(organisationId: number, values: { name: string; location: string }) {
      const now = nowIso();
      return db
        .insertInto('datacenters')
        .values({ organisation_id: organisationId, ...values, created_at: now, updated_at: now })
        .returning(['id', 'name', 'location'])
        .executeTakeFirstOrThrow();
    },

    updateDatacenter(
      organisationId: number,
      id: number,
      values: { name: string; location: string },
    ): Promise<Datacenter | undefined> {
      return db
        .updateTable('datacenters')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .returning(['id', 'name', 'location'])
        .executeTakeFirst();
    },

    insertRoom(organisationId: number, values: { name: string; datacenterId: number | null }) {
      const now = nowIso();
      return db
        .insertInto('rooms')
        .values({
          organisation_id: organisationId,
          name: values.name,
          datacenter_id: values.datacenterId,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name', 'datacenter_id as datacenterId'])
        .executeTakeFirstOrThrow();
    },

    updateRoom(
      organisationId: number,
      id: number,
      values: { name: string; datacenterId: number | null },
    ): Promise<Room | undefined> {
      return db
        .updateTable('rooms')
        .set({ name: values.name, datacenter_id: values.datacenterId, updated_at: nowIso() })
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .returning(['id', 'name', 'datacenter_id as datacenterId'])
        .executeTakeFirst();
    },

    insertRack(organisationId: number, values: { name: string; roomId: number | null }) {
      const now = nowIso();
      return db
        .insertInto('racks')
        .values({
          organisation_id: organisationId,
          name: values.name,
          room_id: values.roomId,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name', 'room_id as roomId'])
        .executeTakeFirstOrThrow();
    },

    updateRack(
      organisationId: number,
      id: number,
      values: { name: string; roomId: number | null },
    ): Promise<Rack | undefined> {
      return db
        .updateTable('racks')
        .set({ name: values.name, room_id: values.roomId, updated_at: nowIso() })
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .returning(['id', 'name', 'room_id as roomId'])
        .executeTakeFirst();
    },

    /** `serverName` null keeps the name (a move). Answers whether a row changed. */
    async updateServer(
      organisationId: number,
      id: number,
      values: { serverName: string | null; rackId: number | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('servers')
        .set({
          ...(values.serverName === null ? {} : { server_name: values.serverName }),
          rack_id: values.rackId,
          // Put in a rack, a pCDU leaves the room it stood in (the rack says where it is now).
          ...(values.rackId === null ? {} : { room_id: null }),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Deletes a container after unassigning its children explicitly: the schema's ON DELETE SET
     * NULL says the same, but this way the rule holds even on a connection without foreign keys.
     */
    async deleteContainer(
      table: 'datacenters' | 'rooms' | 'racks',
      organisationId: number,
      id: number,
    ): Promise<boolean> {
      const now = nowIso();
      if (table === 'datacenters') {
        await db
          .updateTable('rooms')
          .set({ datacenter_id: null, updated_at: now })
          .where('datacenter_id', '=', id)
          .where('organisation_id', '=', organisationId)
          .execute();
      } else if (table === 'rooms') {
        await db
          .updateTable('racks')
          .set({ room_id: null, updated_at: now })
          .where('room_id', '=', id)
          .where('organisation_id', '=', organisationId)
          .execute();
        await db
          .updateTable('servers')
          .set({ room_id: null, updated_at: now })
          .where('room_id', '=', id)
          .where('organisation_id', '=', organisationId)
          .execute();
      } else {
        await db
          .updateTable('servers')
          .set({ rack_id: null, updated_at: now })
          .where('rack_id', '=', id)
          .where('organisation_id', '=', organisationId)
          .execute();
      }
      const result = await db
        .deleteFrom(table)
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type HierarchyRepository = ReturnType<typeof createHierarchyRepository>;
