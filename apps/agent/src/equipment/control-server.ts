import http from 'node:http';
import {
  SIMULATOR_CONTROL_PORT_OFFSET,
  SIMULATOR_FAULT_PATH,
  SIMULATOR_STATE_PATH,
  simulatorFaultSchema,
  type SimulatorFault,
} from '@brezza/contract';
import { listen } from './listen.js';

/**
 * The simulators' control channel: a small HTTP server beside the protocol port.
 * `POST /fault {"fault":"leak"}` injects a fault (or `clear`s them all) and answers the state;
 * `GET /state` answers the simulator's state. Simulator-only: a real unit has no such port.
 */
export interface Controllable {
  injectFault(fault: SimulatorFault): void;
  state(): unknown;
}

const MAX_BODY_BYTES = 1024;

export async function listenControl(
  target: Controllable,
  { host, port }: { host: string; port: number },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === SIMULATOR_STATE_PATH) {
      send(200, target.state());
      return;
    }
    if (request.method !== 'POST' || request.url !== SIMULATOR_FAULT_PATH) {
      send(404, { error: `Use POST ${SIMULATOR_FAULT_PATH} or GET ${SIMULATOR_STATE_PATH}.` });
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) request.destroy();
    });
    request.on('end', () => {
      let fault: unknown;
      try {
        fault = (JSON.parse(body) as { fault?: unknown }).fault;
      } catch {
        fault = undefined;
      }
      const parsed = simulatorFaultSchema.safeParse(fault);
      if (!parsed.success) {
        send(400, {
          error: `fault must be one of ${simulatorFaultSchema.options.join(', ')}.`,
        });
        return;
      }
      try {
        target.injectFault(parsed.data);
      } catch (error) {
        send(400, { error: error instanceof Error ? error.message : String(error) });
        return;
      }
      send(200, target.state());
    });
  });
  const boundPort = await listen(server, port, host);
  return {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Injects a fault into a simulator through its control port (the server's
 * `npm run admin -- simulate-fault` uses this). Rejects with the simulator's message.
 */
export async function injectSimulatorFault(
  { host, controlPort }: { host: string; controlPort: number },
  fault: SimulatorFault,
): Promise<unknown> {
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${controlPort}${SIMULATOR_FAULT_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault }),
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(
      `No simulator control port answers at ${host}:${controlPort} (${cause ?? error}).`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new Error(body.error ?? `The simulator answered ${response.status}.`);
  return body;
}

/**
 * A simulator's control channel beside its protocol port: protocol port + the offset, or any free
 * port when the protocol port was chosen freely (0). When it cannot start, `undo` stops what the
 * simulator already started before the error goes on.
 */
export async function listenControlBeside(
  target: Controllable,
  options: { host: string; requestedPort: number; protocolPort: number; controlPort?: number },
  undo: () => Promise<void>,
): Promise<{ port: number; close(): Promise<void> }> {
  try {
    return await listenControl(target, {
      host: options.host,
      port:
        options.controlPort ??
        (options.requestedPort === 0 ? 0 : options.protocolPort + SIMULATOR_CONTROL_PORT_OFFSET),
    });
  } catch (error) {
    await undo();
    throw error;
  }
}
