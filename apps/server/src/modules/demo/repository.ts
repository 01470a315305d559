import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for the demo organisation's simulated agents. */
export function createDemoRepository(db: Kysely<DB>) {
  return {
    /** The flagged demo organisation (true is a literal: SQLite's driver binds no booleans). */
    async demoOrganisationId(): Promise<number | undefined> {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('demo', '=', sql<boolean>`true`)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id;
    },

    servers(organisationId: number) {
      return (
        db
          .selectFrom('servers')
          .select(['id', 'server_name', 'machine_id', 'public_ipv4', 'host_name'])
          .where('organisation_id', '=', organisationId)
          .where('device_type_id', 'is', null)
          // The demo's pCDU and PDUs are read by the equipment collectors, not by an agent.
          .where('device_type', '=', 'server')
          .orderBy('id')
          .execute()
      );
    },

    /**
     * Drops the tokens earlier runs of the demo agent made (no operator created them, and they
     * are bound to a demo machine), so that restarts do not pile them up.
     */
    async dropDemoAgentTokens(organisationId: number, machineIds: readonly string[]) {
      if (machineIds.length === 0) return;
      await db
        .deleteFrom('app_tokens')
        .where('organisation_id', '=', organisationId)
        .where('created_by', 'is', null)
        .where('bound_machine_id', 'in', machineIds)
        .execute();
    },
  };
}
