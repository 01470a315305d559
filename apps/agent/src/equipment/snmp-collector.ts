// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- neither library ships types; a program that compiles this file from source (the server, with the "source" condition) must see them too
/// <reference path="./snmp-libraries.d.ts" />
import snmp, { type Session, type Varbind } from 'net-snmp';
import type { EquipmentAddress, ReadingValue, SnmpProfile } from '@brezza/contract';
import { decodeSnmp, numericValue, walkRoots } from './snmp-map.js';

/**
 * The PDU collector: SNMP v2c or v3 (net-snmp), walking the profile's tables and fetching its
 * device scalars, then decoding them by the profile.
 */

export const SNMP_TIMEOUT_MS = 3000;
export const SNMP_RETRIES = 1;

export class SnmpNoAnswer extends Error {
  override name = 'SnmpNoAnswer';
}

function openSnmpSession(address: EquipmentAddress, timeoutMs = SNMP_TIMEOUT_MS): Session {
  const options = { port: address.port, timeout: timeoutMs, retries: SNMP_RETRIES };
  const credentials = address.snmp ?? { version: '2c' as const, community: 'public' };
  if (credentials.version === '2c') {
    return snmp.createSession(address.host, credentials.community, {
      ...options,
      version: snmp.Version2c,
    });
  }
  const level = credentials.privKey
    ? snmp.SecurityLevel.authPriv
    : credentials.authKey
      ? snmp.SecurityLevel.authNoPriv
      : snmp.SecurityLevel.noAuthNoPriv;
  return snmp.createV3Session(
    address.host,
    {
      name: credentials.user,
      level,
      ...(credentials.authKey && {
        authProtocol: snmp.AuthProtocols[credentials.authProtocol ?? 'sha'],
        authKey: credentials.authKey,
      }),
      ...(credentials.privKey && {
        privProtocol: snmp.PrivProtocols[credentials.privProtocol ?? 'aes'],
        privKey: credentials.privKey,
      }),
    },
    { ...options, version: snmp.Version3 },
  );
}

function describe(error: Error, address: EquipmentAddress): SnmpNoAnswer {
  const timedOut = error.name === 'RequestTimedOutError';
  return new SnmpNoAnswer(
    timedOut
      ? `no SNMP answer from ${address.host}:${address.port}`
      : `SNMP ${address.host}:${address.port}: ${error.message}`,
  );
}

function collect(into: Map<string, number>, varbinds: readonly Varbind[]) {
  for (const varbind of varbinds) {
    if (snmp.isVarbindError(varbind)) continue;
    const value = numericValue(varbind.value);
    if (value !== undefined) into.set(varbind.oid.replace(/^\./, ''), value);
  }
}

/** One poll: walks the profile's tables and GETs its device values. */
export async function pollSnmp(
  address: EquipmentAddress,
  profile: SnmpProfile,
  timeoutMs = SNMP_TIMEOUT_MS,
): Promise<Record<string, ReadingValue>> {
  const session = openSnmpSession(address, timeoutMs);
  session.on('error', () => undefined);
  const varbinds = new Map<string, number>();
  try {
    for (const root of walkRoots(profile.metrics)) {
      await new Promise<void>((resolve, reject) =>
        session.subtree(
          root,
          20,
          (batch) => collect(varbinds, batch),
          (error) => (error ? reject(describe(error, address)) : resolve()),
        ),
      );
    }
    const scalars = profile.metrics.filter((m) => !m.oid.includes('{i}')).map((m) => m.oid);
    if (scalars.length > 0) {
      await new Promise<void>((resolve, reject) =>
        session.get(scalars, (error, batch) => {
          if (error) reject(describe(error, address));
          else {
            collect(varbinds, batch);
            resolve();
          }
        }),
      );
    }
  } finally {
    session.close();
  }
  return decodeSnmp(profile.metrics, varbinds);
}
