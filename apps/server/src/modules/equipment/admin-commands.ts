import {
  SIMULATOR_CONTROL_PORT_OFFSET,
  SIMULATOR_FAULT_PATH,
  SIMULATOR_FAULTS,
  simulatorFaultSchema,
} from '@brezza/contract';
import { CommandError, UsageError, requireFlag, type AdminCommand } from '../../admin-command.js';

/** How long staff wait for a simulator's control port before the command gives up. */
const CONTROL_TIMEOUT_MS = 5_000;

export const equipmentCommands: AdminCommand[] = [
  {
    name: 'simulate-fault',
    summary:
      "Inject a fault into a simulated pCDU or PDU (the demo's): its simulator's control port is its protocol port + 10000.",
    usage: `--device <name or id> --fault ${SIMULATOR_FAULTS.join('|')}`,
    flags: ['device', 'fault'],
    async run(context, flags) {
      const fault = simulatorFaultSchema.safeParse(requireFlag(flags, 'fault'));
      if (!fault.success)
        throw new UsageError(`--fault must be one of ${SIMULATOR_FAULTS.join(', ')}.`);
      const device = requireFlag(flags, 'device');
      const { db } = context.database;
      let query = db
        .selectFrom('equipment as e')
        .innerJoin('servers as s', 's.id', 'e.server_id')
        .select(['s.id as id', 's.server_name as name', 'e.host as host', 'e.port as port']);
      query = /^[1-9][0-9]{0,9}$/.test(device)
        ? query.where('s.id', '=', Number(device))
        : query.where('s.server_name', '=', device);
      const found = await query.execute();
      if (found.length === 0)
        throw new CommandError(`No pCDU or PDU named or numbered "${device}".`);
      if (found.length > 1) {
        throw new CommandError(
          `${found.length} devices are named "${device}" (ids ${found.map((f) => f.id).join(', ')}): give the id.`,
        );
      }
      const unit = found[0]!;
      const url = `http://${unit.host}:${unit.port + SIMULATOR_CONTROL_PORT_OFFSET}${SIMULATOR_FAULT_PATH}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fault: fault.data }),
          signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new CommandError(
          `${unit.name}'s simulator did not answer at ${url} (${reason}). Is it a simulated unit, and is the simulator running?`,
        );
      }
      if (!response.ok) {
        throw new CommandError(
          `${unit.name}'s simulator refused the fault: HTTP ${response.status} ${await response.text()}`,
        );
      }
      context.out(
        fault.data === 'clear'
          ? `Cleared every fault of ${unit.name} (id ${unit.id}).`
          : `Injected "${fault.data}" into ${unit.name} (id ${unit.id}).`,
      );
    },
  },
];
