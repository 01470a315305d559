import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AGENT_BINARY_NAME } from '@brezza/contract';

export interface InstallCommand {
  kind: 'install';
  appToken: string;
  serverName: string;
  apiUrl: string | undefined;
  configDir: string | undefined;
  noService: boolean;
  /** `--rack`: a rack id or "<datacenter> / <room> / <rack>" to place the server in. */
  rack: string | undefined;
}

export interface RunCommand {
  kind: 'run';
  configDir: string | undefined;
  intervalSeconds: number | undefined;
  hostRoot: string;
}

export interface SimulateCommand {
  kind: 'simulate';
  device: 'pcdu' | 'pdu';
  host: string;
  port: number;
  controlPort: number | undefined;
  /** pCDU: base heat load; PDU: base IT load. */
  loadKw: number | undefined;
  /** PDU: the profile whose OID layout it serves, and its v2c community. */
  profile: string | undefined;
  community: string | undefined;
}

export type Command =
  | InstallCommand
  | RunCommand
  | SimulateCommand
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'usage-error'; message: string };

export const MIN_INTERVAL_SECONDS = 1;
export const MAX_INTERVAL_SECONDS = 3600;

export const USAGE = `Usage:
  ${AGENT_BINARY_NAME} --create-with-app-token <token> --create-with-server-name <name>
      [--rack "<datacenter> / <room> / <rack>" | --rack <rack id>]
      [--api-url <url>] [--config-dir <dir>] [--no-service]
    Registers this machine, writes the agent's config and installs and starts the
    systemd service brezza-agent.service (as root). --rack places the server in that
    rack (a rack in a standalone room is "<room> / <rack>", a standalone rack "<rack>");
    when there is no such rack it stays in 'Unassigned' and a warning says so.
    --api-url defaults to the URL this file was downloaded from; --config-dir to
    /root/.brezza. --no-service only registers and writes the config (no root needed,
    nothing installed).

  ${AGENT_BINARY_NAME} run [--config-dir <dir>] [--interval <seconds>] [--host-root <dir>]
    The service: reads the config, pushes a sample every 15 s (or --interval, or
    "intervalSeconds" in the config) until SIGTERM. --host-root reads /proc and /sys
    under another directory (the host's, when running in a container).

  ${AGENT_BINARY_NAME} simulate pcdu --port <n> [--host <addr>] [--control-port <n>]
      [--heat-load-kw <kW>]
  ${AGENT_BINARY_NAME} simulate pdu --port <n> [--host <addr>] [--control-port <n>]
      [--load-kw <kW>] [--profile apc-rpdu2|raritan-pdu2] [--community <name>]
    A simulated pCDU (Modbus TCP, unit id 1) or PDU (SNMP v2c) with a physical model, on
    127.0.0.1 unless --host. Faults: POST {"fault":"leak|psu1|psu2|pump|sensor-drift|
    offline|clear"} to http://<host>:<control port>/fault (control port: port + 10000).

  ${AGENT_BINARY_NAME} --version | --help`;

const fail = (message: string): Command => ({ kind: 'usage-error', message });

const SIMULATED_PDU_PROFILES = ['apc-rpdu2', 'raritan-pdu2'];

function parsePort(value: string | undefined, flag: string, required: boolean): number | string {
  if (value === undefined) return required ? `${flag} <n> is required.` : -1;
  const port = Number(value);
  return Number.isInteger(port) && port >= 1 && port <= 65_535
    ? port
    : `${flag} must be a port number from 1 to 65535.`;
}

/** The flags and positionals of `argv`, or a usage error naming an unknown or malformed flag. */
function parseFlags<const Options extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: Options,
) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

function parseSimulate(argv: string[]): Command {
  const parsed = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'control-port': { type: 'string' },
    'heat-load-kw': { type: 'string' },
    'load-kw': { type: 'string' },
    profile: { type: 'string' },
    community: { type: 'string' },
  });
  if ('kind' in parsed) return parsed;
  const { values, positionals } = parsed;
  const device = positionals[0];
  if ((device !== 'pcdu' && device !== 'pdu') || positionals.length !== 1) {
    return fail('simulate takes one device: pcdu or pdu.');
  }
  const port = parsePort(values.port, '--port', true);
  if (typeof port === 'string') return fail(port);
  const controlPort = parsePort(values['control-port'], '--control-port', false);
  if (typeof controlPort === 'string') return fail(controlPort);
  const loadFlag = device === 'pcdu' ? 'heat-load-kw' : 'load-kw';
  const other = device === 'pcdu' ? ['load-kw', 'profile', 'community'] : ['heat-load-kw'];
  const misplaced = other.find((flag) => values[flag as keyof typeof values] !== undefined);
  if (misplaced) return fail(`--${misplaced} does not apply to simulate ${device}.`);
  let loadKw: number | undefined;
  if (values[loadFlag] !== undefined) {
    loadKw = Number(values[loadFlag]);
    if (!Number.isFinite(loadKw) || loadKw < 0 || loadKw > 2000) {
      return fail(`--${loadFlag} must be a number of kW from 0 to 2000.`);
    }
  }
  if (values.profile !== undefined && !SIMULATED_PDU_PROFILES.includes(values.profile)) {
    return fail(`--profile must be one of ${SIMULATED_PDU_PROFILES.join(', ')}.`);
  }
  return {
    kind: 'simulate',
    device,
    host: values.host ?? '127.0.0.1',
    port,
    controlPort: controlPort === -1 ? undefined : controlPort,
    loadKw,
    profile: values.profile,
    community: values.community,
  };
}

/** The command line as a command, or a usage error naming what is wrong. Never throws. */
export function parseCommandLine(argv: string[]): Command {
  if (argv[0] === 'simulate') return parseSimulate(argv.slice(1));
  const parsed = parseFlags(argv, {
    'create-with-app-token': { type: 'string' },
    'create-with-server-name': { type: 'string' },
    'api-url': { type: 'string' },
    'config-dir': { type: 'string' },
    'no-service': { type: 'boolean' },
    rack: { type: 'string' },
    interval: { type: 'string' },
    'host-root': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  });
  if ('kind' in parsed) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const installing =
    values['create-with-app-token'] !== undefined ||
    values['create-with-server-name'] !== undefined;
  if (positionals[0] === 'run' && positionals.length === 1 && !installing) {
    if (values['api-url'] !== undefined || values['no-service'] || values.rack !== undefined) {
      return fail('--api-url, --rack and --no-service belong to the installer, not to "run".');
    }
    let intervalSeconds: number | undefined;
    if (values.interval !== undefined) {
      intervalSeconds = Number(values.interval);
      if (
        !Number.isInteger(intervalSeconds) ||
        intervalSeconds < MIN_INTERVAL_SECONDS ||
        intervalSeconds > MAX_INTERVAL_SECONDS
      ) {
        return fail(
          `--interval must be a whole number of seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}.`,
        );
      }
    }
    return {
      kind: 'run',
      configDir: values['config-dir'],
      intervalSeconds,
      hostRoot: values['host-root'] ?? '/',
    };
  }
  if (positionals.length > 0) return fail(`Unexpected argument: ${positionals[0]}`);
  if (!installing) return fail('Nothing to do.');
  if (values.interval !== undefined || values['host-root'] !== undefined) {
    return fail('--interval and --host-root belong to "run", not to the installer.');
  }
  const appToken = values['create-with-app-token']?.trim();
  const serverName = values['create-with-server-name'];
  if (!appToken) return fail('--create-with-app-token <token> is required.');
  if (serverName === undefined) return fail('--create-with-server-name <name> is required.');
  return {
    kind: 'install',
    appToken,
    serverName,
    apiUrl: values['api-url'],
    configDir: values['config-dir'],
    noService: values['no-service'] ?? false,
    rack: values.rack,
  };
}
