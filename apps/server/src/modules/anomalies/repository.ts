import { sql, type Kysely } from 'kysely';
import type { DeviceType } from '@brezza/contract';
import type { DB } from '../../db/schema.js';

/** A device with where it stands, as scopes select it. */
export interface PlacedDevice {
  id: number;
  name: string;
  type: DeviceType;
  rackId: number | null;
  roomId: number | null;
  roomName: string | null;
  datacenterId: number | null;
}

export type ScopeKind = 'datacenter' | 'room' | 'rack' | 'device';

const TABLES = {
  datacenter: 'datacenters',
  room: 'rooms',
  rack: 'racks',
  device: 'servers',
} as const;

export function createAnomaliesRepository(db: Kysely<DB>) {
  return {
    /** Every device of the organisation (servers, pCDUs, PDUs) with its rack, room and datacenter. */
    async devices(organisationId: number): Promise<PlacedDevice[]> {
      const rows = await db
        .selectFrom('servers as s')
        .leftJoin('racks as r', 'r.id', 's.rack_id')
        .leftJoin('rooms as rm', (join) =>
          join.on(sql`rm.id`, '=', sql`coalesce(r.room_id, s.room_id)`),
        )
        .select([
          's.id',
          's.server_name',
          's.device_type',
          's.rack_id',
          'rm.id as room_id',
          'rm.name as room_name',
          'rm.datacenter_id',
        ])
        .where('s.organisation_id', '=', organisationId)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.server_name,
        type: row.device_type as DeviceType,
        rackId: row.rack_id,
        roomId: row.room_id ?? null,
        roomName: row.room_name ?? null,
        datacenterId: row.datacenter_id ?? null,
      }));
    },

    /** Whether a datacenter, room, rack or device of this id belongs to the organisation. */
    async nodeExists(organisationId: number, kind: ScopeKind, id: number): Promise<boolean> {
      const row = await db
        .selectFrom(TABLES[kind])
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Organisations, for the background jobs. */
    async organisationIds(): Promise<number[]> {
      const rows = await db.selectFrom('organisations').select('id').execute();
      return rows.map((row) => row.id);
    },
  };
}

export type AnomaliesRepository = ReturnType<typeof createAnomaliesRepository>;
