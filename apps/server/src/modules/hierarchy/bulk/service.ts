import {
  IMPORT_EMPTY,
  type HierarchyFormat,
  type HierarchyRow,
  type ImportResult,
} from '@brezza/contract';
import { badRequest } from '../../../errors.js';
import { markHierarchyChanged, type Executor } from '../repository.js';
import { exportRows, planImport, type ImportPlan } from './plan.js';
import { createBulkRepository } from './repository.js';
import { RowsError, csvFromRows, rowsFromCsv } from './rows.js';

export interface BulkServiceDeps {
  db: Executor;
  /** Called after an applied import with the organisation whose lists changed. */
  onChange(organisationId: number): void;
}

const result = (plan: ImportPlan, dryRun: boolean, applied: boolean): ImportResult => ({
  dryRun,
  applied,
  counts: plan.counts,
  rows: plan.results,
});

/**
 * Export and import of an organisation's hierarchy (issue 16). An import is planned against the
 * organisation as it is; a real one re-plans inside its transaction and writes only when no row
 * is refused, with the hierarchy's stamp, so every list and ETag sees it at once.
 */
export function createBulkService({ db, onChange }: BulkServiceDeps) {
  return {
    async export(organisationId: number, format: HierarchyFormat): Promise<string> {
      const rows = exportRows(await createBulkRepository(db).snapshot(organisationId));
      return format === 'csv' ? csvFromRows(rows) : JSON.stringify({ rows });
    },

    /** CSV text as rows; a file that is not readable CSV is a 400 naming the problem. */
    rowsFromCsv(text: string): HierarchyRow[] {
      try {
        return rowsFromCsv(text);
      } catch (error) {
        if (error instanceof RowsError) throw badRequest(error.message);
        throw error;
      }
    },

    async import(
      organisationId: number,
      rows: HierarchyRow[],
      dryRun: boolean,
    ): Promise<ImportResult> {
      if (rows.length === 0) throw badRequest(IMPORT_EMPTY);
      if (dryRun) {
        const snapshot = await createBulkRepository(db).snapshot(organisationId);
        return result(planImport(snapshot, rows), true, false);
      }
      const plan = await db.transaction().execute(async (trx) => {
        const repository = createBulkRepository(trx);
        const planned = planImport(await repository.snapshot(organisationId), rows);
        if (planned.counts.refused > 0) return planned;
        await repository.apply(organisationId, planned);
        await markHierarchyChanged(trx, organisationId);
        return planned;
      });
      const applied = plan.counts.refused === 0;
      if (applied) onChange(organisationId);
      return result(plan, false, applied);
    },
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
