import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_PENDING_MESSAGE,
  COMMAND_TIMEOUT_REASON,
  DELTA_T_SETPOINT_MESSAGE,
  LAST_ADMIN_MESSAGE,
  NETWORK_MESSAGES,
  VALVE_SETPOINT_MESSAGE,
  roleRequiredMessage,
  type AgentEquipmentJobs,
  type AuditLog,
  type Command,
  type EquipmentDetail,
  type EquipmentSummary,
  type ServersList,
} from '@brezza/contract';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildRegistration } from './helpers/agent.js';

let t: TestApp;
let admin: Operator;
let viewer: Operator;
let gatewayToken: string;
let gatewayServerId: number;
let pcdu: EquipmentSummary;

const agentHeaders = () => ({ authorization: `Bearer ${gatewayToken}` });

async function setRole(userId: number, role: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${userId}/role`,
    headers: admin.headers,
    payload: { role },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A command as the browser sends it; answers the response. */
const command = (payload: unknown, who: Operator = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/equipment/${pcdu.id}/commands`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });

const detail = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/equipment/${pcdu.id}`, headers: admin.headers })
  ).json<EquipmentDetail>();

const audit = async (query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers: admin.headers })
  ).json<AuditLog>();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createOperator(t);
  viewer = await createOperator(t, { organisationId: admin.organisationId });
  await setRole(viewer.userId, 'viewer');

  const token = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: admin.headers });
  gatewayToken = token.json<{ token: string }>().token;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/agent/register',
    headers: agentHeaders(),
    payload: buildRegistration({ serverName: 'gateway-1' }),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  gatewayServerId = registered.json<{ serverId: number }>().serverId;

  const room = await t.app.inject({
    method: 'POST',
    url: '/api/rooms',
    headers: admin.headers,
    payload: { name: 'Hall A' },
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/equipment',
    headers: admin.headers,
    payload: {
      type: 'pcdu',
      name: 'pCDU-1',
      host: '127.0.0.1',
      port: 1502,
      roomId: room.json<{ id: number }>().id,
      gatewayServerId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  pcdu = created.json<EquipmentSummary>();
});

afterAll(async () => {
  await t.close();
});

describe('equipment', () => {
  it('is a device of type pcdu in the servers list, placed in its room', async () => {
    const servers = (
      await t.app.inject({ method: 'GET', url: '/api/servers', headers: viewer.headers })
    ).json<ServersList>().servers;
    const row = servers.find((server) => server.id === pcdu.id);
    expect(row).toMatchObject({ deviceType: 'pcdu', roomName: 'Hall A', rackId: null });
    expect(servers.find((server) => server.id === gatewayServerId)?.deviceType).toBe('server');
    expect(pcdu).toMatchObject({
      type: 'pcdu',
      profile: 'brezza-pcdu-v1',
      unitId: 1,
      gateway: { serverId: gatewayServerId, serverName: 'gateway-1' },
      lastSeenAt: null,
    });
  });

  it('refuses a gateway that is not a server of the organisation, and a PDU outside a rack', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/equipment',
      headers: admin.headers,
      payload: { type: 'pcdu', name: 'x', host: '10.0.0.9', gatewayServerId: pcdu.id },
    });
    expect(bad.json()).toEqual({ error: 'The gateway must be a server of your organisation.' });
    const pdu = await t.app.inject({
      method: 'POST',
      url: '/api/equipment',
      headers: admin.headers,
      payload: {
        type: 'pdu',
        name: 'PDU-A',
        host: '10.0.0.9',
        gatewayServerId,
        snmp: { version: '2c', community: 'public' },
      },
    });
    expect(pdu.statusCode).toBe(400);
    expect(pdu.json()).toEqual({ error: 'A PDU must be placed in a rack.' });
  });

  it('shows readings with units and colours, and is stale until the gateway reports', async () => {
    expect((await detail()).stale).toBe(true);
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/agent/equipment/readings',
      headers: agentHeaders(),
      payload: {
        readings: [
          {
            equipmentId: pcdu.id,
            timestampMs: Date.now(),
            values: {
              refrigerant_supply_temperature: 18.5,
              ambtemp: 45,
              psu1: 'OK',
              psu2: 'Warning',
              waterleak: false,
              valveSetpoint: 30,
              deltaTSetpoint: 15,
              ipAddress: '192.168.1.50',
              subnetMask: '255.255.255.0',
              gateway: '192.168.1.1',
              primaryDns: '192.168.1.1',
              secondaryDns: '0.0.0.0',
              interfaceStatus: 'ACTIVE',
            },
          },
        ],
      },
    });
    expect(pushed.json()).toEqual({ accepted: 1 });
    const unit = await detail();
    expect(unit.stale).toBe(false);
    const sensor = (key: string) => unit.sensors.find((s) => s.key === key);
    expect(sensor('refrigerant_supply_temperature')).toMatchObject({
      unit: '°C',
      text: '18.50',
      status: 'green',
    });
    expect(sensor('ambtemp')?.status).toBe('red');
    expect(sensor('psu2')).toMatchObject({ text: 'Warning', status: 'yellow' });
    expect(sensor('waterleak')).toMatchObject({ text: 'NO', status: 'green' });
    expect(unit.network).toMatchObject({ ipAddress: '192.168.1.50', interfaceStatus: 'ACTIVE' });
  });

  it('refuses readings of equipment the gateway does not poll', async () => {
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/agent/equipment/readings',
      headers: agentHeaders(),
      payload: { readings: [{ equipmentId: gatewayServerId, timestampMs: 1, values: { a: 1 } }] },
    });
    expect(pushed.statusCode).toBe(400);
  });
});

describe('commands', () => {
  it('validates with the contract messages', async () => {
    const cases: [unknown, string][] = [
      [{ setpoints: { valveSetpoint: 10001 } }, VALVE_SETPOINT_MESSAGE],
      [{ setpoints: { valveSetpoint: 30.5 } }, VALVE_SETPOINT_MESSAGE],
      [{ setpoints: { deltaTSetpoint: 55.1 } }, DELTA_T_SETPOINT_MESSAGE],
      [{ setpoints: { deltaTSetpoint: 15.05 } }, DELTA_T_SETPOINT_MESSAGE],
      [
        {
          network: {
            ipAddress: '192.168.1.300',
            subnetMask: '255.255.255.0',
            gateway: '192.168.1.1',
            primaryDns: '1.1.1.1',
          },
        },
        NETWORK_MESSAGES.ipAddress,
      ],
      [
        {
          network: {
            ipAddress: '192.168.1.50',
            subnetMask: '255.0.255.0',
            gateway: '192.168.1.1',
            primaryDns: '1.1.1.1',
          },
        },
        NETWORK_MESSAGES.maskNotContiguous,
      ],
      [
        {
          network: {
            ipAddress: '192.168.1.50',
            subnetMask: '255.255.255.0',
            gateway: '192.168.2.1',
            primaryDns: '1.1.1.1',
          },
        },
        NETWORK_MESSAGES.gatewayOutside,
      ],
      [
        {
          network: {
            ipAddress: '192.168.1.255',
            subnetMask: '255.255.255.0',
            gateway: '192.168.1.1',
            primaryDns: '1.1.1.1',
          },
        },
        NETWORK_MESSAGES.ipIsBroadcast,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await command(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
  });

  it('refuses a viewer with a message naming the role needed, on equipment and hierarchy', async () => {
    const refused = await command({ setpoints: { valveSetpoint: 5000 } }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: roleRequiredMessage('operator') });
    const datacenter = await t.app.inject({
      method: 'POST',
      url: '/api/datacenters',
      headers: viewer.headers,
      payload: { name: 'DC', location: 'Here' },
    });
    expect(datacenter.statusCode).toBe(403);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: viewer.headers,
    });
    expect(token.json()).toEqual({ error: roleRequiredMessage('admin') });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/equipment/${pcdu.id}`,
      headers: viewer.headers,
    });
    expect(read.statusCode).toBe(200);
  });

  it('goes pending → applied through the gateway, refusing a second change meanwhile', async () => {
    const sent = await command({ setpoints: { valveSetpoint: 4550, deltaTSetpoint: 12.3 } });
    expect(sent.statusCode).toBe(202);
    const pending = sent.json<Command>();
    expect(pending).toMatchObject({
      status: 'pending',
      previous: { valveSetpoint: 3000, deltaTSetpoint: 15 },
    });

    const second = await command({ setpoints: { valveSetpoint: 100 } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: COMMAND_PENDING_MESSAGE });

    const jobs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/agent/equipment',
        headers: agentHeaders(),
      })
    ).json<AgentEquipmentJobs>();
    expect(jobs.equipment).toEqual([
      expect.objectContaining({
        id: pcdu.id,
        address: { host: '127.0.0.1', port: 1502, unitId: 1 },
      }),
    ]);
    expect(jobs.commands).toEqual([
      {
        id: pending.id,
        equipmentId: pcdu.id,
        kind: 'setpoints',
        values: { valveSetpoint: 45.5, deltaTSetpoint: 12.3 },
      },
    ]);

    const result = await t.app.inject({
      method: 'POST',
      url: `/api/agent/equipment/commands/${pending.id}/result`,
      headers: agentHeaders(),
      payload: { status: 'applied', readBack: { valveSetpoint: 45.5, deltaTSetpoint: 12.3 } },
    });
    expect(result.json()).toEqual({ id: pending.id, status: 'applied' });
    const unit = await detail();
    expect(unit.pendingCommand).toBeNull();
    expect(unit.sensors.find((s) => s.key === 'valveSetpoint')?.value).toBe(45.5);

    const entry = (await audit(`?entity=pcdu&action=command`)).entries[0];
    expect(entry).toMatchObject({
      userId: admin.userId,
      entityId: pcdu.id,
      before: { valveSetpoint: 3000, deltaTSetpoint: 15 },
      after: { valveSetpoint: 4550, deltaTSetpoint: 12.3 },
      result: 'applied',
    });
  });

  it('fails a command unanswered for 30 s with that reason, and never sends it again', async () => {
    const sent = (await command({ setpoints: { deltaTSetpoint: 20 } })).json<Command>();
    // The command was made 31 s ago, as far as the database knows.
    await t.app.database.db
      .updateTable('equipment_commands')
      .set({ created_at: new Date(Date.now() - 31_000).toISOString() })
      .where('id', '=', sent.id)
      .execute();
    const commands = (
      await t.app.inject({
        method: 'GET',
        url: `/api/equipment/${pcdu.id}/commands`,
        headers: viewer.headers,
      })
    ).json<{ commands: Command[] }>().commands;
    expect(commands[0]).toMatchObject({
      id: sent.id,
      status: 'failed',
      reason: COMMAND_TIMEOUT_REASON,
    });
    const jobs = (
      await t.app.inject({ method: 'GET', url: '/api/agent/equipment', headers: agentHeaders() })
    ).json<AgentEquipmentJobs>();
    expect(jobs.commands).toEqual([]);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/agent/equipment/commands/${sent.id}/result`,
      headers: agentHeaders(),
      payload: { status: 'applied' },
    });
    expect(late.statusCode).toBe(409);
    expect((await audit('?action=command')).entries[0]).toMatchObject({
      result: 'failed',
      reason: COMMAND_TIMEOUT_REASON,
    });
  });

  it('records a device refusal as failed with the reason', async () => {
    const sent = (
      await command({
        network: {
          ipAddress: '10.1.2.3',
          subnetMask: '255.255.0.0',
          gateway: '10.1.0.1',
          primaryDns: '10.1.0.1',
        },
      })
    ).json<Command>();
    await t.app.inject({
      method: 'POST',
      url: `/api/agent/equipment/commands/${sent.id}/result`,
      headers: agentHeaders(),
      payload: { status: 'failed', reason: 'The device refused the change: exception 3.' },
    });
    const commands = (
      await t.app.inject({
        method: 'GET',
        url: `/api/equipment/${pcdu.id}/commands`,
        headers: admin.headers,
      })
    ).json<{ commands: Command[] }>().commands;
    expect(commands[0]).toMatchObject({
      kind: 'network',
      status: 'failed',
      reason: 'The device refused the change: exception 3.',
      previous: { ipAddress: '192.168.1.50' },
    });
  });
});

describe('roles and the audit log', () => {
  it('answers the caller with their role', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: viewer.headers });
    expect(me.json()).toMatchObject({ id: viewer.userId, role: 'viewer' });
  });

  it('keeps one admin, and lets only admins list users and set roles', async () => {
    const last = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.userId}/role`,
      headers: admin.headers,
      payload: { role: 'operator' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: LAST_ADMIN_MESSAGE });
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: viewer.headers });
    expect(list.statusCode).toBe(403);
    const other = await createOperator(t);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.userId}/role`,
      headers: admin.headers,
      payload: { role: 'viewer' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('records hierarchy changes with before and after, filterable, and exports CSV', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/datacenters',
      headers: admin.headers,
      payload: { name: 'DC1', location: 'Turin' },
    });
    const id = created.json<{ id: number }>().id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/datacenters/${id}`,
      headers: admin.headers,
      payload: { name: 'DC1', location: 'Milan' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/datacenters/${id}`, headers: admin.headers });
    const entries = (await audit(`?entity=datacenter&entityId=${id}`)).entries;
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['delete', { name: 'DC1', location: 'Milan' }, null],
      ['update', { location: 'Turin' }, { location: 'Milan' }],
      ['create', null, { name: 'DC1', location: 'Turin' }],
    ]);
    const roles = (await audit('?entity=user')).entries;
    expect(roles[0]).toMatchObject({ entityId: viewer.userId, after: { role: 'viewer' } });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?format=csv&entity=datacenter&entityId=${id}`,
      headers: viewer.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,user,action,entity,entity_id,name,before,after,result,reason');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('"{""location"":""Turin""}"');
  });
});
