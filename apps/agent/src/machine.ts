import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentError, EXIT } from './errors.js';

/** systemd's id first, then D-Bus's (the same format on older systems). */
const MACHINE_ID_FILES = ['etc/machine-id', 'var/lib/dbus/machine-id'];

/** The machine's stable id, which app tokens are bound to. */
export function readMachineId(root = '/'): string {
  for (const file of MACHINE_ID_FILES) {
    try {
      const id = fs.readFileSync(path.join(root, file), 'utf8').trim().toLowerCase();
      if (/^[0-9a-f-]{16,64}$/.test(id)) return id;
    } catch {
      // try the next file
    }
  }
  throw new AgentError(
    `No machine id: ${MACHINE_ID_FILES.map((file) => `/${file}`).join(' and ')} are missing or empty. Run "systemd-machine-id-setup" and try again.`,
    EXIT.FAILURE,
  );
}

/** The machine's own addresses (not loopback), for the operator's information. */
export function localAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal)
    .map((entry) => entry.address)
    .slice(0, 64);
}
