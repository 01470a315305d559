import fp from 'fastify-plugin';
import { equipmentMetricName } from '@brezza/contract';
import { inTransaction } from '../../lib/transactions.js';
import { DEMO_ORGANISATION_NAME } from './seed.js';
import {
  backfillSamples,
  demoGatewayToken,
  runDemoEquipment,
  seedDemoEquipment,
  type DemoEquipmentRun,
} from './equipment.js';

const BACKFILL_BATCH = 5_000;

/**
 * The demo organisation's pCDU and PDUs (development only, DEMO_EQUIPMENT): simulators on
 * 127.0.0.1 speaking Modbus TCP and SNMP, read by the agent's own collectors through the
 * gateway protocol over HTTP, exactly as a gateway server's agent would; on a fresh demo, seven
 * days of history from the simulators' models first.
 */
export const demoEquipmentPlugin = fp(
  async (app) => {
    const settings = app.config.demoEquipment;
    if (settings === null) return;
    const { pcduPort } = settings;
    let run: DemoEquipmentRun | null = null;
    let closing = false;

    async function start(baseUrl: string) {
      const { db } = app.database;
      const organisation = await db
        .selectFrom('organisations')
        .select('id')
        .where('name', '=', DEMO_ORGANISATION_NAME)
        .orderBy('id')
        .executeTakeFirst();
      if (!organisation) return;
      const units = await inTransaction(db, async (trx, afterCommit) => {
        const seeded = await seedDemoEquipment(trx, organisation.id, pcduPort);
        if (seeded) await app.hierarchy.changed(organisation.id, trx, afterCommit);
        return seeded;
      });
      if (!units) return;
      const token = await demoGatewayToken(
        db,
        app.config.dataDir,
        organisation.id,
        units.gatewayServerId,
      );
      const seen = await db
        .selectFrom('equipment')
        .select('last_seen_at')
        .where('server_id', '=', units.pcdu.id)
        .executeTakeFirstOrThrow();
      if (seen.last_seen_at === null) {
        const samples = backfillSamples(organisation.id, units, Date.now());
        for (let i = 0; i < samples.length && !closing; i += BACKFILL_BATCH) {
          await app.metricsStore.write(samples.slice(i, i + BACKFILL_BATCH), {
            history: true,
            publish: false,
          });
        }
        if (!closing) app.anomalies.jobs.historyWritten(organisation.id);
      }
      if (closing) return;
      const meters = await app.metricsStore.latest({
        organisationId: organisation.id,
        deviceIds: [units.pcdu.id, ...units.pdus.map((unit) => unit.id)],
        metrics: [equipmentMetricName('pcdu', 'energy'), equipmentMetricName('pdu', 'energy')],
      });
      run = await runDemoEquipment({
        units,
        baseUrl,
        token,
        log: (line) => app.log.info(`demo gateway: ${line}`),
        energyKwh: (unitId) => meters.find((sample) => sample.deviceId === unitId)?.value,
      });
      app.log.info(
        `Demo equipment: pCDU simulator on 127.0.0.1:${units.pcdu.port} (Modbus TCP), PDUs on UDP ${units.pdus.map((p) => p.port).join(', ')}.`,
      );
    }

    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address === null || typeof address === 'string') return;
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      // In the background: the server answers at once; the demo's values arrive seconds later.
      start(`http://${host}:${address.port}`).catch((error: unknown) => {
        app.log.warn(
          { err: error },
          'the demo equipment did not start (is another server using its ports?)',
        );
      });
    });
    app.addHook('onClose', async () => {
      closing = true;
      await run?.stop();
    });
  },
  { name: 'demo-equipment', dependencies: ['database', 'hierarchy', 'telemetry', 'equipment'] },
);
