import type { Kysely, Selectable } from 'kysely';
import type { DB, EquipmentCommandsTable } from '../../db/schema.js';

export type CommandRow = Selectable<EquipmentCommandsTable>;

export interface EquipmentRow {
  id: number;
  organisationId: number;
  type: 'pcdu' | 'pdu';
  name: string;
  profile: string;
  host: string;
  port: number;
  unitId: number | null;
  snmp: string | null;
  network: string | null;
  gatewayServerId: number | null;
  gatewayName: string | null;
  lastSeenAt: string | null;
  rackId: number | null;
  rackName: string | null;
  roomId: number | null;
  roomName: string | null;
  datacenterId: number | null;
  datacenterName: string | null;
}

/** SQL of the equipment module. Callers pass the executor: the database or a transaction. */
export function createEquipmentRepository(db: Kysely<DB>) {
  const equipmentQuery = () =>
    db
      .selectFrom('equipment as e')
      .innerJoin('servers as s', 's.id', 'e.server_id')
      .leftJoin('servers as g', (join) =>
        join
          .onRef('g.id', '=', 'e.gateway_server_id')
          .onRef('g.organisation_id', '=', 's.organisation_id'),
      )
      .leftJoin('racks as rk', (join) =>
        join.onRef('rk.id', '=', 's.rack_id').onRef('rk.organisation_id', '=', 's.organisation_id'),
      )
      .leftJoin('rooms as rm', (join) =>
        join
          .on((eb) => eb('rm.id', '=', eb.fn.coalesce('rk.room_id', 's.room_id')))
          .onRef('rm.organisation_id', '=', 's.organisation_id'),
      )
      .leftJoin('datacenters as dc', (join) =>
        join
          .onRef('dc.id', '=', 'rm.datacenter_id')
          .onRef('dc.organisation_id', '=', 's.organisation_id'),
      )
      .select([
        's.id as id',
        's.organisation_id as organisationId',
        's.device_type as type',
        's.server_name as name',
        'e.profile as profile',
        'e.host as host',
        'e.port as port',
        'e.unit_id as unitId',
        'e.snmp as snmp',
        'e.network as network',
        'e.gateway_server_id as gatewayServerId',
        'g.server_name as gatewayName',
        'e.last_seen_at as lastSeenAt',
        's.rack_id as rackId',
        'rk.name as rackName',
        'rm.id as roomId',
        'rm.name as roomName',
        'dc.id as datacenterId',
        'dc.name as datacenterName',
      ]);

  const asRow = (row: Record<string, unknown>) => row as unknown as EquipmentRow;

  return {
    async list(organisationId: number): Promise<EquipmentRow[]> {
      const rows = await equipmentQuery()
        .where('s.organisation_id', '=', organisationId)
        .orderBy('s.id')
        .execute();
      return rows.map(asRow);
    },

    async find(organisationId: number, id: number): Promise<EquipmentRow | undefined> {
      const row = await equipmentQuery()
        .where('s.organisation_id', '=', organisationId)
        .where('s.id', '=', id)
        .executeTakeFirst();
      return row && asRow(row);
    },

    async forGateway(gatewayServerId: number): Promise<EquipmentRow[]> {
      const rows = await equipmentQuery()
        .where('e.gateway_server_id', '=', gatewayServerId)
        .orderBy('s.id')
        .execute();
      return rows.map(asRow);
    },

    /** A server of the organisation that runs an agent (not a pCDU or PDU). */
    async isServer(organisationId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('servers')
        .select('id')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .where('device_type', '=', 'server')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      organisationId: number,
      values: {
        type: 'pcdu' | 'pdu';
        name: string;
        rackId: number | null;
        roomId: number | null;
        profile: string;
        host: string;
        port: number;
        unitId: number | null;
        snmp: string | null;
        gatewayServerId: number;
        at: string;
      },
    ): Promise<number> {
      const server = await db
        .insertInto('servers')
        .values({
          organisation_id: organisationId,
          server_name: values.name,
          device_type: values.type,
          rack_id: values.rackId,
          room_id: values.roomId,
          host_name: null,
          device_type_id: null,
          agent_version: null,
          last_seen_at: null,
          created_at: values.at,
          updated_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('equipment')
        .values({
          server_id: server.id,
          organisation_id: organisationId,
          profile: values.profile,
          host: values.host,
          port: values.port,
          unit_id: values.unitId,
          snmp: values.snmp,
          gateway_server_id: values.gatewayServerId,
          last_seen_at: null,
          network: null,
          created_at: values.at,
        })
        .execute();
      return server.id;
    },

    async readings(serverId: number) {
      return db
        .selectFrom('equipment_readings')
        .select(['sensor', 'value', 'at'])
        .where('server_id', '=', serverId)
        .orderBy('sensor')
        .execute();
    },

    async upsertReadings(serverId: number, at: string, values: Record<string, unknown>) {
      const rows = Object.entries(values).map(([sensor, value]) => ({
        server_id: serverId,
        sensor,
        value: JSON.stringify(value),
        at,
      }));
      if (rows.length === 0) return;
      await db
        .insertInto('equipment_readings')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['server_id', 'sensor']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            at: eb.ref('excluded.at'),
          })),
        )
        .execute();
    },

    async seen(serverId: number, at: string, network: string | null): Promise<void> {
      await db
        .updateTable('equipment')
        .set({ last_seen_at: at, ...(network !== null ? { network } : {}) })
        .where('server_id', '=', serverId)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
        .execute();
    },

    async insertCommand(values: Omit<CommandRow, 'id'>): Promise<CommandRow> {
      return db
        .insertInto('equipment_commands')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async pendingCommand(serverId: number): Promise<CommandRow | undefined> {
      return db
        .selectFrom('equipment_commands')
        .selectAll()
        .where('server_id', '=', serverId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    async findCommand(id: number): Promise<CommandRow | undefined> {
      return db
        .selectFrom('equipment_commands')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async commands(serverId: number, limit: number): Promise<CommandRow[]> {
      return db
        .selectFrom('equipment_commands')
        .selectAll()
        .where('server_id', '=', serverId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async pendingForGateway(gatewayServerId: number): Promise<CommandRow[]> {
      return db
        .selectFrom('equipment_commands as c')
        .innerJoin('equipment as e', 'e.server_id', 'c.server_id')
        .selectAll('c')
        .where('e.gateway_server_id', '=', gatewayServerId)
        .where('c.status', '=', 'pending')
        .orderBy('c.id')
        .execute();
    },

    async markDispatched(ids: number[], at: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('equipment_commands')
        .set({ dispatched_at: at })
        .where('id', 'in', ids)
        .where('dispatched_at', 'is', null)
        .execute();
    },

    /** Settles a pending command; answers false when it was no longer pending. */
    async settle(
      id: number,
      status: 'applied' | 'failed',
      reason: string | null,
      at: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('equipment_commands')
        .set({ status, reason, completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Pending commands created before `before` (optionally of one unit). */
    async overdue(before: string, serverId?: number): Promise<CommandRow[]> {
      let query = db
        .selectFrom('equipment_commands')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<', before);
      if (serverId !== undefined) query = query.where('server_id', '=', serverId);
      return query.execute();
    },
  };
}

export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>;
