import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTHING_TO_REVERT,
  RECOMMENDATION_NOT_PROPOSED,
  planRequiredMessage,
  roleRequiredMessage,
  type AgentEquipmentJobs,
  type AuditLog,
  type EquipmentRecommendations,
  type EquipmentSummary,
  type Recommendation,
  type RecommendationsFeed,
} from '@brezza/contract';
import { pcduHistory } from '@brezza/agent/equipment';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, createViewer, type Operator } from './helpers/auth.js';
import { gatewayWithPcdu } from './helpers/alerts.js';

let t: TestApp;
let admin: Operator;
let viewer: Operator;
let agent: Record<string, string>;
let pcdu: EquipmentSummary;

const HEAT_LOAD_KW = 8;

async function setPlan(organisationId: number, plan: 'platino' | 'oro') {
  await t.app.database.db
    .updateTable('organisations')
    .set({ plan })
    .where('id', '=', organisationId)
    .execute();
}

/** Three hours of the unit's readings, one a minute, as the gateway agent pushes them. */
async function pushHistory() {
  const nowMs = Date.now();
  const readings = [
    ...pcduHistory({ fromMs: nowMs - 3 * 3_600_000, toMs: nowMs, heatLoadKw: HEAT_LOAD_KW }),
  ].map((reading) => ({ equipmentId: pcdu.id, ...reading }));
  for (let i = 0; i < readings.length; i += 100) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/equipment/readings',
      headers: agent,
      payload: { readings: readings.slice(i, i + 100) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

const recommendations = async (who: Operator = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/equipment/${pcdu.id}/recommendations`,
    headers: who.headers,
  });

const list = async () => (await recommendations()).json<EquipmentRecommendations>();

/** The gateway agent takes the pending command and reports it applied, read back. */
async function agentApplies() {
  const jobs = (
    await t.app.inject({ method: 'GET', url: '/api/agent/equipment', headers: agent })
  ).json<AgentEquipmentJobs>();
  const [command] = jobs.commands;
  expect(command?.kind).toBe('setpoints');
  const result = await t.app.inject({
    method: 'POST',
    url: `/api/agent/equipment/commands/${command!.id}/result`,
    headers: agent,
    payload: { status: 'applied', readBack: command!.values },
  });
  expect(result.statusCode, result.body).toBe(200);
  return command!;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createOperator(t);
  viewer = await createViewer(t, admin);
  await setPlan(admin.organisationId, 'platino');
  ({ headers: agent, pcdu } = await gatewayWithPcdu(t.app, admin));
  await pushHistory();
});

afterAll(async () => {
  await t.close();
});

describe('recommendations', () => {
  it('is a Platino feature', async () => {
    const other = await createOperator(t);
    await setPlan(other.organisationId, 'oro');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/recommendations',
      headers: other.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: planRequiredMessage('recommendations') });
  });

  it('proposes setpoints from the twin calibrated on the unit, with saving, prediction and risk', async () => {
    const response = await recommendations(viewer);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EquipmentRecommendations>();
    expect(body.automaticMode).toBe(false);
    expect(body.note).toBeNull();
    const [proposal] = body.recommendations;
    expect(proposal).toMatchObject({
      equipmentId: pcdu.id,
      status: 'proposed',
      baseline: { valveSetpoint: 3000, deltaTSetpoint: 15 },
      realised: null,
    });
    expect(proposal!.predictedSavingPercent).toBeGreaterThan(10);
    expect(proposal!.predicted.coolantSupplyC).toBeLessThanOrEqual(30);
    expect(proposal!.predicted.waterFlowLpm).toBeGreaterThanOrEqual(6);
    expect(proposal!.predicted.coolingPowerKw).toBeLessThan(
      proposal!.predicted.baselineCoolingPowerKw,
    );
    expect(proposal!.risk.marginSigma).toBeGreaterThanOrEqual(2);
    // The twin fits the simulator it was calibrated on closely.
    expect(body.twin!.effectiveness).toBeCloseTo(0.75, 1);
    expect(body.twin!.error.waterOutletK).toBeLessThan(0.3);

    // Within the interval, the twin is not run again.
    expect((await list()).recommendations).toHaveLength(1);
    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/recommendations', headers: viewer.headers })
    ).json<RecommendationsFeed>();
    expect(feed.recommendations.map((r) => r.id)).toEqual([proposal!.id]);
  });

  it('keeps the standing proposal on the next run, checked again, instead of a near copy', async () => {
    const [before] = (await list()).recommendations;
    // The next run is due: the proposal was last checked longer ago than the interval.
    await t.app.database.db
      .updateTable('recommendations')
      .set({ checked_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .execute();
    const after = (await list()).recommendations;
    expect(after.map((r) => r.id)).toEqual([before!.id]);
    expect(after[0]).toMatchObject({
      status: 'proposed',
      setpoints: before!.setpoints,
      createdAt: before!.createdAt,
    });
    expect(Date.parse(after[0]!.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is applied by an operator through the audited command path: pending, then applied', async () => {
    const [proposal] = (await list()).recommendations;
    const url = `/api/equipment/${pcdu.id}/recommendations/${proposal!.id}/apply`;
    const refused = await t.app.inject({ method: 'POST', url, headers: viewer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: roleRequiredMessage('operator') });

    const applied = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(applied.statusCode, applied.body).toBe(202);
    const pending = applied.json<Recommendation>();
    expect(pending.status).toBe('pending');
    expect(pending.commandId).not.toBeNull();

    const again = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: RECOMMENDATION_NOT_PROPOSED });

    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/audit-log?entity=pcdu&action=command',
        headers: admin.headers,
      })
    ).json<AuditLog>();
    expect(audit.entries[0]).toMatchObject({
      result: 'pending',
      before: { valveSetpoint: 3000, deltaTSetpoint: 15 },
      after: pending.setpoints,
    });

    const command = await agentApplies();
    expect(command.id).toBe(pending.commandId);
    const settled = (await list()).recommendations.find((r) => r.id === proposal!.id)!;
    expect(settled.status).toBe('applied');
    expect(settled.appliedAt).not.toBeNull();
  });

  it('reverts to the setpoints in force before, once', async () => {
    const url = `/api/equipment/${pcdu.id}/recommendations/revert`;
    const reverted = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(reverted.statusCode, reverted.body).toBe(202);
    const command = await agentApplies();
    expect(command.values).toEqual({ valveSetpoint: 30, deltaTSetpoint: 15 });
    const row = (await list()).recommendations.find((r) => r.id === reverted.json().id)!;
    expect(row.status).toBe('reverted');
    const twice = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: NOTHING_TO_REVERT });
  });

  it('applies fresh proposals itself only under automatic mode, which admins turn on (audited)', async () => {
    const url = '/api/recommendations/settings';
    const byViewer = await t.app.inject({
      method: 'PUT',
      url,
      headers: viewer.headers,
      payload: { automaticMode: true },
    });
    expect(byViewer.statusCode).toBe(403);

    // Time passes: the last run is older than the interval, so the loop runs the twin again.
    await t.app.database.db
      .updateTable('recommendations')
      .set({ checked_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .execute();
    await t.app.recommendations.runScheduled(async () => true);
    const shadow = (await list()).recommendations[0]!;
    expect(shadow.status).toBe('proposed');

    const on = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { automaticMode: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ automaticMode: true });
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/audit-log?entity=organisation',
        headers: admin.headers,
      })
    ).json<AuditLog>();
    expect(audit.entries[0]).toMatchObject({
      action: 'update',
      before: { recommendationsAutomaticMode: false },
      after: { recommendationsAutomaticMode: true },
    });

    await t.app.recommendations.runScheduled(async () => true);
    const automatic = (await list()).recommendations.find((r) => r.id === shadow.id)!;
    expect(automatic).toMatchObject({ status: 'pending', appliedBy: 'Automatic mode' });
    await agentApplies();
    expect((await list()).recommendations.find((r) => r.id === shadow.id)!.status).toBe('applied');
  });

  it('measures the realised saving an hour after the change, beside the prediction', async () => {
    const applied = (await list()).recommendations.find((r) => r.status === 'applied')!;
    expect(applied.realised).toBeNull();
    // The hour after "applying" is one the unit in fact ran at the baseline: nothing was saved.
    await t.app.database.db
      .updateTable('recommendations')
      .set({ applied_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('id', '=', applied.id)
      .execute();
    const measured = (await list()).recommendations.find((r) => r.id === applied.id)!;
    expect(measured.realised).not.toBeNull();
    expect(Math.abs(measured.realised!.savingPercent)).toBeLessThan(3);
    expect(measured.realised!.baselineCoolingPowerKw).toBeCloseTo(
      measured.predicted.baselineCoolingPowerKw,
      1,
    );
  });
});
