import { randomBytes } from 'node:crypto';
import { nowIso } from '../../src/db/columns.js';
import { markHierarchyChanged } from '../../src/modules/hierarchy/repository.js';
import type { TestApp } from './app.js';

let sequence = 0;

export interface ServerFactoryOptions {
  serverName?: string;
  publicIpv4?: string;
  machineId?: string;
  rackId?: number | null;
}

/**
 * A registered server, written straight to the table as onboarding's agent registration does
 * (the operator API only names and moves servers; it never creates them).
 */
export async function buildServer(
  t: TestApp,
  organisationId: number,
  options: ServerFactoryOptions = {},
): Promise<number> {
  sequence += 1;
  const now = nowIso();
  const row = await t.app.database.db
    .insertInto('servers')
    .values({
      organisation_id: organisationId,
      server_name: options.serverName ?? `server-${sequence}`,
      public_ipv4: options.publicIpv4 ?? `203.0.113.${sequence % 250}`,
      machine_id: options.machineId ?? randomBytes(16).toString('hex'),
      rack_id: options.rackId ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await markHierarchyChanged(t.app.database.db, organisationId);
  return row.id;
}
