import type { Kysely, Selectable } from 'kysely';
import type { DB, ServersTable } from '../../db/schema.js';
import { ID_MAX, formatRackPath, parseRackPath } from '@brezza/contract';

export type ServerRow = Selectable<ServersTable>;

/** What a push needs to know about its token and server, in one query. */
export interface PushCredential {
  revokedAt: string | null;
  boundMachineId: string | null;
  serverId: number | null;
  organisationId: number;
  publicIpv4: string | null;
  /** The server's newest stored sample (JSON), for the rates of the push's first sample. */
  latestPayload: string | null;
}

export interface AgentReport {
  hostName: string;
  agentVersion: string;
  /** null when the connection was not IPv4: the last known address stays. */
  publicIpv4: string | null;
  at: string;
}

export interface StoredSample {
  serverId: number;
  organisationId: number;
  collectedAt: string;
  receivedAt: string;
  payload: string;
  count: number;
}

/** One accepted push as it is written: the server's last-seen details and its newest sample. */
export interface SamplePush {
  seen: { at: string; agentVersion: string; publicIpv4: string | null };
  sample: StoredSample;
}

export type AgentRepository = ReturnType<typeof createAgentRepository>;

/** SQL for what agents write: their server rows and latest samples. */
export function createAgentRepository(db: Kysely<DB>) {
  const repository = {
    async findServer(id: number): Promise<ServerRow | undefined> {
      return db.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The organisation's most recently created server of this machine, if any. */
    async findServerByMachine(
      organisationId: number,
      machineId: string,
    ): Promise<ServerRow | undefined> {
      return db
        .selectFrom('servers')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('machine_id', '=', machineId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insertServer(server: {
      organisationId: number;
      serverName: string;
      machineId: string;
      report: AgentReport;
    }): Promise<ServerRow> {
      const { report } = server;
      return db
        .insertInto('servers')
        .values({
          organisation_id: server.organisationId,
          server_name: server.serverName,
          machine_id: server.machineId,
          public_ipv4: report.publicIpv4 ?? '',
          host_name: report.hostName,
          agent_version: report.agentVersion,
          last_seen_at: report.at,
          rack_id: null,
          device_type_id: null,
          created_at: report.at,
          updated_at: report.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Records a registration: the agent's report, and the name when it changed. */
    /**
     * The organisation's racks a `--rack` names: by id (digits), else by path. More than one
     * means the path is ambiguous.
     */
    async findRacks(
      organisationId: number,
      reference: string,
    ): Promise<{ id: number; path: string }[]> {
      let query = db
        .selectFrom('racks as rk')
        .leftJoin('rooms as rm', (join) =>
          join.onRef('rm.id', '=', 'rk.room_id').on('rm.organisation_id', '=', organisationId),
        )
        .leftJoin('datacenters as dc', (join) =>
          join
            .onRef('dc.id', '=', 'rm.datacenter_id')
            .on('dc.organisation_id', '=', organisationId),
        )
        .select(['rk.id as id', 'rk.name as rack', 'rm.name as room', 'dc.name as datacenter'])
        .where('rk.organisation_id', '=', organisationId);
      if (/^\d+$/.test(reference)) {
        const id = Number(reference);
        if (id > ID_MAX) return [];
        query = query.where('rk.id', '=', id);
      } else {
        const path = parseRackPath(reference);
        if (!path) return [];
        query = query.where('rk.name', '=', path.rack);
        query =
          path.room === null
            ? query.where('rm.id', 'is', null)
            : query.where('rm.name', '=', path.room);
        query =
          path.datacenter === null
            ? query.where('dc.id', 'is', null)
            : query.where('dc.name', '=', path.datacenter);
      }
      const rows = await query.orderBy('rk.id').execute();
      return rows.map((row) => ({
        id: row.id,
        path: formatRackPath({ datacenter: row.datacenter, room: row.room, rack: row.rack }),
      }));
    },

    async placeServer(id: number, rackId: number): Promise<void> {
      await db.updateTable('servers').set({ rack_id: rackId }).where('id', '=', id).execute();
    },

    async updateServer(id: number, report: AgentReport, serverName?: string): Promise<void> {
      await db
        .updateTable('servers')
        .set({
          host_name: report.hostName,
          agent_version: report.agentVersion,
          last_seen_at: report.at,
          updated_at: report.at,
          ...(report.publicIpv4 !== null ? { public_ipv4: report.publicIpv4 } : {}),
          ...(serverName !== undefined ? { server_name: serverName } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async pushCredential(tokenHash: string): Promise<PushCredential | undefined> {
      return db
        .selectFrom('app_tokens as t')
        .leftJoin('servers as s', 's.id', 't.server_id')
        .leftJoin('latest_samples as l', 'l.server_id', 's.id')
        .select([
          'l.payload as latestPayload',
          't.revoked_at as revokedAt',
          't.bound_machine_id as boundMachineId',
          's.id as serverId',
          't.organisation_id as organisationId',
          's.public_ipv4 as publicIpv4',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touchServer(
      id: number,
      seen: { at: string; agentVersion: string; publicIpv4: string | null },
    ): Promise<void> {
      await db
        .updateTable('servers')
        .set({
          last_seen_at: seen.at,
          agent_version: seen.agentVersion,
          ...(seen.publicIpv4 !== null ? { public_ipv4: seen.publicIpv4 } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Writes one push; the caller wraps it in a transaction. */
    async recordPush(push: SamplePush): Promise<void> {
      await repository.touchServer(push.sample.serverId, push.seen);
      await repository.storeSample(push.sample);
    },

    /**
     * Keeps the newest of the stored and the pushed sample (buffered samples may arrive late)
     * and adds the pushed count to the server's total.
     */
    async storeSample(sample: StoredSample): Promise<void> {
      await db
        .insertInto('latest_samples')
        .values({
          server_id: sample.serverId,
          organisation_id: sample.organisationId,
          collected_at: sample.collectedAt,
          received_at: sample.receivedAt,
          payload: sample.payload,
          sample_count: sample.count,
        })
        .onConflict((oc) =>
          oc.column('server_id').doUpdateSet((eb) => {
            const newer = eb('excluded.collected_at', '>=', eb.ref('latest_samples.collected_at'));
            const pick = <C extends 'collected_at' | 'payload'>(column: C) =>
              eb
                .case()
                .when(newer)
                .then(eb.ref(`excluded.${column}`))
                .else(eb.ref(`latest_samples.${column}`))
                .end();
            return {
              collected_at: pick('collected_at'),
              payload: pick('payload'),
              received_at: eb.ref('excluded.received_at'),
              sample_count: eb('latest_samples.sample_count', '+', eb.ref('excluded.sample_count')),
            };
          }),
        )
        .execute();
    },
  };
  return repository;
}
