/** SPEC §3 and §9: longer than 16 characters → an ellipsis and the last 13 characters. */
export const MACHINE_ID_MAX_SHOWN = 16;
export const MACHINE_ID_TAIL = 13;

export function displayMachineId(machineId: string): string {
  if (machineId.length <= MACHINE_ID_MAX_SHOWN) return machineId;
  return `…${machineId.slice(-MACHINE_ID_TAIL)}`;
}

/** Whether the shown text is shortened, so that the full value is offered as a tooltip. */
export const isMachineIdShortened = (machineId: string) => machineId.length > MACHINE_ID_MAX_SHOWN;
