import type { Kysely, Selectable } from 'kysely';
import type { DB, OrganisationsTable } from '../../db/schema.js';
import { nowIso } from '../../db/columns.js';

export type OrganisationRow = Selectable<OrganisationsTable>;

export interface NewOrganisation {
  name: string;
  grafanaUrl?: string | null;
  tauUrl?: string | null;
}

export interface OrganisationSettingsChange {
  name?: string;
  grafanaUrl?: string | null;
  tauUrl?: string | null;
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;

/** SQL for organisations; rules (unique names, valid URLs) live in the callers' services. */
export function createOrganisationsRepository(db: Kysely<DB>) {
  return {
    async create(organisation: NewOrganisation): Promise<OrganisationRow> {
      return db
        .insertInto('organisations')
        .values({
          name: organisation.name,
          grafana_url: organisation.grafanaUrl ?? null,
          tau_url: organisation.tauUrl ?? null,
          plan: 'none',
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findById(id: number): Promise<OrganisationRow | undefined> {
      return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Case-insensitive, so that staff can type a name as they remember it. */
    async findByName(name: string): Promise<OrganisationRow[]> {
      return db
        .selectFrom('organisations')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .orderBy('id')
        .execute();
    },

    async list(): Promise<OrganisationRow[]> {
      return db.selectFrom('organisations').selectAll().orderBy('id').execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('organisations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async update(
      id: number,
      change: OrganisationSettingsChange,
    ): Promise<OrganisationRow | undefined> {
      const values = {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.grafanaUrl !== undefined ? { grafana_url: change.grafanaUrl } : {}),
        ...(change.tauUrl !== undefined ? { tau_url: change.tauUrl } : {}),
      };
      if (Object.keys(values).length > 0) {
        await db.updateTable('organisations').set(values).where('id', '=', id).execute();
      }
      return this.findById(id);
    },
  };
}
