import { injectSimulatorFault } from '@brezza/agent/equipment';
import {
  SIMULATOR_CONTROL_PORT_OFFSET,
  SIMULATOR_FAULTS,
  simulatorFaultSchema,
} from '@brezza/contract';
import { CommandError, UsageError, requireFlag, type AdminCommand } from '../../admin-command.js';

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
      const controlPort = unit.port + SIMULATOR_CONTROL_PORT_OFFSET;
      try {
        await injectSimulatorFault({ host: unit.host, controlPort }, fault.data);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new CommandError(`${unit.name} is not a running simulator: ${reason}`);
      }
      context.out(
        fault.data === 'clear'
          ? `Cleared every fault of ${unit.name} (id ${unit.id}).`
          : `Injected "${fault.data}" into ${unit.name} (id ${unit.id}).`,
      );
    },
  },
];
