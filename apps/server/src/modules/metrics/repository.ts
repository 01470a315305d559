import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { HierarchyLabels } from './exposition.js';

/** Where a server hangs nowhere in the hierarchy, its label says so instead of being empty. */
export const UNASSIGNED = 'Unassigned';

/** One server's labels and what it last reported, as the exposition and discovery need it. */
export interface MetricsRow {
  serverId: number;
  labels: HierarchyLabels;
  hostName: string | null;
  agentVersion: string | null;
  lastSeenAt: string | null;
  /** When the latest sample arrived (server time), null when none has. */
  receivedAt: string | null;
  payload: string | null;
}

const LABEL_COLUMNS = [
  'organisation',
  'datacenter',
  'room',
  'rack',
  'server',
  'machine_id',
] as const;

// Rows per INSERT: 9 parameters each stays far below both databases' parameter limits.
const CHUNK = 500;

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;

/** SQL for Prometheus labels, latest samples and scrape tokens. */
export function createMetricsRepository(db: Kysely<DB>) {
  /** The labels of an organisation's servers as the hierarchy says now. */
  async function currentLabels(organisationId: number, serverIds?: number[]) {
    let query = db
      .selectFrom('servers as s')
      .innerJoin('organisations as o', 'o.id', 's.organisation_id')
      .leftJoin('racks as rk', (join) =>
        join.onRef('rk.id', '=', 's.rack_id').onRef('rk.organisation_id', '=', 's.organisation_id'),
      )
      .leftJoin('rooms as rm', (join) =>
        join
          .onRef('rm.id', '=', 'rk.room_id')
          .onRef('rm.organisation_id', '=', 's.organisation_id'),
      )
      .leftJoin('datacenters as dc', (join) =>
        join
          .onRef('dc.id', '=', 'rm.datacenter_id')
          .onRef('dc.organisation_id', '=', 's.organisation_id'),
      )
      .select([
        's.id as serverId',
        'o.name as organisation',
        'dc.name as datacenter',
        'rm.name as room',
        'rk.name as rack',
        's.server_name as server',
        's.machine_id as machineId',
      ])
      .where('s.organisation_id', '=', organisationId);
    if (serverIds) query = query.where('s.id', 'in', serverIds);
    return query.execute();
  }

  return {
    /**
     * Brings the stored labels of an organisation's servers (all, or those given) to what the
     * hierarchy says now, writing only the rows that differ; answers how many servers it
     * labelled. Rows are upserted, so concurrent rebuilds (a refresh racing another refresh or a
     * registration) never collide on the primary key: the later one updates what the first
     * wrote.
     */
    async rebuildLabels(organisationId: number, at: string, serverIds?: number[]): Promise<number> {
      if (serverIds?.length === 0) return 0;
      const rows = await currentLabels(organisationId, serverIds);
      let storedQuery = db
        .selectFrom('metric_labels')
        .select(['server_id', ...LABEL_COLUMNS])
        .where('organisation_id', '=', organisationId);
      if (serverIds) storedQuery = storedQuery.where('server_id', 'in', serverIds);
      const stored = new Map((await storedQuery.execute()).map((row) => [row.server_id, row]));

      const wanted = rows.map((row) => ({
        server_id: row.serverId,
        organisation_id: organisationId,
        organisation: row.organisation,
        datacenter: row.datacenter ?? UNASSIGNED,
        room: row.room ?? UNASSIGNED,
        rack: row.rack ?? UNASSIGNED,
        server: row.server,
        machine_id: row.machineId,
        refreshed_at: at,
      }));
      const changed = wanted.filter((row) => {
        const old = stored.get(row.server_id);
        return !old || LABEL_COLUMNS.some((column) => old[column] !== row[column]);
      });
      const gone = [...stored.keys()].filter((id) => !wanted.some((row) => row.server_id === id));
      if (gone.length > 0) {
        await db.deleteFrom('metric_labels').where('server_id', 'in', gone).execute();
      }
      for (let start = 0; start < changed.length; start += CHUNK) {
        await db
          .insertInto('metric_labels')
          .values(changed.slice(start, start + CHUNK))
          .onConflict((conflict) =>
            conflict.column('server_id').doUpdateSet((eb) => ({
              organisation_id: eb.ref('excluded.organisation_id'),
              organisation: eb.ref('excluded.organisation'),
              datacenter: eb.ref('excluded.datacenter'),
              room: eb.ref('excluded.room'),
              rack: eb.ref('excluded.rack'),
              server: eb.ref('excluded.server'),
              machine_id: eb.ref('excluded.machine_id'),
              refreshed_at: eb.ref('excluded.refreshed_at'),
            })),
          )
          .execute();
      }
      return rows.length;
    },

    /** Every labelled server of the organisation, for service discovery. */
    async labels(organisationId: number): Promise<{ serverId: number; labels: HierarchyLabels }[]> {
      const rows = await db
        .selectFrom('metric_labels')
        .select(['server_id as serverId', ...LABEL_COLUMNS])
        .where('organisation_id', '=', organisationId)
        .orderBy('server_id')
        .execute();
      return rows.map(({ serverId, ...labels }) => ({ serverId, labels }));
    },

    /** Every labelled server of the organisation (or one of them) with its latest sample. */
    async rows(organisationId: number, serverId?: number): Promise<MetricsRow[]> {
      let query = db
        .selectFrom('metric_labels as l')
        .innerJoin('servers as s', 's.id', 'l.server_id')
        .leftJoin('latest_samples as ls', 'ls.server_id', 'l.server_id')
        .select([
          'l.server_id as serverId',
          'l.organisation',
          'l.datacenter',
          'l.room',
          'l.rack',
          'l.server',
          'l.machine_id as machineId',
          's.host_name as hostName',
          's.agent_version as agentVersion',
          's.last_seen_at as lastSeenAt',
          'ls.received_at as receivedAt',
          'ls.payload as payload',
        ])
        .where('l.organisation_id', '=', organisationId)
        .orderBy('l.server_id');
      if (serverId !== undefined) query = query.where('l.server_id', '=', serverId);
      const rows = await query.execute();
      return rows.map((row) => ({
        serverId: row.serverId,
        labels: {
          organisation: row.organisation,
          datacenter: row.datacenter,
          room: row.room,
          rack: row.rack,
          server: row.server,
          machine_id: row.machineId,
        },
        hostName: row.hostName,
        agentVersion: row.agentVersion,
        lastSeenAt: row.lastSeenAt,
        receivedAt: row.receivedAt,
        payload: row.payload,
      }));
    },

    async insertScrapeToken(token: {
      organisationId: number;
      tokenHash: string;
      note: string | null;
      createdAt: string;
    }): Promise<number> {
      const row = await db
        .insertInto('scrape_tokens')
        .values({
          organisation_id: token.organisationId,
          token_hash: token.tokenHash,
          note: token.note,
          created_at: token.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The organisation a live scrape token belongs to. */
    async scrapeTokenOrganisation(tokenHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('scrape_tokens')
        .select('organisation_id')
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.organisation_id;
    },

    async revokeScrapeToken(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('scrape_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async listScrapeTokens(organisationId?: number) {
      let query = db
        .selectFrom('scrape_tokens')
        .select([
          'id',
          'organisation_id as organisationId',
          'note',
          'created_at as createdAt',
          'revoked_at as revokedAt',
        ])
        .orderBy('id');
      if (organisationId !== undefined) query = query.where('organisation_id', '=', organisationId);
      return query.execute();
    },
  };
}
