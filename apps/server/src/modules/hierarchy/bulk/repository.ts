import { nowIso } from '../../../db/columns.js';
import type { Executor } from '../repository.js';
import type { ImportPlan, Ref, Snapshot } from './plan.js';

/** Rows per INSERT or `IN (...)`: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** SQL of bulk import and export; every query scoped by organisation. */
export function createBulkRepository(db: Executor) {
  return {
    async snapshot(organisationId: number): Promise<Snapshot> {
      const [datacenters, rooms, racks, servers] = await Promise.all([
        db
          .selectFrom('datacenters')
          .select(['id', 'name', 'location'])
          .where('organisation_id', '=', organisationId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('rooms')
          .select(['id', 'name', 'datacenter_id as datacenterId'])
          .where('organisation_id', '=', organisationId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('racks')
          .select(['id', 'name', 'room_id as roomId'])
          .where('organisation_id', '=', organisationId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('servers')
          .select([
            'id',
            'server_name as serverName',
            'machine_id as machineId',
            'rack_id as rackId',
          ])
          .where('organisation_id', '=', organisationId)
          .orderBy('id')
          .execute(),
      ]);
      return { datacenters, rooms, racks, servers };
    },

    /** Writes a plan with no refused rows; run it in a transaction (all or nothing). */
    async apply(organisationId: number, plan: ImportPlan): Promise<void> {
      const now = nowIso();
      const stamps = { organisation_id: organisationId, created_at: now, updated_at: now };
      const insert = async <T>(
        rows: T[],
        write: (chunk: T[]) => Promise<{ id: number }[]>,
      ): Promise<number[]> => {
        const ids: number[] = [];
        for (const chunk of chunks(rows)) ids.push(...(await write(chunk)).map((row) => row.id));
        return ids;
      };
      const id = (ref: Ref | null, created: number[]) =>
        ref === null ? null : 'id' in ref ? ref.id : created[ref.created]!;

      const datacenterIds = await insert(plan.createDatacenters, (chunk) =>
        db
          .insertInto('datacenters')
          .values(chunk.map((d) => ({ ...stamps, name: d.name, location: d.location })))
          .returning('id')
          .execute(),
      );
      for (const update of plan.updateDatacenters) {
        await db
          .updateTable('datacenters')
          .set({ location: update.location, updated_at: now })
          .where('id', '=', update.id)
          .where('organisation_id', '=', organisationId)
          .execute();
      }
      const roomIds = await insert(plan.createRooms, (chunk) =>
        db
          .insertInto('rooms')
          .values(
            chunk.map((r) => ({
              ...stamps,
              name: r.name,
              datacenter_id: id(r.datacenter, datacenterIds),
            })),
          )
          .returning('id')
          .execute(),
      );
      const rackIds = await insert(plan.createRacks, (chunk) =>
        db
          .insertInto('racks')
          .values(chunk.map((r) => ({ ...stamps, name: r.name, room_id: id(r.room, roomIds) })))
          .returning('id')
          .execute(),
      );

      // Moves grouped by target rack, one UPDATE per 500 servers; renames one by one.
      const moves = new Map<number | null, number[]>();
      for (const update of plan.updateServers) {
        const rackId = id(update.rack, rackIds);
        if (update.serverName !== null) {
          await db
            .updateTable('servers')
            .set({ server_name: update.serverName, rack_id: rackId, updated_at: now })
            .where('id', '=', update.id)
            .where('organisation_id', '=', organisationId)
            .execute();
          continue;
        }
        const group = moves.get(rackId);
        if (group) group.push(update.id);
        else moves.set(rackId, [update.id]);
      }
      for (const [rackId, ids] of moves) {
        for (const chunk of chunks(ids)) {
          await db
            .updateTable('servers')
            .set({ rack_id: rackId, updated_at: now })
            .where('id', 'in', chunk)
            .where('organisation_id', '=', organisationId)
            .execute();
        }
      }
    },
  };
}
