import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';

export interface Place {
  id: number;
  name: string;
}
export interface RoomPlace extends Place {
  datacenterId: number | null;
}
export interface RackPlace extends Place {
  roomId: number | null;
}
export interface DevicePlace extends Place {
  type: 'server' | 'pcdu' | 'pdu';
  rackId: number | null;
  /** A pCDU standing in a room without a rack. */
  roomId: number | null;
}

/** An organisation's sites and devices: what the efficiency figures are summed over. */
export interface Layout {
  datacenters: Place[];
  rooms: RoomPlace[];
  racks: RackPlace[];
  devices: DevicePlace[];
}

export interface FacilityMeterRow {
  datacenterId: number;
  declaredPue: number | null;
  facilityMeterDeviceId: number | null;
}

/** Reads the hierarchy the efficiency figures need, and the datacenters' PUE settings. */
export function createEfficiencyRepository(db: Kysely<DB>) {
  return {
    async layout(organisationId: number): Promise<Layout> {
      const [datacenters, rooms, racks, devices] = await Promise.all([
        db
          .selectFrom('datacenters')
          .select(['id', 'name'])
          .where('organisation_id', '=', organisationId)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('rooms')
          .select(['id', 'name', 'datacenter_id'])
          .where('organisation_id', '=', organisationId)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('racks')
          .select(['id', 'name', 'room_id'])
          .where('organisation_id', '=', organisationId)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('servers')
          .select(['id', 'server_name', 'device_type', 'rack_id', 'room_id'])
          .where('organisation_id', '=', organisationId)
          .orderBy('id')
          .execute(),
      ]);
      return {
        datacenters,
        rooms: rooms.map((r) => ({ id: r.id, name: r.name, datacenterId: r.datacenter_id })),
        racks: racks.map((r) => ({ id: r.id, name: r.name, roomId: r.room_id })),
        devices: devices.map((d) => ({
          id: d.id,
          name: d.server_name,
          type: d.device_type,
          rackId: d.rack_id,
          roomId: d.room_id,
        })),
      };
    },

    async facilityMeters(organisationId: number): Promise<FacilityMeterRow[]> {
      const rows = await db
        .selectFrom('efficiency_settings')
        .select(['datacenter_id', 'declared_pue', 'facility_meter_device_id'])
        .where('organisation_id', '=', organisationId)
        .execute();
      return rows.map((row) => ({
        datacenterId: row.datacenter_id,
        declaredPue: row.declared_pue === null ? null : Number(row.declared_pue),
        facilityMeterDeviceId: row.facility_meter_device_id,
      }));
    },

    async saveFacilityMeter(organisationId: number, row: FacilityMeterRow): Promise<void> {
      const values = {
        declared_pue: row.declaredPue,
        facility_meter_device_id: row.facilityMeterDeviceId,
        updated_at: nowIso(),
      };
      await db
        .insertInto('efficiency_settings')
        .values({ datacenter_id: row.datacenterId, organisation_id: organisationId, ...values })
        .onConflict((oc) => oc.column('datacenter_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type EfficiencyRepository = ReturnType<typeof createEfficiencyRepository>;
