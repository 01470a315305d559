import {
  HIERARCHY_COLUMNS,
  IMPORT_MAX_ROWS,
  type HierarchyColumn,
  type HierarchyRow,
} from '@brezza/contract';
import { CsvError, parseCsv, serialiseCsv } from './csv.js';

/** A file that cannot be read as hierarchy rows at all (as opposed to a refused row). */
export class RowsError extends Error {
  override name = 'RowsError';
}

/** The rows as CSV: a header of HIERARCHY_COLUMNS, then one line per row. */
export function csvFromRows(rows: readonly HierarchyRow[]): string {
  return serialiseCsv([
    HIERARCHY_COLUMNS,
    ...rows.map((row) => HIERARCHY_COLUMNS.map((c) => row[c])),
  ]);
}

/**
 * Rows from CSV text. The header names the columns, in any order and case; columns left out
 * are empty in every row, an unknown one is an error (a typo would otherwise be ignored).
 */
export function rowsFromCsv(text: string): HierarchyRow[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new RowsError(`The CSV cannot be read. ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return [];
  const known = new Map(HIERARCHY_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns = header.map((name) => {
    const column = known.get(name.trim().toLowerCase());
    if (!column) {
      throw new RowsError(
        `Unknown column "${name}" in the header: the columns are ${HIERARCHY_COLUMNS.join(', ')}.`,
      );
    }
    return column;
  });
  if (!columns.includes('type')) throw new RowsError('The header has no "type" column.');
  const repeated = columns.find((column, i) => columns.indexOf(column) !== i);
  if (repeated) throw new RowsError(`The header names "${repeated}" twice.`);
  if (body.length > IMPORT_MAX_ROWS) {
    throw new RowsError(`An import holds at most ${IMPORT_MAX_ROWS} rows.`);
  }
  return body.map((record, i) => {
    // Spreadsheets pad lines with empty cells; text beyond the header is an error.
    if (record.slice(columns.length).some((field) => field.trim() !== '')) {
      throw new RowsError(`Row ${i + 1} has more fields than the header.`);
    }
    const row = Object.fromEntries(HIERARCHY_COLUMNS.map((c) => [c, ''])) as Record<
      HierarchyColumn,
      string
    >;
    columns.forEach((column, k) => (row[column] = record[k] ?? ''));
    return row;
  });
}
