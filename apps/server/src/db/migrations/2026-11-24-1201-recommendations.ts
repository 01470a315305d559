import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Setpoint recommendations (issue 15).
 * - `recommendations`: one proposal of the twin per pCDU and run; `predicted`, `risk` and `twin`
 *   as JSON (the contract's schemas); `command_id` the equipment command that applied it,
 *   `revert_command_id` the one that put the baseline back; `realised` once measured.
 * - `recommendation_settings`: the organisation's automatic mode (off unless a row says on).
 */
export function recommendations(dialect: Dialect): Migration {
  const organisation = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('organisations.id').onDelete('cascade');
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('recommendations'), dialect)
        .addColumn('organisation_id', 'integer', organisation)
        .addColumn('server_id', 'integer', (col) =>
          col.notNull().references('servers.id').onDelete('cascade'),
        )
        .addColumn('valve_setpoint', 'integer', (col) => col.notNull())
        .addColumn('delta_t_setpoint', 'double precision', (col) => col.notNull())
        .addColumn('baseline_valve_setpoint', 'integer', (col) => col.notNull())
        .addColumn('baseline_delta_t_setpoint', 'double precision', (col) => col.notNull())
        .addColumn('predicted_saving_percent', 'double precision', (col) => col.notNull())
        .addColumn('predicted', 'text', (col) => col.notNull())
        .addColumn('risk', 'text', (col) => col.notNull())
        .addColumn('twin', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('command_id', 'integer', (col) =>
          col.references('equipment_commands.id').onDelete('set null'),
        )
        .addColumn('revert_command_id', 'integer', (col) =>
          col.references('equipment_commands.id').onDelete('set null'),
        )
        .addColumn('applied_by', 'varchar(255)')
        .addColumn('applied_at', 'varchar(32)')
        .addColumn('reason', 'text')
        .addColumn('realised', 'text')
        .execute();
      await db.schema
        .createIndex('recommendations_unit_created')
        .on('recommendations')
        .columns(['server_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('recommendations_organisation_created')
        .on('recommendations')
        .columns(['organisation_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('recommendation_settings')
        .addColumn('organisation_id', 'integer', (col) =>
          col.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('automatic_mode', 'integer', (col) => col.notNull())
        .addColumn('updated_by', 'varchar(255)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('recommendation_settings').execute();
      await db.schema.dropTable('recommendations').execute();
    },
  };
}
