import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APC_RPDU2_PROFILE, RARITAN_PDU2_PROFILE } from '@brezza/contract';
import { pollSnmp } from '../src/equipment/snmp-collector.js';
import { startPduSimulator, type PduSimulator } from '../src/equipment/pdu-simulator.js';
import { freePort, mustHave, start, stop, tool } from './peers.js';

const run = promisify(execFile);
const snmpd = tool('/usr/sbin/snmpd', 'snmpd');
const snmpget = tool('/usr/bin/snmpget', 'snmp');
const snmpwalk = tool('/usr/bin/snmpwalk', 'snmp');

const APC = '1.3.6.1.4.1.318.1.1.26';
const V3 = { user: 'brezza', authKey: 'brezza-auth-pass', privKey: 'brezza-priv-pass' };

/** An snmpd config (for a non-root user, on a free port) serving an APC rPDU2 table. */
function snmpdConfig(port: number): string {
  const rows: string[] = [];
  const outletWatts = [120, 80, 0, 310];
  outletWatts.forEach((watts, i) => {
    rows.push(`override ${APC}.9.4.3.1.7.${i + 1} unsigned ${watts}`);
    rows.push(`override ${APC}.9.4.3.1.6.${i + 1} unsigned ${Math.round(watts / 23)}`);
    rows.push(`override ${APC}.9.2.3.1.5.${i + 1} integer ${watts > 0 ? 2 : 1}`);
  });
  [1, 2, 3].forEach((phase) => {
    rows.push(`override ${APC}.6.3.1.5.${phase} unsigned ${10 + phase}`);
    rows.push(`override ${APC}.6.3.1.6.${phase} unsigned 230`);
  });
  rows.push(`override ${APC}.4.3.1.5.1 unsigned 51`);
  rows.push(`override ${APC}.4.3.1.9.1 unsigned 123456`);
  return [
    `agentaddress udp:127.0.0.1:${port}`,
    'rocommunity brezza-ro 127.0.0.1',
    `createUser ${V3.user} SHA "${V3.authKey}" AES "${V3.privKey}"`,
    `rouser ${V3.user} priv`,
    ...rows,
    '',
  ].join('\n');
}

const EXPECTED_APC = {
  outlet_1_power: 120,
  outlet_2_power: 80,
  outlet_3_power: 0,
  outlet_4_power: 310,
  outlet_1_current: 0.5,
  outlet_2_current: 0.3,
  outlet_3_current: 0,
  outlet_4_current: 1.3,
  outlet_1_state: 'ON',
  outlet_2_state: 'ON',
  outlet_3_state: 'OFF',
  outlet_4_state: 'ON',
  phase_1_current: 1.1,
  phase_2_current: 1.2,
  phase_3_current: 1.3,
  phase_1_voltage: 230,
  phase_2_voltage: 230,
  phase_3_voltage: 230,
  power: 510,
  energy: 12345.6,
};

describe.runIf(mustHave(snmpd))('the SNMP collector against snmpd', () => {
  let daemon: ChildProcess | undefined;
  let dir: string;
  let port: number;

  beforeAll(async () => {
    if (!snmpd.available) throw new Error(snmpd.why);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-snmpd-'));
    port = await freePort('udp');
    fs.writeFileSync(path.join(dir, 'snmpd.conf'), snmpdConfig(port));
    daemon = start('/usr/sbin/snmpd', [
      ...['-f', '-Lo', '-C', '-c', path.join(dir, 'snmpd.conf')],
      ...['-p', path.join(dir, 'snmpd.pid'), `--persistentDir=${dir}`],
    ]);
    // Ready when it answers (a UDP port cannot be probed by connecting).
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const answered = await pollSnmp(
        { host: '127.0.0.1', port, snmp: { version: '2c', community: 'brezza-ro' } },
        APC_RPDU2_PROFILE,
        200,
      )
        .then((values) => Object.keys(values).length > 0)
        .catch(() => false);
      if (answered) return;
      if (daemon.exitCode !== null) throw new Error(`snmpd exited with ${daemon.exitCode}`);
      await delay(100);
    }
    throw new Error('snmpd did not answer');
  });
  afterAll(async () => {
    await stop(daemon);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the APC rPDU2 table over v2c', async () => {
    const values = await pollSnmp(
      { host: '127.0.0.1', port, snmp: { version: '2c', community: 'brezza-ro' } },
      APC_RPDU2_PROFILE,
    );
    expect(values).toEqual(EXPECTED_APC);
  });

  it('reads it over v3 with authentication and privacy', async () => {
    const values = await pollSnmp(
      {
        host: '127.0.0.1',
        port,
        snmp: {
          version: '3',
          user: V3.user,
          authProtocol: 'sha',
          authKey: V3.authKey,
          privProtocol: 'aes',
          privKey: V3.privKey,
        },
      },
      APC_RPDU2_PROFILE,
    );
    expect(values).toEqual(EXPECTED_APC);
  });

  it('gets no answer with a wrong v3 key', async () => {
    await expect(
      pollSnmp(
        {
          host: '127.0.0.1',
          port,
          snmp: { version: '3', user: V3.user, authKey: 'not-the-key-at-all', privKey: V3.privKey },
        },
        APC_RPDU2_PROFILE,
        500,
      ),
    ).rejects.toThrow(/SNMP/);
  });
});

describe.runIf(mustHave(snmpget) && mustHave(snmpwalk))(
  'the PDU simulator against snmpget and snmpwalk',
  () => {
    let simulator: PduSimulator;
    const net = (command: string, ...args: string[]) =>
      run(command, [
        '-v2c',
        '-c',
        'public',
        '-On',
        '-Oq',
        `127.0.0.1:${simulator.port}`,
        ...args,
      ]).then((r) => r.stdout.trim());

    beforeAll(async () => {
      if (!snmpget.available || !snmpwalk.available) throw new Error(snmpget.why);
      simulator = await startPduSimulator({ port: 0, loadKw: () => 8 });
    });
    afterAll(() => simulator?.close());

    it('answers snmpget for an outlet and the total energy', async () => {
      const outlet = await net('/usr/bin/snmpget', `${APC}.9.4.3.1.7.1`, `${APC}.9.2.3.1.5.1`);
      const [power, state] = outlet.split('\n').map((line) => line.split(' ')[1]);
      expect(Number(power)).toBeGreaterThan(0);
      expect(state).toBe('2');
    });

    it('walks the outlet power column in order, 8 outlets summing to the load', async () => {
      // The column is the last object served: the walk ends with "No more variables left".
      const lines = (await net('/usr/bin/snmpwalk', `${APC}.9.4.3.1.7`))
        .split('\n')
        .filter((line) => /^\.[\d.]+ \d+$/.test(line));
      expect(lines.map((line) => line.split(' ')[0])).toEqual(
        Array.from({ length: 8 }, (_, i) => `.${APC}.9.4.3.1.7.${i + 1}`),
      );
      const total = lines.reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
      expect(total).toBeGreaterThan(7990);
      expect(total).toBeLessThan(8010);
    });

    it('serves the Raritan layout too', async () => {
      const raritan = await startPduSimulator({ port: 0, profile: RARITAN_PDU2_PROFILE });
      try {
        const out = await run('/usr/bin/snmpwalk', [
          ...['-v2c', '-c', 'public', '-On', '-Oq', `127.0.0.1:${raritan.port}`],
          '1.3.6.1.4.1.13742.6.5.4.3.1.3.1',
        ]);
        expect(out.stdout).toContain('.1.3.6.1.4.1.13742.6.5.4.3.1.3.1.1.14 7');
      } finally {
        await raritan.close();
      }
    });
  },
);
