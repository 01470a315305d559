import net from 'node:net';
import type { ModbusTable } from './modbus-map.js';
import { listen } from './listen.js';

/**
 * A Modbus TCP server (MBAP framing; function codes 1–6, 15 and 16) over a device object, for
 * the pCDU simulator. It is ours rather than a library's because the simulator must do what a
 * real unit does and libraries' servers do not let it: refuse an out-of-range write with
 * exception 03, and fall silent (no answer at all) while "offline".
 */

export const MODBUS_EXCEPTION = {
  illegalFunction: 1,
  illegalDataAddress: 2,
  illegalDataValue: 3,
  deviceFailure: 4,
  gatewayTargetFailed: 11,
} as const;
export type ModbusExceptionCode = (typeof MODBUS_EXCEPTION)[keyof typeof MODBUS_EXCEPTION];

export interface ModbusDevice {
  unitId: number;
  /** Words (registers) or 0/1 (coils, discrete inputs), or an exception code. */
  read(table: ModbusTable, start: number, count: number): number[] | ModbusExceptionCode;
  /** Applies all values or none; an exception code refuses the write. */
  write(table: 'holding' | 'coil', start: number, values: number[]): ModbusExceptionCode | void;
  /** False while the unit plays "loss of communication": requests get no answer. */
  answering(): boolean;
}

const READ_TABLES: Record<number, ModbusTable> = {
  1: 'coil',
  2: 'discrete',
  3: 'holding',
  4: 'input',
};

function exception(fc: number, code: number): Buffer {
  return Buffer.from([fc | 0x80, code]);
}

function packBits(bits: number[]): Buffer {
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) bytes[i >> 3]! |= 1 << (i & 7);
  });
  return bytes;
}

/** One request PDU in, one response PDU out (pure, apart from what the device does). */
export function handlePdu(device: ModbusDevice, pdu: Buffer): Buffer {
  const fc = pdu[0] ?? 0;
  if (pdu.length < 5) return exception(fc, MODBUS_EXCEPTION.illegalDataValue);
  const address = pdu.readUInt16BE(1);
  const table = READ_TABLES[fc];
  if (table) {
    const count = pdu.readUInt16BE(3);
    const bitTable = fc <= 2;
    if (count < 1 || count > (bitTable ? 2000 : 125)) {
      return exception(fc, MODBUS_EXCEPTION.illegalDataValue);
    }
    const values = device.read(table, address, count);
    if (typeof values === 'number') return exception(fc, values);
    if (bitTable) {
      const bytes = packBits(values);
      return Buffer.concat([Buffer.from([fc, bytes.length]), bytes]);
    }
    const body = Buffer.alloc(2 + 2 * count);
    body[0] = fc;
    body[1] = 2 * count;
    values.forEach((word, i) => body.writeUInt16BE(word & 0xffff, 2 + 2 * i));
    return body;
  }
  switch (fc) {
    case 5: {
      const value = pdu.readUInt16BE(3);
      if (value !== 0xff00 && value !== 0) return exception(fc, MODBUS_EXCEPTION.illegalDataValue);
      const refused = device.write('coil', address, [value ? 1 : 0]);
      return refused ? exception(fc, refused) : pdu.subarray(0, 5);
    }
    case 6: {
      const refused = device.write('holding', address, [pdu.readUInt16BE(3)]);
      return refused ? exception(fc, refused) : pdu.subarray(0, 5);
    }
    case 15:
    case 16: {
      const count = pdu.readUInt16BE(3);
      const byteCount = pdu[5] ?? 0;
      const expected = fc === 16 ? 2 * count : Math.ceil(count / 8);
      if (count < 1 || byteCount !== expected || pdu.length < 6 + byteCount) {
        return exception(fc, MODBUS_EXCEPTION.illegalDataValue);
      }
      const values = Array.from({ length: count }, (_, i) =>
        fc === 16 ? pdu.readUInt16BE(6 + 2 * i) : (pdu[6 + (i >> 3)]! >> (i & 7)) & 1,
      );
      const refused = device.write(fc === 16 ? 'holding' : 'coil', address, values);
      return refused ? exception(fc, refused) : pdu.subarray(0, 5);
    }
    default:
      return exception(fc, MODBUS_EXCEPTION.illegalFunction);
  }
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port (0 picks a free port) and serves `device` until closed. */
export async function listenModbusTcp(
  device: ModbusDevice,
  { host = '127.0.0.1', port }: { host?: string; port: number },
): Promise<RunningServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 7) {
        const length = pending.readUInt16BE(4);
        // A length outside MBAP's bounds means the stream is not Modbus: drop the connection.
        if (length < 2 || length > 254 || pending.readUInt16BE(2) !== 0) {
          socket.destroy();
          return;
        }
        if (pending.length < 6 + length) break;
        const frame = pending.subarray(0, 6 + length);
        pending = pending.subarray(6 + length);
        if (!device.answering()) continue;
        const unit = frame[6]!;
        const pdu = frame.subarray(7);
        const response =
          unit === device.unitId
            ? handlePdu(device, pdu)
            : exception(pdu[0] ?? 0, MODBUS_EXCEPTION.gatewayTargetFailed);
        const header = Buffer.alloc(7);
        frame.copy(header, 0, 0, 4);
        header.writeUInt16BE(response.length + 1, 4);
        header[6] = unit;
        socket.write(Buffer.concat([header, response]));
      }
    });
  });
  const boundPort = await listen(server, port, host);
  return {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
