import { isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  APP_TOKEN_BOUND_ELSEWHERE,
  APP_TOKEN_EXPIRED,
  APP_TOKEN_INVALID,
  APP_TOKEN_NOT_REGISTERED,
  rackAmbiguousWarning,
  rackNotFoundWarning,
  type AgentRegisterBody,
  type AgentRegisterResponse,
  type AgentSamplesBody,
  type AgentSamplesResponse,
  type AgentSample,
  agentSampleSchema,
} from '@brezza/contract';
import type { DB } from '../../db/schema.js';
import { conflict, unauthorized } from '../../errors.js';
import { createAgentRepository, type AgentReport, type ServerRow } from './repository.js';
import { flattenAgentSamples, sampleTime } from '../telemetry/flatten.js';
import { createTransactionSampleWriter, type SampleWriter } from './sample-writer.js';
import { hashSecret } from '../../lib/secrets.js';
import { inTransaction, type AfterCommit } from '../../lib/transactions.js';

export interface AgentServiceDeps {
  db: Kysely<DB>;
  /**
   * Called inside the transaction that created, renamed or re-addressed a server, so that the
   * hierarchy's cached lists are replaced when it commits.
   */
  onServersChanged(
    organisationId: number,
    trx: Transaction<DB>,
    afterCommit: AfterCommit,
  ): Promise<void>;
  /** The onboarding module's app tokens, read and bound inside the registration's transaction. */
  appTokens: FastifyInstance['onboarding']['appTokens'];
  /** The metrics module's label rebuild, inside the same transaction. */
  relabel: FastifyInstance['metrics']['relabel'];
  /**
   * Where pushes and their samples are written (the telemetry module's ingest: the metrics
   * store and the servers' latest samples); by default one transaction per push on `db`,
   * without the metrics store.
   */
  samples?: Pick<SampleWriter, 'write'>;
  /** Samples older than this are past the store's raw retention and not accepted. */
  rawRetentionMs?: number;
  now?: () => Date;
}

/** The IPv4 address of a connection (an IPv4-mapped IPv6 address counts), or null. */
export function publicIpv4From(ip: string): string | null {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return isIPv4(address) ? address : null;
}

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * What agents do with an app token: register their machine (binding the token to it on first
 * use) and push samples. Token problems are 401 (invalid, revoked, expired) or 409 (bound to
 * another machine), with texts the installer shows as they are.
 */
export function createAgentService({
  db,
  onServersChanged,
  appTokens,
  relabel,
  samples = createTransactionSampleWriter({ db, onServersChanged }),
  rawRetentionMs = 48 * 3_600_000,
  now = () => new Date(),
}: AgentServiceDeps) {
  async function register(
    secret: string,
    body: AgentRegisterBody,
    connectionIp: string,
  ): Promise<AgentRegisterResponse> {
    const at = now().toISOString();
    const tokenHash = hashSecret(secret);
    const report: AgentReport = {
      hostName: body.hostName,
      agentVersion: body.agentVersion,
      publicIpv4: publicIpv4From(connectionIp),
      at,
    };
    return inTransaction(db, async (trx, afterCommit) => {
      const tokens = appTokens(trx);
      const agents = createAgentRepository(trx);
      const found = await tokens.findByHash(tokenHash);
      if (!found || found.revoked_at) throw unauthorized(APP_TOKEN_INVALID);
      if (found.bound_machine_id === null) {
        if (found.expires_at <= at) throw unauthorized(APP_TOKEN_EXPIRED);
        await tokens.claim(found.id, body.machineId, at);
      }
      // Read again: a registration racing this one may have bound the token first.
      const token = (await tokens.findById(found.id))!;
      if (token.revoked_at) throw unauthorized(APP_TOKEN_INVALID);
      if (token.bound_machine_id === null) throw unauthorized(APP_TOKEN_EXPIRED);
      if (token.bound_machine_id !== body.machineId) throw conflict(APP_TOKEN_BOUND_ELSEWHERE);

      let server: ServerRow | undefined =
        token.server_id !== null ? await agents.findServer(token.server_id) : undefined;
      let changed: boolean;
      let serverName: string;
      if (server) {
        // A re-run or a restart: the name changes only when the config's name changed, so that
        // a rename in the web app survives restarts of an agent whose config still says the old.
        const rename = token.registered_name !== body.serverName;
        await agents.updateServer(server.id, report, rename ? body.serverName : undefined);
        if (rename) await tokens.setRegisteredName(token.id, body.serverName);
        changed = rename || addressChanged(server, report);
        serverName = rename ? body.serverName : server.server_name;
      } else {
        // A new binding: this machine's server in the organisation if it has one, else a new one.
        server = await agents.findServerByMachine(token.organisation_id, body.machineId);
        if (server) {
          await agents.updateServer(server.id, report, body.serverName);
        } else {
          server = await agents.insertServer({
            organisationId: token.organisation_id,
            serverName: body.serverName,
            machineId: body.machineId,
            report,
          });
        }
        await tokens.attachServer(token.id, server.id, body.serverName);
        changed = true;
        serverName = body.serverName;
      }
      // `--rack`: the server goes into the rack it names, if the organisation has exactly one.
      let placement: { rack?: string; warning?: string } = {};
      if (body.rack !== undefined) {
        const racks = await agents.findRacks(token.organisation_id, body.rack);
        if (racks.length === 1) {
          const rack = racks[0]!;
          if (server.rack_id !== rack.id) {
            await agents.placeServer(server.id, rack.id);
            changed = true;
          }
          placement = { rack: rack.path };
        } else {
          placement = {
            warning:
              racks.length === 0 ? rackNotFoundWarning(body.rack) : rackAmbiguousWarning(body.rack),
          };
        }
      }
      if (changed) {
        await relabel(trx, token.organisation_id, at, [server.id]);
        await onServersChanged(token.organisation_id, trx, afterCommit);
      }
      return { serverId: server.id, serverName, ...placement };
    });
  }

  async function ingest(
    secret: string,
    body: AgentSamplesBody,
    connectionIp: string,
  ): Promise<AgentSamplesResponse> {
    const received = now();
    const at = received.toISOString();
    const agents = createAgentRepository(db);
    const credential = await agents.pushCredential(hashSecret(secret));
    if (!credential || credential.revokedAt) throw unauthorized(APP_TOKEN_INVALID);
    if (credential.serverId === null) throw unauthorized(APP_TOKEN_NOT_REGISTERED);
    if (credential.boundMachineId !== body.machineId) throw conflict(APP_TOKEN_BOUND_ELSEWHERE);
    const { serverId, organisationId } = credential;

    // The newest sample is kept; a clock ahead of ours must not pin a sample as newest forever.
    const newest = body.samples.reduce((a, b) =>
      Date.parse(b.collectedAt) >= Date.parse(a.collectedAt) ? b : a,
    );
    const collectedAt = new Date(Math.min(Date.parse(newest.collectedAt), received.getTime()));
    const publicIpv4 = publicIpv4From(connectionIp);

    // Every sample goes to the metrics store; one older than the raw retention is not taken.
    const oldest = received.getTime() - rawRetentionMs;
    const accepted = body.samples.filter((s) => sampleTime(s, received.getTime()) >= oldest);
    const metrics = flattenAgentSamples(accepted, previousSample(credential.latestPayload), {
      organisationId,
      deviceId: serverId,
      receivedMs: received.getTime(),
    });

    // Answered only once the write committed: an acknowledged sample is a stored one.
    await samples.write({
      push: {
        organisationId,
        seen: { at, agentVersion: body.agentVersion, publicIpv4 },
        sample: {
          serverId,
          organisationId,
          collectedAt: collectedAt.toISOString(),
          receivedAt: at,
          payload: JSON.stringify({ ...newest, collectedAt: collectedAt.toISOString() }),
          count: accepted.length,
        },
        serversChanged: publicIpv4 !== null && publicIpv4 !== credential.publicIpv4,
      },
      samples: metrics,
    });
    return { accepted: accepted.length };
  }

  return { register, ingest };
}

/** The stored latest sample, when there is one the contract still reads. */
function previousSample(payload: string | null): AgentSample | null {
  if (payload === null) return null;
  try {
    const parsed = agentSampleSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const addressChanged = (server: ServerRow, report: AgentReport) =>
  report.publicIpv4 !== null && report.publicIpv4 !== server.public_ipv4;
