import { z } from 'zod';
import { SERVER_NAME_REQUIRED } from './devices.js';
import { NAME_MAX_LENGTH } from './limits.js';
import { rackReferenceSchema } from './hierarchy-bulk.js';
import { CONTROL_CHARACTERS, personText } from './person-text.js';

/**
 * Onboarding (SPEC §4 Installer flow, DESIGN §5): the operator asks for an app token, the web app
 * builds the installer command with it, and the installer registers the server and pushes
 * samples with that token. The agent calls are ours, not the SPEC's.
 */

/** SPEC §7: no body; answers `{ token }` (plus when an unused token stops working). */
export const TOKENS_PATH = '/api/tokens';
/** Where the server serves the installer binary; the installer command downloads it. */
export const AGENT_DOWNLOAD_PATH = '/static/brezza-agent';
export const AGENT_BINARY_NAME = 'brezza-agent';
/**
 * The server appends `\n<marker><origin>\n` to the executable it serves: the installer's
 * `--api-url` defaults to the URL it was downloaded from. Trailing bytes do not change an ELF.
 */
export const AGENT_API_URL_MARKER = '#brezza-api-url=';
export const AGENT_REGISTER_PATH = '/api/agent/register';
export const AGENT_SAMPLES_PATH = '/api/agent/samples';

/** An app token nobody registered with stops working after this long. */
export const APP_TOKEN_TTL_HOURS = 24;
/** Every app token starts with this, so that secret scanners and people recognise one. */
export const APP_TOKEN_PREFIX = 'brz_';
/** The agent's default push interval. */
export const DEFAULT_SAMPLE_INTERVAL_SECONDS = 15;
/** Samples older than this are left out of the metrics: the agent has gone quiet. */
export const SAMPLE_STALE_AFTER_SECONDS = 300;
/** Most samples one push may carry (an agent flushing its buffer after an outage). */
export const MAX_SAMPLES_PER_PUSH = 20;

export const createTokenResponseSchema = z.object({
  token: z.string().min(1),
  /** ISO-8601: when the token stops working if no server registered with it. */
  expiresAt: z.string(),
});
export type CreateTokenResponse = z.infer<typeof createTokenResponseSchema>;

export const refreshMetricsResponseSchema = z.object({
  refreshed: z.object({ servers: z.number().int().nonnegative() }),
  at: z.string(),
});
export type RefreshMetricsResponse = z.infer<typeof refreshMetricsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Agent calls: `Authorization: Bearer <app token>`.

/** The same rule as the Edit Server dialog and every other name a person types. */
export const agentServerNameSchema = personText(
  'Server name',
  SERVER_NAME_REQUIRED,
  NAME_MAX_LENGTH,
);

/** systemd's /etc/machine-id is 32 hex digits; a DMI product UUID has dashes. */
export const machineIdSchema = z
  .string({ error: 'machineId is required.' })
  .regex(/^[0-9a-f-]{16,64}$/, 'machineId must be 16 to 64 lowercase hex digits or dashes.');

const shortText = (max = 128) =>
  z
    .string()
    .max(max)
    // The server's messages name the field: "filesystems[0].device must be printable text."
    .refine((value) => !CONTROL_CHARACTERS.test(value), { params: { mustBe: 'printable text' } });
const agentVersionSchema = z.string().regex(/^[0-9A-Za-z.+-]{1,32}$/, 'agentVersion is invalid.');

export const agentRegisterBodySchema = z.object({
  serverName: agentServerNameSchema,
  machineId: machineIdSchema,
  hostName: shortText(255),
  /** The machine's own interface addresses, for the operator's information. */
  addresses: z.array(z.string().max(64)).max(64),
  agentVersion: agentVersionSchema,
  /**
   * The installer's `--rack`: a rack id or "<datacenter> / <room> / <rack>" (issue 16). The
   * server is placed there; a rack that does not exist leaves it where it was (a new server:
   * 'Unassigned') and the answer's `warning` says so.
   */
  rack: rackReferenceSchema.optional(),
});
export type AgentRegisterBody = z.infer<typeof agentRegisterBodySchema>;

export const agentRegisterResponseSchema = z.object({
  serverId: z.number().int().positive(),
  serverName: z.string(),
  /** The rack path the server was placed in, when the registration named one that exists. */
  rack: z.string().optional(),
  /** What the installer prints as a warning (a rack that does not exist). */
  warning: z.string().optional(),
});
export type AgentRegisterResponse = z.infer<typeof agentRegisterResponseSchema>;

const count = z.number().finite().nonnegative();
const celsius = z.number().finite().min(-273.15).max(1000);

/** One reading of the machine; every part is optional because not every machine has it. */
export const agentSampleSchema = z.object({
  collectedAt: z.iso.datetime({ offset: true }),
  uptimeSeconds: count.optional(),
  cpu: z
    .object({ count: z.number().int().min(1).max(4096), usageRatio: z.number().min(0).max(1) })
    .optional(),
  memory: z
    .object({
      totalBytes: count,
      availableBytes: count,
      swapTotalBytes: count,
      swapFreeBytes: count,
    })
    .optional(),
  load: z.object({ load1: count, load5: count, load15: count }).optional(),
  filesystems: z
    .array(
      z.object({
        device: shortText(),
        mountpoint: shortText(255),
        fsType: shortText(32),
        sizeBytes: count,
        freeBytes: count,
        availableBytes: count,
      }),
    )
    .max(64)
    .optional(),
  disks: z
    .array(z.object({ device: shortText(), readBytes: count, writtenBytes: count }))
    .max(64)
    .optional(),
  network: z
    .array(
      z.object({
        interface: shortText(),
        receiveBytes: count,
        transmitBytes: count,
        receiveErrors: count,
        transmitErrors: count,
      }),
    )
    .max(128)
    .optional(),
  temperatures: z
    .array(
      z.object({
        source: z.enum(['hwmon', 'thermal']),
        chip: shortText(),
        sensor: shortText(),
        celsius,
      }),
    )
    .max(256)
    .optional(),
  power: z
    .array(
      z.object({
        source: z.enum(['rapl', 'hwmon']),
        domain: shortText(),
        /** Average over the last interval; null on the first reading of an energy counter. */
        watts: count.nullable(),
        /** A monotonic energy counter where the hardware has one. */
        energyJoules: count.nullable(),
      }),
    )
    .max(64)
    .optional(),
});
export type AgentSample = z.infer<typeof agentSampleSchema>;

export const agentSamplesBodySchema = z.object({
  machineId: machineIdSchema,
  agentVersion: agentVersionSchema,
  samples: z
    .array(agentSampleSchema)
    .min(1, 'samples must hold at least one sample.')
    .max(MAX_SAMPLES_PER_PUSH, `samples must hold at most ${MAX_SAMPLES_PER_PUSH} samples.`),
});
export type AgentSamplesBody = z.infer<typeof agentSamplesBodySchema>;

export const agentSamplesResponseSchema = z.object({ accepted: z.number().int().nonnegative() });
export type AgentSamplesResponse = z.infer<typeof agentSamplesResponseSchema>;

/** What the agent shows the person running the installer; the server answers these texts. */
export const APP_TOKEN_INVALID =
  'The app token is not valid or has been revoked. Generate a new installer command on the Devices page.';
export const APP_TOKEN_EXPIRED =
  'The app token has expired (unused tokens last 24 hours). Generate a new installer command on the Devices page.';
export const APP_TOKEN_BOUND_ELSEWHERE =
  'This app token is already bound to another machine. Generate a new installer command for each server.';
export const APP_TOKEN_NOT_REGISTERED =
  'This app token has not registered a server yet. Run the installer first.';

// ---------------------------------------------------------------------------------------------
// Prometheus: exposition and HTTP service discovery, `Authorization: Bearer <scrape token>`.

export const METRICS_PREFIX = '/metrics';
export const organisationMetricsPath = (organisationId: number) =>
  `${METRICS_PREFIX}/organisations/${organisationId}`;
export const serverMetricsPath = (organisationId: number, serverId: number) =>
  `${organisationMetricsPath(organisationId)}/servers/${serverId}`;
export const serviceDiscoveryPath = (organisationId: number) =>
  `${organisationMetricsPath(organisationId)}/targets`;

/** One entry of Prometheus' HTTP service discovery document: a target and its labels. */
export const targetGroupSchema = z.object({
  targets: z.array(z.string()),
  labels: z.record(z.string(), z.string()),
});
export type TargetGroup = z.infer<typeof targetGroupSchema>;
/** What the service discovery path answers: one target group per server. */
export const serviceDiscoverySchema = z.array(targetGroupSchema);
