import { afterEach, describe, expect, it } from 'vitest';
import type {
  AgentCommandResultBody,
  AgentEquipmentJobs,
  EquipmentReading,
} from '@brezza/contract';
import { ApiRejected, ApiUnavailable } from '../transport.js';
import { runEquipment, type EquipmentClient } from './equipment-service.js';
import { startPcduSimulator, type PcduSimulator } from './pcdu-simulator.js';
import { startPduSimulator, type PduSimulator } from './pdu-simulator.js';

/**
 * The service against the real simulators; the Brezza server's three agent calls are played by
 * this object (the server side of the protocol is built and tested in apps/server).
 */
function serverSide(jobs: AgentEquipmentJobs) {
  const readings: EquipmentReading[] = [];
  const results = new Map<number, AgentCommandResultBody>();
  let resultCalls = 0;
  let failNextResults = 0;
  const client: EquipmentClient = {
    equipmentJobs: async () => ({
      equipment: jobs.equipment,
      // A command stays listed until its result arrives, as the server does.
      commands: jobs.commands.filter((c) => !results.has(c.id)),
    }),
    pushReadings: async (body) => {
      readings.push(...body.readings);
      return { accepted: body.readings.length };
    },
    commandResult: async (id, body) => {
      resultCalls += 1;
      if (failNextResults > 0) {
        failNextResults -= 1;
        throw new ApiUnavailable('server restarting');
      }
      results.set(id, body);
      return { id, status: body.status };
    },
  };
  return {
    client,
    readings,
    results,
    get resultCalls() {
      return resultCalls;
    },
    failResults: (n: number) => (failNextResults = n),
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  for (let i = 0; i < timeoutMs / 25; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let pcdu: PcduSimulator | undefined;
let pdu: PduSimulator | undefined;
const controller = new AbortController();
afterEach(async () => {
  await Promise.all([pcdu?.close(), pdu?.close()]);
  pcdu = undefined;
  pdu = undefined;
});

describe('the equipment service', () => {
  it('polls a pCDU and a PDU, pushes readings, runs each command once', async () => {
    pcdu = await startPcduSimulator({ port: 0 });
    pdu = await startPduSimulator({ port: 0 });
    const server = serverSide({
      equipment: [
        {
          id: 1,
          type: 'pcdu',
          profile: 'brezza-pcdu-v1',
          address: { host: '127.0.0.1', port: pcdu.port, unitId: 1 },
          pollIntervalSeconds: 1,
        },
        {
          id: 2,
          type: 'pdu',
          profile: 'apc-rpdu2',
          address: {
            host: '127.0.0.1',
            port: pdu.port,
            snmp: { version: '2c', community: 'public' },
          },
          pollIntervalSeconds: 1,
        },
      ],
      commands: [
        { id: 10, equipmentId: 1, kind: 'setpoints', values: { deltaTSetpoint: 12.5 } },
        { id: 11, equipmentId: 2, kind: 'setpoints', values: { deltaTSetpoint: 12.5 } },
        { id: 12, equipmentId: 99, kind: 'network', values: { ipAddress: '10.0.0.9' } },
      ],
    });
    server.failResults(1);
    const logs: string[] = [];
    const running = runEquipment({
      client: server.client,
      signal: controller.signal,
      log: (line) => logs.push(line),
      jobsIntervalMs: 50,
      pushIntervalMs: 50,
    });
    await until(() => server.results.size === 3, 'three command results');
    await until(
      () => server.readings.some((r) => r.equipmentId === 1 && r.values.deltaTSetpoint === 12.5),
      'the new setpoint in the readings',
    );
    await until(
      () => server.readings.some((r) => r.equipmentId === 2 && r.values.outlet_1_state === 'ON'),
      'a PDU reading',
    );
    controller.abort();
    await running;

    expect(server.results.get(10)).toEqual({
      status: 'applied',
      readBack: { deltaTSetpoint: 12.5 },
    });
    expect(server.results.get(11)?.reason).toMatch(/apc-rpdu2 takes no setpoints commands/);
    expect(server.results.get(12)?.reason).toBe('This gateway has no job for that equipment.');
    // One report failed and was sent again; no command ran twice.
    expect(server.resultCalls).toBe(4);
    expect(logs.filter((line) => line.startsWith('Command 10:'))).toHaveLength(1);
  });

  it('reports a device that stops answering as a reading with an error', async () => {
    pcdu = await startPcduSimulator({ port: 0 });
    pcdu.injectFault('offline');
    const server = serverSide({
      equipment: [
        {
          id: 1,
          type: 'pcdu',
          profile: 'brezza-pcdu-v1',
          address: { host: '127.0.0.1', port: pcdu.port },
          pollIntervalSeconds: 1,
        },
      ],
      commands: [],
    });
    const stop = new AbortController();
    const running = runEquipment({
      client: server.client,
      signal: stop.signal,
      log: () => undefined,
      jobsIntervalMs: 50,
      pushIntervalMs: 50,
    });
    // The Modbus request times out after 5 s.
    await until(() => server.readings.length > 0, 'a reading', 9000);
    stop.abort();
    await running;
    expect(server.readings[0]).toMatchObject({
      equipmentId: 1,
      values: {},
      error: expect.stringMatching(/no answer from 127.0.0.1:\d+ within 5 s/),
    });
  }, 15_000);

  it('waits a minute between asks when the server has no equipment endpoint', async () => {
    let asks = 0;
    const stop = new AbortController();
    const running = runEquipment({
      client: {
        equipmentJobs: async () => {
          asks += 1;
          throw new ApiRejected(404, 'Not Found');
        },
        pushReadings: async () => ({ accepted: 0 }),
        commandResult: async (id) => ({ id, status: 'applied' }),
      },
      signal: stop.signal,
      log: () => undefined,
      jobsIntervalMs: 10,
      pushIntervalMs: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort();
    await running;
    expect(asks).toBe(1);
  });
});
