import { displayMachineId, isMachineIdShortened } from '../utils/machine-id';

/** A machine id, shortened past 16 characters with the full value as its tooltip (SPEC §3). */
export function MachineIdText({ machineId }: { machineId: string }) {
  if (!isMachineIdShortened(machineId)) {
    return <span className="font-mono text-xs">{machineId}</span>;
  }
  return (
    <span className="font-mono text-xs" title={machineId}>
      <span aria-hidden="true">{displayMachineId(machineId)}</span>
      <span className="sr-only">{machineId}</span>
    </span>
  );
}
