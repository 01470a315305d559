import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_SIGNATURE_HEADER,
  type AlertsList,
  type CurrentPlan,
  type EquipmentSummary,
} from '@brezza/contract';
import type { Operator } from './auth.js';
import { buildRegistration } from './agent.js';

/**
 * Sets an organisation's plan as a paid checkout leaves it (alerts need Argento); the purchase
 * itself is plans.test.ts's subject.
 */
export async function setPlan(app: FastifyInstance, organisationId: number, plan: CurrentPlan) {
  await app.database.db
    .updateTable('organisations')
    .set({ plan })
    .where('id', '=', organisationId)
    .execute();
}

/** A local webhook receiver: every request's raw body and signature header. */
export async function webhookReceiver() {
  const received: { body: string; signature: string }[] = [];
  let status = 200;
  let held: Promise<void> = Promise.resolve();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? '') });
      void held.then(() => {
        response.statusCode = status;
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(next: number) {
      status = next;
    },
    /** Requests from now on are received but not answered until `release` is called. */
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
    /** Whether the signature is HMAC-SHA256 of the exact body with the secret. */
    valid(secret: string, entry: { body: string; signature: string }) {
      const expected = Buffer.from(
        `sha256=${createHmac('sha256', secret).update(entry.body).digest('hex')}`,
      );
      const actual = Buffer.from(entry.signature);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function outboxMails(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

/** Polls until `check` passes (the engine and notifier run on their own timers). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function alertsOf(app: FastifyInstance, who: Operator): Promise<AlertsList> {
  const response = await app.inject({ method: 'GET', url: '/api/alerts', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertsList>();
}

/** One reading of a unit, pushed as its gateway's agent does (the real ingest path). */
export async function pushReading(
  app: FastifyInstance,
  agent: Record<string, string>,
  equipmentId: number,
  timestampMs: number,
  values: Record<string, unknown>,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/agent/equipment/readings',
    headers: agent,
    payload: { readings: [{ equipmentId, timestampMs, values }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A gateway server and a pCDU it polls; answers the agent's headers and the unit. */
export async function gatewayWithPcdu(app: FastifyInstance, admin: Operator) {
  const token = await app.inject({ method: 'POST', url: '/api/tokens', headers: admin.headers });
  const headers = { authorization: `Bearer ${token.json<{ token: string }>().token}` };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/agent/register',
    headers,
    payload: buildRegistration({ serverName: 'gateway-1' }),
  });
  const gatewayServerId = registered.json<{ serverId: number }>().serverId;
  const created = await app.inject({
    method: 'POST',
    url: '/api/equipment',
    headers: admin.headers,
    payload: { type: 'pcdu', name: 'pCDU-1', host: '127.0.0.1', port: 1502, gatewayServerId },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { headers, pcdu: created.json<EquipmentSummary>() };
}

export const NORMAL_PCDU = {
  refrigerant_supply_temperature: 20,
  wflow: 120,
  psu1: 'OK',
  psu2: 'OK',
  waterleak: false,
};
