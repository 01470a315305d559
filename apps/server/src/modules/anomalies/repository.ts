import { sql, type Kysely } from 'kysely';
import type { DeviceType } from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import type { Model } from './detector.js';

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

/** One series' trained models, as the detector made them. */
export interface StoredSeriesModels {
  deviceId: number;
  metric: string;
  labels: Record<string, string>;
  models: Model[];
}

/** Rows per insert: well under either database's limit on bound parameters. */
const INSERT_BATCH = 500;

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

    /**
     * Replaces the organisation's stored models with a training's, in one transaction: a restart
     * finds either the previous training's models or this one's, never a mix.
     */
    async replaceModels(
      organisationId: number,
      trainedAtMs: number,
      series: readonly StoredSeriesModels[],
    ): Promise<void> {
      const trainedAt = new Date(trainedAtMs).toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('anomaly_models')
          .where('organisation_id', '=', organisationId)
          .execute();
        for (let i = 0; i < series.length; i += INSERT_BATCH) {
          await trx
            .insertInto('anomaly_models')
            .values(
              series.slice(i, i + INSERT_BATCH).map((s) => ({
                organisation_id: organisationId,
                server_id: s.deviceId,
                metric: s.metric,
                labels: JSON.stringify(s.labels),
                models: JSON.stringify(s.models),
                trained_at: trainedAt,
              })),
            )
            .execute();
        }
      });
    },

    /** Every organisation's stored models, with when they were trained. */
    async models(): Promise<
      { organisationId: number; trainedAtMs: number; series: StoredSeriesModels[] }[]
    > {
      const rows = await db
        .selectFrom('anomaly_models')
        .select(['organisation_id', 'server_id', 'metric', 'labels', 'models', 'trained_at'])
        .orderBy('id')
        .execute();
      const byOrganisation = new Map<
        number,
        { organisationId: number; trainedAtMs: number; series: StoredSeriesModels[] }
      >();
      for (const row of rows) {
        const entry = byOrganisation.get(row.organisation_id) ?? {
          organisationId: row.organisation_id,
          trainedAtMs: Date.parse(row.trained_at),
          series: [],
        };
        entry.series.push({
          deviceId: row.server_id,
          metric: row.metric,
          labels: JSON.parse(row.labels) as Record<string, string>,
          models: JSON.parse(row.models) as Model[],
        });
        byOrganisation.set(row.organisation_id, entry);
      }
      return [...byOrganisation.values()];
    },

    /** Organisations, for the background jobs. */
    async organisationIds(): Promise<number[]> {
      const rows = await db.selectFrom('organisations').select('id').execute();
      return rows.map((row) => row.id);
    },
  };
}

export type AnomaliesRepository = ReturnType<typeof createAnomaliesRepository>;
