import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isSea } from 'node:sea';
import { agentServerNameSchema, rackReferenceSchema } from '@brezza/contract';
import type { InstallCommand } from './cli.js';
import { defaultConfigDir, writeConfig, type AgentConfig } from './config-file.js';
import { readEmbeddedApiUrl } from './embedded-api-url.js';
import { AgentError, EXIT } from './errors.js';
import { localAddresses, readMachineId } from './machine.js';
import {
  INSTALLED_EXECUTABLE,
  SERVICE_NAME,
  UNIT_FILE,
  replaceFile,
  runCommand,
  systemdRunning,
  unitFile,
  type Runner,
} from './systemd.js';
import {
  ApiRejected,
  ApiUnavailable,
  createApiClient,
  type ApiClientOptions,
} from './transport.js';
import { AGENT_VERSION } from './version.js';

/** What the installer touches outside itself; tests replace parts of it. */
export interface InstallEnvironment {
  uid: number;
  systemdRunning: () => boolean;
  /** The running executable, and whether it is the built single file (not `node x.js`). */
  executable: string;
  builtExecutable: boolean;
  embeddedApiUrl: () => string | undefined;
  machineId: () => string;
  hostName: () => string;
  addresses: () => string[];
  createClient: (options: ApiClientOptions) => ReturnType<typeof createApiClient>;
  writeConfig: (dir: string, config: AgentConfig) => string;
  installService: (configDir: string) => Promise<void>;
  log: (line: string) => void;
}

export interface ServicePaths {
  executable: string;
  unitFile: string;
}

/** Installs the executable and the unit, then enables and (re)starts the service. */
export async function installService(
  configDir: string,
  executable: string,
  run: Runner = runCommand,
  paths: ServicePaths = { executable: INSTALLED_EXECUTABLE, unitFile: UNIT_FILE },
): Promise<void> {
  if (path.resolve(executable) !== paths.executable) {
    replaceFile(executable, paths.executable, 0o755);
  }
  fs.writeFileSync(paths.unitFile, unitFile({ executable: paths.executable, configDir }), {
    mode: 0o644,
  });
  await run('systemctl', ['daemon-reload']);
  await run('systemctl', ['enable', SERVICE_NAME]);
  // Restart, not start: a re-run must pick up a new executable and config.
  await run('systemctl', ['restart', SERVICE_NAME]);
}

export function defaultInstallEnvironment(): InstallEnvironment {
  return {
    uid: process.getuid?.() ?? -1,
    systemdRunning: () => systemdRunning(),
    executable: process.execPath,
    builtExecutable: isSea(),
    embeddedApiUrl: () => readEmbeddedApiUrl(process.execPath),
    machineId: () => readMachineId(),
    hostName: () => os.hostname(),
    addresses: localAddresses,
    createClient: createApiClient,
    writeConfig,
    installService: (configDir) => installService(configDir, process.execPath),
    log: (line) => console.log(line),
  };
}

function normaliseApiUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AgentError(`--api-url must be an absolute URL, not "${raw}".`, EXIT.USAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentError('--api-url must be an http:// or https:// URL.', EXIT.USAGE);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Installer mode: checks what it needs before touching anything, registers the machine (which
 * binds the app token to it), writes the config, then installs and starts the service.
 */
export async function install(command: InstallCommand, env: InstallEnvironment): Promise<void> {
  if (!command.noService) {
    if (env.uid !== 0) {
      throw new AgentError(
        'The installer must run as root to install the service: run it with sudo. (--no-service only registers this machine and writes the config, without root.)',
        EXIT.NOT_ROOT,
      );
    }
    if (!env.systemdRunning()) {
      throw new AgentError(
        'systemd is not running on this machine, and the Brezza agent runs as a systemd service. (--no-service only registers this machine and writes the config.)',
        EXIT.NO_SYSTEMD,
      );
    }
    if (!env.builtExecutable) {
      throw new AgentError(
        'Only the built brezza-agent executable can install the service (npm run build makes it).',
        EXIT.USAGE,
      );
    }
  }
  const rack = command.rack === undefined ? undefined : rackReferenceSchema.safeParse(command.rack);
  if (rack && !rack.success) {
    throw new AgentError(`--rack: ${rack.error.issues[0]?.message}`, EXIT.USAGE);
  }
  const name = agentServerNameSchema.safeParse(command.serverName);
  if (!name.success) {
    throw new AgentError(`--create-with-server-name: ${name.error.issues[0]?.message}`, EXIT.USAGE);
  }
  const rawUrl = command.apiUrl ?? env.embeddedApiUrl();
  if (!rawUrl) {
    throw new AgentError(
      'No server URL: pass --api-url https://<your Brezza address> (a copy downloaded from Brezza knows it).',
      EXIT.USAGE,
    );
  }
  const apiUrl = normaliseApiUrl(rawUrl);
  const configDir = path.resolve(command.configDir ?? defaultConfigDir());
  const machineId = env.machineId();

  const client = env.createClient({ apiUrl, appToken: command.appToken });
  let registered;
  try {
    registered = await client.register({
      serverName: name.data,
      machineId,
      hostName: env.hostName().slice(0, 255),
      addresses: env.addresses(),
      agentVersion: AGENT_VERSION,
      ...(rack ? { rack: rack.data } : {}),
    });
  } catch (error) {
    if (error instanceof ApiUnavailable) {
      throw new AgentError(
        `The Brezza server is unreachable: ${error.message}. Check that this machine can reach ${apiUrl} (DNS, firewall, proxy) and run the command again.`,
        EXIT.UNREACHABLE,
      );
    }
    if (error instanceof ApiRejected && (error.status === 401 || error.status === 409)) {
      throw new AgentError(error.message, EXIT.TOKEN_REJECTED);
    }
    if (error instanceof ApiRejected) {
      throw new AgentError(
        `${apiUrl} refused the registration (${error.status}): ${error.message}. Is it the Brezza server's address?`,
        EXIT.FAILURE,
      );
    }
    throw error;
  }
  env.log(
    `Registered this machine as "${registered.serverName}" (server ${registered.serverId}) with ${apiUrl}.`,
  );
  if (registered.rack !== undefined) env.log(`Placed it in rack ${registered.rack}.`);
  if (registered.warning !== undefined) env.log(`Warning: ${registered.warning}`);

  let file: string;
  try {
    file = env.writeConfig(configDir, {
      appToken: command.appToken,
      serverName: name.data,
      apiUrl,
    });
  } catch (error) {
    throw new AgentError(
      `Cannot write the config in ${configDir}: ${(error as NodeJS.ErrnoException).code ?? error}.`,
      EXIT.CONFIG,
    );
  }
  env.log(`Wrote the config ${file} (edit serverName there and restart the service to rename).`);

  if (command.noService) {
    env.log(
      `--no-service: nothing installed. Run the agent with: brezza-agent run --config-dir ${configDir}`,
    );
    return;
  }
  try {
    await env.installService(configDir);
  } catch (error) {
    throw new AgentError(
      `Could not install or start ${SERVICE_NAME}: ${(error as Error).message}`,
      EXIT.SERVICE_FAILED,
    );
  }
  env.log(`Installed and started ${SERVICE_NAME}. Logs: journalctl -u ${SERVICE_NAME} -f`);
}
