import type { Kysely, Transaction } from 'kysely';
import {
  COMMAND_FAILURE,
  COMMAND_NO_GATEWAY_MESSAGE,
  COMMAND_PENDING_MESSAGE,
  COMMAND_TIMEOUT_MS,
  COMMAND_TIMEOUT_REASON,
  COMMAND_UNSUPPORTED_MESSAGE,
  GATEWAY_NOT_SERVER,
  POLL_INTERVAL_MS,
  equipmentProfile,
  notFoundMessage,
  sensorDefinition,
  sensorStatus,
  sensorText,
  setpointCommandValues,
  snmpCredentialsSchema,
  staleAfterMs,
  type AgentCommandResultBody,
  type AgentCommandResultResponse,
  type AgentEquipmentJobs,
  type AgentEquipmentReadingsBody,
  type AgentEquipmentReadingsResponse,
  type Command,
  type EquipmentCommand,
  type EquipmentDetail,
  type EquipmentSummary,
  type NewEquipment,
  type ParsedCommand,
  type ReadingValue,
  type SensorReading,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { createAuditRepository, type Actor } from '../audit/repository.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { inTransaction, type AfterCommit } from '../../lib/transactions.js';
import { createEquipmentRepository, type CommandRow, type EquipmentRow } from './repository.js';
import type { AppTokens, MetricSample } from '../../types.js';
import { readingSamples } from './samples.js';

export const EQUIPMENT_NOT_FOUND = 'No such equipment in your organisation.';
export const COMMAND_NOT_PENDING = 'This command is no longer pending.';
export const COMMAND_NOT_FOR_GATEWAY = 'This command is not for this gateway.';
export const READING_NOT_FOR_GATEWAY = (id: number) =>
  `Equipment ${id} is not polled by this gateway.`;

/** The readings the Network Config tab shows, as the default pCDU profile names them. */
const NETWORK_KEYS = ['ipAddress', 'subnetMask', 'gateway', 'primaryDns', 'secondaryDns'] as const;

export interface EquipmentServiceDeps {
  db: Kysely<DB>;
  /** Replaces the organisation's hierarchy stamp in the transaction that added a device. */
  onDevicesChanged(
    organisationId: number,
    trx: Transaction<DB>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** Stores numeric readings in the metrics store (and its live fan-out). */
  writeSamples(samples: MetricSample[]): Promise<void>;
  /** The gateway server an agent's app token names. */
  appTokens: AppTokens;
  now?: () => Date;
}

const parseJson = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

function commandView(row: CommandRow): Command {
  return {
    id: row.id,
    equipmentId: row.server_id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    requested: JSON.parse(row.requested) as Record<string, unknown>,
    previous: parseJson(row.previous),
    requestedBy: row.requested_by_name,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

function summary(row: EquipmentRow): EquipmentSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    profile: row.profile,
    host: row.host,
    port: row.port,
    unitId: row.unitId,
    placement: {
      datacenterId: row.datacenterId,
      datacenterName: row.datacenterName,
      roomId: row.roomId,
      roomName: row.roomName,
      rackId: row.rackId,
      rackName: row.rackName,
    },
    gateway:
      row.gatewayServerId !== null && row.gatewayName !== null
        ? { serverId: row.gatewayServerId, serverName: row.gatewayName }
        : null,
    lastSeenAt: row.lastSeenAt,
  };
}

/** What a command's agent job carries: values in the registers' units (the valve in %). */
function agentCommand(row: CommandRow): EquipmentCommand {
  const requested = JSON.parse(row.requested) as Record<string, unknown>;
  if (row.kind === 'setpoints') {
    return {
      id: row.id,
      equipmentId: row.server_id,
      kind: 'setpoints',
      values: setpointCommandValues(
        requested as { valveSetpoint?: number; deltaTSetpoint?: number },
      ),
    };
  }
  const values = Object.fromEntries(
    Object.entries(requested).filter(([, value]) => value !== null),
  ) as Record<string, string>;
  return { id: row.id, equipmentId: row.server_id, kind: 'network', values };
}

/**
 * Equipment: adding units, reading their latest values, and commands. A command is checked,
 * recorded with its audit entry in one transaction, handed to the gateway agent on its next
 * poll, and settled by the agent's result or by the 30 s timeout, whichever comes first; it is
 * never sent twice.
 */
export function createEquipmentService({
  db,
  onDevicesChanged,
  writeSamples,
  appTokens,
  now = () => new Date(),
}: EquipmentServiceDeps) {
  const missing = () => notFound(EQUIPMENT_NOT_FOUND);

  /** Fails every overdue pending command (of one unit, or all) with the timeout reason. */
  async function failOverdue(serverId?: number): Promise<number> {
    const before = new Date(now().getTime() - COMMAND_TIMEOUT_MS).toISOString();
    const overdue = await createEquipmentRepository(db).overdue(before, serverId);
    for (const command of overdue) {
      await db.transaction().execute(async (trx) => {
        const settled = await createEquipmentRepository(trx).settle(
          command.id,
          'failed',
          COMMAND_TIMEOUT_REASON,
          now().toISOString(),
        );
        if (settled) {
          await createAuditRepository(trx).settleCommand(
            command.id,
            'failed',
            COMMAND_TIMEOUT_REASON,
          );
        }
      });
    }
    return overdue.length;
  }

  const requireGateway = (secret: string) => appTokens.gateway(secret);

  function sensorsOf(
    row: EquipmentRow,
    readings: { sensor: string; value: string; at: string }[],
  ): SensorReading[] {
    const profile = equipmentProfile(row.profile);
    return readings.map((reading) => {
      const definition = sensorDefinition(profile, reading.sensor);
      const value = JSON.parse(reading.value) as ReadingValue | null;
      return {
        key: reading.sensor,
        label: definition.label,
        unit: definition.unit,
        subsystem: definition.subsystem,
        value,
        text: sensorText(definition, value),
        at: reading.at,
        status: sensorStatus(definition, value),
      };
    });
  }

  return {
    failOverdue,

    async list(organisationId: number): Promise<EquipmentSummary[]> {
      return (await createEquipmentRepository(db).list(organisationId)).map(summary);
    },

    async create(actor: Actor, body: NewEquipment): Promise<EquipmentSummary> {
      const organisationId = actor.organisationId;
      const at = now().toISOString();
      const id = await inTransaction(db, async (trx, afterCommit) => {
        const repository = createEquipmentRepository(trx);
        const owned = async (
          table: 'racks' | 'rooms',
          rowId: number | null,
          entity: 'rack' | 'room',
        ) => {
          if (rowId === null) return;
          const row = await trx
            .selectFrom(table)
            .select('id')
            .where('id', '=', rowId)
            .where('organisation_id', '=', organisationId)
            .executeTakeFirst();
          if (!row) throw notFound(notFoundMessage(entity));
        };
        await owned('racks', body.rackId, 'rack');
        await owned('rooms', body.roomId, 'room');
        if (!(await repository.isServer(organisationId, body.gatewayServerId))) {
          throw badRequest(GATEWAY_NOT_SERVER);
        }
        const newId = await repository.insert(organisationId, {
          type: body.type,
          name: body.name,
          rackId: body.rackId,
          roomId: body.roomId,
          profile: body.profile,
          host: body.host,
          port: body.port,
          unitId: body.unitId,
          snmp: body.snmp ? JSON.stringify(snmpCredentialsSchema.parse(body.snmp)) : null,
          gatewayServerId: body.gatewayServerId,
          at,
        });
        await createAuditRepository(trx).record(actor, {
          action: 'create',
          entity: body.type,
          entityId: newId,
          entityName: body.name,
          after: {
            name: body.name,
            profile: body.profile,
            address: `${body.host}:${body.port}`,
            rackId: body.rackId,
            roomId: body.roomId,
            gatewayServerId: body.gatewayServerId,
          },
        });
        await onDevicesChanged(organisationId, trx, afterCommit);
        return newId;
      });
      return summary((await createEquipmentRepository(db).find(organisationId, id))!);
    },

    async detail(organisationId: number, id: number): Promise<EquipmentDetail> {
      const repository = createEquipmentRepository(db);
      const row = await repository.find(organisationId, id);
      if (!row) throw missing();
      await failOverdue(id);
      const readings = await repository.readings(id);
      const sensors = sensorsOf(row, readings);
      const byKey = new Map(readings.map((reading) => [reading.sensor, reading]));
      const networkAt = byKey.get('ipAddress')?.at;
      const text = (key: string) => {
        const reading = byKey.get(key);
        return reading ? String(JSON.parse(reading.value)) : '';
      };
      const pending = await repository.pendingCommand(id);
      const current = now();
      const stale =
        row.lastSeenAt === null ||
        current.getTime() - Date.parse(row.lastSeenAt) > staleAfterMs(row.type);
      return {
        ...summary(row),
        stale,
        pollIntervalMs: POLL_INTERVAL_MS[row.type],
        sensors,
        network:
          networkAt === undefined
            ? null
            : {
                ipAddress: text('ipAddress'),
                subnetMask: text('subnetMask'),
                gateway: text('gateway'),
                primaryDns: text('primaryDns'),
                secondaryDns: text('secondaryDns') || null,
                interfaceStatus: text('interfaceStatus') === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
                at: networkAt,
              },
        pendingCommand: pending ? commandView(pending) : null,
        serverTime: current.toISOString(),
      };
    },

    async commands(organisationId: number, id: number): Promise<Command[]> {
      const repository = createEquipmentRepository(db);
      if (!(await repository.find(organisationId, id))) throw missing();
      await failOverdue(id);
      return (await repository.commands(id, 100)).map(commandView);
    },

    /** Records a change and queues it for the gateway; refused while another is pending. */
    async command(actor: Actor, id: number, parsed: ParsedCommand): Promise<Command> {
      const repository = createEquipmentRepository(db);
      const row = await repository.find(actor.organisationId, id);
      if (!row) throw missing();
      if (row.type !== 'pcdu') throw badRequest(COMMAND_UNSUPPORTED_MESSAGE);
      if (row.gatewayServerId === null) throw conflict(COMMAND_NO_GATEWAY_MESSAGE);
      await failOverdue(id);

      const readings = new Map(
        (await repository.readings(id)).map((r) => [r.sensor, JSON.parse(r.value) as unknown]),
      );
      let requested: Record<string, unknown>;
      let previous: Record<string, unknown> | null;
      if (parsed.kind === 'setpoints') {
        requested = { ...parsed.setpoints };
        const valve = readings.get('valveSetpoint');
        const deltaT = readings.get('deltaTSetpoint');
        previous = Object.fromEntries(
          Object.keys(requested).map((key) => [
            key,
            key === 'valveSetpoint'
              ? typeof valve === 'number'
                ? Math.round(valve * 100)
                : null
              : typeof deltaT === 'number'
                ? Math.round(deltaT * 10) / 10
                : null,
          ]),
        );
      } else {
        requested = { ...parsed.network };
        previous = Object.fromEntries(NETWORK_KEYS.map((key) => [key, readings.get(key) ?? null]));
      }
      const at = now().toISOString();
      try {
        const created = await db.transaction().execute(async (trx) => {
          const commands = createEquipmentRepository(trx);
          if (await commands.pendingCommand(id)) throw conflict(COMMAND_PENDING_MESSAGE);
          const command = await commands.insertCommand({
            organisation_id: actor.organisationId,
            server_id: id,
            kind: parsed.kind,
            requested: JSON.stringify(requested),
            previous: JSON.stringify(previous),
            status: 'pending',
            reason: null,
            requested_by: actor.id,
            requested_by_name: actor.name,
            created_at: at,
            dispatched_at: null,
            completed_at: null,
          });
          await createAuditRepository(trx).record(actor, {
            action: 'command',
            entity: row.type,
            entityId: id,
            entityName: row.name,
            before: previous,
            after: requested,
            result: 'pending',
            commandId: command.id,
          });
          return command;
        });
        return commandView(created);
      } catch (error) {
        // Two requests at once: the partial unique index lets only one pending command in.
        if (isUniqueViolation(error)) throw conflict(COMMAND_PENDING_MESSAGE);
        throw error;
      }
    },

    // -------------------------------------------------------------------------------------------
    // The gateway agent's calls (app token).

    async jobs(secret: string): Promise<AgentEquipmentJobs> {
      const gateway = await requireGateway(secret);
      const repository = createEquipmentRepository(db);
      await failOverdue();
      const equipment = await repository.forGateway(gateway.serverId);
      const pending = await repository.pendingForGateway(gateway.serverId);
      await repository.markDispatched(
        pending.map((command) => command.id),
        now().toISOString(),
      );
      return {
        equipment: equipment.map((row) => ({
          id: row.id,
          type: row.type,
          profile: row.profile,
          address: {
            host: row.host,
            port: row.port,
            ...(row.unitId !== null ? { unitId: row.unitId } : {}),
            ...(row.snmp !== null
              ? { snmp: snmpCredentialsSchema.parse(JSON.parse(row.snmp)) }
              : {}),
          },
          pollIntervalSeconds: POLL_INTERVAL_MS[row.type] / 1000,
        })),
        commands: pending.map(agentCommand),
      };
    },

    async readings(
      secret: string,
      body: AgentEquipmentReadingsBody,
    ): Promise<AgentEquipmentReadingsResponse> {
      const gateway = await requireGateway(secret);
      const units = new Map(
        (await createEquipmentRepository(db).forGateway(gateway.serverId)).map((row) => [
          row.id,
          row,
        ]),
      );
      for (const reading of body.readings) {
        if (!units.has(reading.equipmentId))
          throw badRequest(READING_NOT_FOR_GATEWAY(reading.equipmentId));
      }
      const received = now().getTime();
      const samples: MetricSample[] = [];
      await db.transaction().execute(async (trx) => {
        const repository = createEquipmentRepository(trx);
        for (const reading of [...body.readings].sort((a, b) => a.timestampMs - b.timestampMs)) {
          const keys = Object.keys(reading.values);
          if (keys.length === 0) continue;
          // A clock ahead of ours must not make a reading look fresh for ever.
          const at = new Date(Math.min(reading.timestampMs, received)).toISOString();
          await repository.upsertReadings(reading.equipmentId, at, reading.values);
          await repository.seen(reading.equipmentId, at, null);
          const unit = units.get(reading.equipmentId)!;
          samples.push(...readingSamples(unit.organisationId, unit.type, reading));
        }
      });
      if (samples.length > 0) await writeSamples(samples);
      return { accepted: body.readings.length };
    },

    async commandResult(
      secret: string,
      commandId: number,
      body: AgentCommandResultBody,
    ): Promise<AgentCommandResultResponse> {
      const gateway = await requireGateway(secret);
      return db.transaction().execute(async (trx) => {
        const repository = createEquipmentRepository(trx);
        const command = await repository.findCommand(commandId);
        const unit =
          command &&
          (await repository.forGateway(gateway.serverId)).find((u) => u.id === command.server_id);
        if (!command || !unit) throw notFound(COMMAND_NOT_FOR_GATEWAY);
        const at = now().toISOString();
        const reason =
          body.status === 'failed'
            ? (body.reason ?? COMMAND_FAILURE.refused('no reason given'))
            : null;
        if (!(await repository.settle(commandId, body.status, reason, at))) {
          throw conflict(
            `${COMMAND_NOT_PENDING} It ${command.status === 'failed' ? `failed: ${command.reason ?? ''}` : 'was applied.'}`,
          );
        }
        await createAuditRepository(trx).settleCommand(commandId, body.status, reason);
        if (body.readBack) await repository.upsertReadings(command.server_id, at, body.readBack);
        return { id: commandId, status: body.status };
      });
    },
  };
}

export type EquipmentService = ReturnType<typeof createEquipmentService>;
