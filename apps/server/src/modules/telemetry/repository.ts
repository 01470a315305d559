import type { Kysely } from 'kysely';
import type { ScopeType } from '@brezza/contract';
import type { DB } from '../../db/schema.js';

/** A device of the organisation with its place in the current hierarchy (null: unassigned). */
export interface PlacedDevice {
  id: number;
  name: string;
  rackId: number | null;
  rackName: string | null;
  roomId: number | null;
  roomName: string | null;
  datacenterId: number | null;
  datacenterName: string | null;
}

export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;

/** SQL of the telemetry API: where each device is in the hierarchy, and whether a scope exists. */
export function createTelemetryRepository(db: Kysely<DB>) {
  return {
    async placedDevices(organisationId: number): Promise<PlacedDevice[]> {
      return db
        .selectFrom('servers as s')
        .leftJoin('racks as r', 'r.id', 's.rack_id')
        .leftJoin('rooms as ro', 'ro.id', 'r.room_id')
        .leftJoin('datacenters as d', 'd.id', 'ro.datacenter_id')
        .select([
          's.id as id',
          's.server_name as name',
          'r.id as rackId',
          'r.name as rackName',
          'ro.id as roomId',
          'ro.name as roomName',
          'd.id as datacenterId',
          'd.name as datacenterName',
        ])
        .where('s.organisation_id', '=', organisationId)
        .orderBy('s.id')
        .execute();
    },

    /** Whether the datacenter, room, rack or server is the organisation's. */
    async scopeExists(
      organisationId: number,
      type: Exclude<ScopeType, 'organisation'>,
      id: number,
    ) {
      const table = (
        { datacenter: 'datacenters', room: 'rooms', rack: 'racks', server: 'servers' } as const
      )[type];
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deviceIdsIn(organisationId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('servers')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
