// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- neither library ships types; a program that compiles this file from source (the server, with the "source" condition) must see them too
/// <reference path="./snmp-libraries.d.ts" />
import dgram from 'node:dgram';
import asn1 from 'asn1-ber';

const ber = asn1.Ber;

/**
 * A read-only SNMP v1/v2c agent over a function that lists OID → integer values, for the PDU
 * simulator: GET, GETNEXT and GETBULK, in OID order. Ours rather than net-snmp's agent because
 * the simulator's OIDs come from profile templates (APC's column.{i}, Raritan's
 * pdu.{i}.sensorType) that net-snmp's table providers would need a MIB definition for.
 */

const TAG = {
  sequence: 0x30,
  integer: 0x02,
  octetString: 0x04,
  nullValue: 0x05,
  oid: 0x06,
  gauge32: 0x42,
  getRequest: 0xa0,
  getNextRequest: 0xa1,
  getResponse: 0xa2,
  getBulkRequest: 0xa5,
  noSuchObject: 0x80,
  noSuchInstance: 0x81,
  endOfMibView: 0x82,
} as const;

export type OidValues = Map<string, number>;

/** Compares dotted OIDs numerically, arc by arc. */
export function compareOids(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] !== y[i]) return x[i]! - y[i]!;
  }
  return x.length - y.length;
}

interface Request {
  version: number;
  community: string;
  type: number;
  requestId: number;
  /** GETBULK: non-repeaters and max-repetitions (error-status and error-index otherwise). */
  nonRepeaters: number;
  maxRepetitions: number;
  oids: string[];
}

export function parseRequest(message: Buffer): Request {
  const reader = new ber.Reader(message);
  reader.readSequence(TAG.sequence);
  const version = reader.readInt();
  const community = reader.readString(TAG.octetString);
  const type = reader.peek() ?? 0;
  reader.readSequence(type);
  const requestId = reader.readInt();
  const nonRepeaters = reader.readInt();
  const maxRepetitions = reader.readInt();
  reader.readSequence(TAG.sequence);
  const oids: string[] = [];
  while (reader.remain > 0 && reader.peek() === TAG.sequence) {
    reader.readSequence(TAG.sequence);
    oids.push(reader.readOID());
    reader.readString(reader.peek() ?? TAG.nullValue, true);
  }
  return { version, community, type, requestId, nonRepeaters, maxRepetitions, oids };
}

type Answer = { oid: string; value: number } | { oid: string; exception: number };

export function answer(request: Request, values: OidValues): Answer[] {
  const sorted = [...values.keys()].sort(compareOids);
  const next = (oid: string): Answer => {
    const found = sorted.find((candidate) => compareOids(candidate, oid) > 0);
    return found ? { oid: found, value: values.get(found)! } : { oid, exception: TAG.endOfMibView };
  };
  if (request.type === TAG.getRequest) {
    return request.oids.map((oid) =>
      values.has(oid) ? { oid, value: values.get(oid)! } : { oid, exception: TAG.noSuchInstance },
    );
  }
  if (request.type === TAG.getNextRequest) return request.oids.map(next);
  // GETBULK: the non-repeaters once, then up to max-repetitions rows of the rest.
  const fixed = request.oids.slice(0, request.nonRepeaters).map(next);
  let cursor = request.oids.slice(request.nonRepeaters);
  const rows: Answer[] = [];
  for (let r = 0; r < Math.min(request.maxRepetitions, 50) && cursor.length > 0; r += 1) {
    const row = cursor.map(next);
    rows.push(...row);
    if (row.every((a) => 'exception' in a)) break;
    cursor = row.map((a) => a.oid);
  }
  return [...fixed, ...rows];
}

export function encodeResponse(request: Request, answers: Answer[]): Buffer {
  const writer = new ber.Writer();
  writer.startSequence(TAG.sequence);
  writer.writeInt(request.version);
  writer.writeString(request.community);
  writer.startSequence(TAG.getResponse);
  writer.writeInt(request.requestId);
  // v1 has no exceptions in varbinds: a missing OID is error-status noSuchName (2).
  const v1Missing = request.version === 0 ? answers.findIndex((a) => 'exception' in a) : -1;
  writer.writeInt(v1Missing >= 0 ? 2 : 0);
  writer.writeInt(v1Missing >= 0 ? v1Missing + 1 : 0);
  writer.startSequence(TAG.sequence);
  for (const item of answers) {
    writer.startSequence(TAG.sequence);
    writer.writeOID(item.oid);
    if ('exception' in item) writer.writeBuffer(Buffer.alloc(0), item.exception);
    else if (item.value < 0) writer.writeInt(item.value, TAG.integer);
    else writer.writeInt(item.value, TAG.gauge32);
    writer.endSequence();
  }
  writer.endSequence();
  writer.endSequence();
  writer.endSequence();
  return writer.buffer;
}

export interface SnmpAgentOptions {
  host: string;
  port: number;
  community: string;
  values: () => OidValues;
  /** False while the simulator plays "loss of communication": requests get no answer. */
  answering: () => boolean;
}

export async function listenSnmpAgent(
  options: SnmpAgentOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    if (!options.answering()) return;
    let request: Request;
    try {
      request = parseRequest(message);
    } catch {
      return; // Not SNMP v1/v2c (v3, or noise): an agent stays silent.
    }
    // A wrong community gets no answer, as RFC 3584 agents do.
    if (request.community !== options.community) return;
    const response = encodeResponse(request, answer(request, options.values()));
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
