import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXIT } from './errors.js';

export const SERVICE_NAME = 'brezza-agent.service';
export const INSTALLED_EXECUTABLE = '/usr/local/bin/brezza-agent';
export const UNIT_FILE = `/etc/systemd/system/${SERVICE_NAME}`;

/**
 * One argument for an ExecStart line: double-quoted, with backslash and quote escaped, and `%`
 * doubled so systemd does not read it as a specifier.
 */
export function systemdQuote(argument: string): string {
  return `"${argument.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%')}"`;
}

/** The unit: restarted on failure, except after errors that need a person (bad token, config). */
export function unitFile({
  executable,
  configDir,
}: {
  executable: string;
  configDir: string;
}): string {
  const command = [executable, 'run', '--config-dir', configDir].map(systemdQuote).join(' ');
  return `[Unit]
Description=Brezza telemetry agent
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
ExecStart=${command}
Restart=on-failure
RestartSec=15
RestartPreventExitStatus=${EXIT.USAGE} ${EXIT.TOKEN_REJECTED} ${EXIT.CONFIG}
TimeoutStopSec=20
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=read-only
PrivateTmp=yes

[Install]
WantedBy=multi-user.target
`;
}

/** Whether systemd manages this machine (what sd_booted(3) checks). */
export function systemdRunning(root = '/'): boolean {
  try {
    return fs.statSync(path.join(root, 'run/systemd/system')).isDirectory();
  } catch {
    return false;
  }
}

export type Runner = (command: string, args: string[]) => Promise<void>;

const execFileAsync = promisify(execFile);

export const runCommand: Runner = async (command, args) => {
  await execFileAsync(command, args, { timeout: 60_000 });
};

/** Copies a file over a possibly running executable: written beside it, then renamed. */
export function replaceFile(source: string, target: string, mode: number): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.new`;
  fs.copyFileSync(source, temp);
  fs.chmodSync(temp, mode);
  fs.renameSync(temp, target);
}
