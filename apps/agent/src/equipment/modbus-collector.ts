import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import jsmodbus from 'jsmodbus';
import {
  COMMAND_FAILURE,
  COMMAND_TIMEOUT_SECONDS,
  type AgentCommandResultBody,
  type EquipmentCommand,
  type ModbusProfile,
  type ReadingValue,
} from '@brezza/contract';
import {
  CommandValueError,
  decodeProfile,
  decodeRegister,
  emptyRawTables,
  planCommand,
  readBlocks,
  writeBlocks,
  type ModbusTable,
  type RawTables,
  type ReadBlock,
} from './modbus-map.js';

/**
 * The pCDU collector: a Modbus TCP client (jsmodbus) reading a profile's registers, and the
 * command path (write, read back, compare). One TCP connection per device, kept between polls
 * (units accept few connections) and opened again after any failure.
 */

export interface ModbusTarget {
  host: string;
  port: number;
  unitId: number;
}

export const MODBUS_REQUEST_TIMEOUT_MS = 5000;

const EXCEPTION_NAMES: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'device failure',
  6: 'device busy',
  10: 'gateway path unavailable',
  11: 'gateway target failed to respond',
};

/** A request the device answered with a Modbus exception: it refused, it did not go silent. */
export class ModbusRefused extends Error {
  override name = 'ModbusRefused';
  constructor(
    readonly code: number,
    what: string,
  ) {
    super(`Modbus exception ${code} (${EXCEPTION_NAMES[code] ?? 'unknown'}) ${what}`);
  }
}
/** No answer (timeout, connection refused or dropped). */
export class ModbusNoAnswer extends Error {
  override name = 'ModbusNoAnswer';
}

type Client = InstanceType<typeof jsmodbus.ModbusTCPClient>;

const endpoint = (target: ModbusTarget) => `${target.host}:${target.port}`;

function translate(error: unknown, target: ModbusTarget, what: string, timeoutMs: number): Error {
  const failure = error as {
    err?: string;
    response?: { body?: { code?: number } };
    code?: string;
  };
  if (failure.err === 'ModbusException' && failure.response?.body?.code !== undefined) {
    return new ModbusRefused(failure.response.body.code, what);
  }
  if (failure.err === 'Timeout') {
    return new ModbusNoAnswer(
      `no answer from ${endpoint(target)} within ${timeoutMs / 1000} s ${what}`,
    );
  }
  const reason = failure.code ?? failure.err ?? (error instanceof Error ? error.message : 'failed');
  return new ModbusNoAnswer(`${endpoint(target)}: ${reason} ${what}`);
}

/** The client is made before the socket connects: jsmodbus learns it is online from 'connect'. */
async function connect(
  target: ModbusTarget,
  timeoutMs: number,
  requestTimeoutMs = timeoutMs,
): Promise<{ socket: net.Socket; client: Client }> {
  const socket = new net.Socket();
  const client = new jsmodbus.ModbusTCPClient(socket, target.unitId, requestTimeoutMs);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new ModbusNoAnswer(`no connection to ${endpoint(target)} within ${timeoutMs / 1000} s`),
      );
    }, timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new ModbusNoAnswer(`${endpoint(target)}: ${error.code ?? error.message}`));
    });
    socket.connect({ host: target.host, port: target.port }, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // Later socket errors surface as failed requests; without a listener they would crash.
  socket.on('error', () => socket.destroy());
  return { socket, client };
}

const tableWhat = (block: ReadBlock) =>
  `reading ${block.table} ${block.start}${block.count > 1 ? `–${block.start + block.count - 1}` : ''}`;

async function readBlock(
  client: Client,
  block: ReadBlock,
  target: ModbusTarget,
  timeoutMs: number,
): Promise<number[]> {
  try {
    const read = {
      holding: () => client.readHoldingRegisters(block.start, block.count),
      input: () => client.readInputRegisters(block.start, block.count),
      coil: () => client.readCoils(block.start, block.count),
      discrete: () => client.readDiscreteInputs(block.start, block.count),
    }[block.table];
    const { response } = await read();
    const values = response.body.valuesAsArray as ArrayLike<number | boolean>;
    return Array.from(values, Number).slice(0, block.count);
  } catch (error) {
    throw translate(error, target, tableWhat(block), timeoutMs);
  }
}

async function readInto(
  client: Client,
  blocks: readonly ReadBlock[],
  target: ModbusTarget,
  timeoutMs: number,
): Promise<RawTables> {
  const tables = emptyRawTables();
  for (const block of blocks) {
    const words = await readBlock(client, block, target, timeoutMs);
    words.forEach((word, i) => tables[block.table as ModbusTable].set(block.start + i, word));
  }
  return tables;
}

export interface ModbusConnection {
  /** Every register of the profile, decoded; throws ModbusRefused or ModbusNoAnswer. */
  poll(profile: ModbusProfile): Promise<Record<string, ReadingValue>>;
  close(): void;
}

/** A kept connection for polling, reopened on the next poll after any failure. */
export function createModbusConnection(
  target: ModbusTarget,
  timeoutMs = MODBUS_REQUEST_TIMEOUT_MS,
): ModbusConnection {
  let open: { socket: net.Socket; client: Client } | undefined;
  const drop = () => {
    open?.socket.destroy();
    open = undefined;
  };
  return {
    async poll(profile) {
      if (!open || open.socket.destroyed) {
        open = await connect(target, timeoutMs);
        const { socket } = open;
        socket.once('close', () => {
          if (open?.socket === socket) open = undefined;
        });
      }
      try {
        const tables = await readInto(
          open.client,
          readBlocks(profile.registers),
          target,
          timeoutMs,
        );
        return decodeProfile(profile.registers, tables);
      } catch (error) {
        // After a timeout a late answer would be taken for the next request's: start afresh.
        if (!(error instanceof ModbusRefused)) drop();
        throw error;
      }
    },
    close: drop,
  };
}

export interface CommandOptions {
  /** The whole command (connect, write, read back) must finish within this. */
  timeoutMs?: number;
  /** Pause between connection attempts while the unit does not accept one. */
  reconnectDelayMs?: number;
  now?: () => number;
}

/**
 * Carries out one command: checks the values against the profile (nothing is written if one
 * is out of range), writes the registers, reads them back and compares. Connecting is retried
 * until the deadline (nothing was sent yet); a write is sent once and never repeated, because
 * a write whose answer was lost may have been applied.
 */
export async function applyModbusCommand(
  target: ModbusTarget,
  profile: ModbusProfile,
  command: Pick<EquipmentCommand, 'kind' | 'values'>,
  options: CommandOptions = {},
): Promise<AgentCommandResultBody> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.timeoutMs ?? COMMAND_TIMEOUT_SECONDS * 1000);
  const left = () => Math.max(1, deadline - now());

  let writes;
  try {
    writes = planCommand(profile, command.kind, command.values);
  } catch (error) {
    if (error instanceof CommandValueError) return { status: 'failed', reason: error.message };
    throw error;
  }

  let connection: { socket: net.Socket; client: Client } | undefined;
  while (!connection) {
    try {
      connection = await connect(target, Math.min(left(), MODBUS_REQUEST_TIMEOUT_MS), left());
    } catch {
      if (deadline - now() <= (options.reconnectDelayMs ?? 2000)) {
        return { status: 'failed', reason: COMMAND_FAILURE.noAnswer };
      }
      await delay(options.reconnectDelayMs ?? 2000);
    }
  }
  const { socket, client } = connection;
  try {
    for (const block of writeBlocks(writes)) {
      try {
        await client.writeMultipleRegisters(block.start, block.words);
      } catch (error) {
        const failure = translate(error, target, `writing holding ${block.start}`, left());
        if (failure instanceof ModbusRefused) {
          return { status: 'failed', reason: COMMAND_FAILURE.refused(failure.message) };
        }
        return { status: 'failed', reason: COMMAND_FAILURE.noAnswer };
      }
    }
    let tables: RawTables;
    try {
      tables = await readInto(client, readBlocks(writes.map((w) => w.register)), target, left());
    } catch (error) {
      if (error instanceof ModbusRefused) {
        return { status: 'failed', reason: COMMAND_FAILURE.refused(error.message) };
      }
      return { status: 'failed', reason: COMMAND_FAILURE.noAnswer };
    }
    const readBack: Record<string, ReadingValue> = {};
    const differences: string[] = [];
    for (const write of writes) {
      const words = write.words.map((_, i) => tables.holding.get(write.register.address + i) ?? -1);
      const value = decodeRegister(write.register, words);
      readBack[write.register.sensor] = value;
      if (words.some((word, i) => word !== write.words[i])) {
        differences.push(
          `${write.register.sensor} wrote ${String(write.value)}, read ${String(value)}`,
        );
      }
    }
    if (differences.length > 0) {
      return {
        status: 'failed',
        reason: COMMAND_FAILURE.readBackDiffers(differences.join('; ')),
        readBack,
      };
    }
    return { status: 'applied', readBack };
  } finally {
    socket.destroy();
  }
}
