import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_SAMPLE_INTERVAL_SECONDS,
  RARITAN_PDU2_PROFILE,
  APC_RPDU2_PROFILE,
} from '@brezza/contract';
import { parseCommandLine, USAGE, type RunCommand, type SimulateCommand } from './cli.js';
import { createSampler } from './collectors/sampler.js';
import { defaultConfigDir, readConfig } from './config-file.js';
import { AgentError, EXIT, type ExitCode } from './errors.js';
import { defaultInstallEnvironment, install } from './installer.js';
import { localAddresses, readMachineId } from './machine.js';
import { runService } from './service.js';
import { runEquipment } from './equipment/equipment-service.js';
import { startPcduSimulator } from './equipment/pcdu-simulator.js';
import { startPduSimulator } from './equipment/pdu-simulator.js';
import { createApiClient } from './transport.js';
import { AGENT_VERSION } from './version.js';

async function serve(command: RunCommand): Promise<void> {
  const configDir = path.resolve(command.configDir ?? defaultConfigDir());
  const config = readConfig(configDir);
  const intervalSeconds =
    command.intervalSeconds ?? config.intervalSeconds ?? DEFAULT_SAMPLE_INTERVAL_SECONDS;
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: stopping.`);
    controller.abort();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const client = createApiClient({ apiUrl: config.apiUrl, appToken: config.appToken });
  // Equipment jobs run beside the samples; when the service ends (stopped, or its token
  // refused), they end too.
  const equipment = runEquipment({ client, signal: controller.signal });
  try {
    await runService({
      config,
      intervalMs: intervalSeconds * 1000,
      client,
      sampler: createSampler({ root: command.hostRoot }),
      machineId: readMachineId(command.hostRoot),
      hostName: os.hostname(),
      addresses: localAddresses(),
      signal: controller.signal,
    });
  } finally {
    controller.abort();
    await equipment;
  }
}

/** `simulate pcdu|pdu`: serves until SIGTERM or SIGINT. */
async function simulate(command: SimulateCommand): Promise<void> {
  const common = {
    host: command.host,
    port: command.port,
    ...(command.controlPort !== undefined && { controlPort: command.controlPort }),
  };
  const simulator =
    command.device === 'pcdu'
      ? await startPcduSimulator({
          ...common,
          ...(command.loadKw !== undefined && { heatLoadKw: command.loadKw }),
        })
      : await startPduSimulator({
          ...common,
          profile: command.profile === 'raritan-pdu2' ? RARITAN_PDU2_PROFILE : APC_RPDU2_PROFILE,
          ...(command.loadKw !== undefined && { loadKw: command.loadKw }),
          ...(command.community !== undefined && { community: command.community }),
        });
  const protocol = command.device === 'pcdu' ? 'Modbus TCP (unit id 1)' : 'SNMP v2c (UDP)';
  console.log(
    `Simulated ${command.device} on ${simulator.host}:${simulator.port}, ${protocol}; faults: POST http://${simulator.host}:${simulator.controlPort}/fault`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      console.log(`${signal}: stopping.`);
      resolve();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  await simulator.close();
}

/** The executable's entry: one command, then an exit code (see errors.ts). */
async function main(argv: string[]): Promise<ExitCode> {
  const command = parseCommandLine(argv);
  switch (command.kind) {
    case 'help':
      console.log(USAGE);
      return EXIT.OK;
    case 'version':
      console.log(AGENT_VERSION);
      return EXIT.OK;
    case 'usage-error':
      console.error(`${command.message}\n\n${USAGE}`);
      return EXIT.USAGE;
    case 'install':
      await install(command, defaultInstallEnvironment());
      return EXIT.OK;
    case 'run':
      await serve(command);
      return EXIT.OK;
    case 'simulate':
      await simulate(command);
      return EXIT.OK;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AgentError) {
      console.error(`brezza-agent: ${error.message}`);
      process.exit(error.exitCode);
    }
    console.error('brezza-agent: unexpected failure:', error);
    process.exit(EXIT.FAILURE);
  },
);
