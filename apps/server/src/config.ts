import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PRODUCT_NAME,
  DEMO_PCDU_PORT,
  OBSERVABILITY_PATH,
  type PlanId,
} from '@brezza/contract';

/**
 * Every environment variable the server reads, parsed once at start-up. A bad value stops the
 * server with a message naming the variable. The README's configuration table mirrors this file.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional());

const urlWithDefault = (fallback: string) =>
  optionalString.pipe(z.url({ message: 'must be an absolute URL' }).default(fallback));

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const retention = (unit: 'hours' | 'days', min: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min}`);

const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_ARGENT',
  'STRIPE_PRICE_ORO',
  'STRIPE_PRICE_PLATINO',
] as const;

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/** Fastify's `trustProxy`: a hop count becomes "trust the nearest N proxies". */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const trustProxySchema = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined || value === 'false') return false;
  // `true` would believe any client's X-Forwarded-For and so defeat every per-address limit.
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "must not be true (that believes any client's X-Forwarded-For): give the number of proxies in front of the server (for example 1) or their addresses/CIDR ranges (for example 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !PROXY_KEYWORDS.has(entry) && !isProxyAddress(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a hop count or addresses/CIDR ranges separated by commas ("${bad}" is none of these)`,
    });
    return z.NEVER;
  }
  return entries;
});

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Address to listen on. Unset: loopback (127.0.0.1) while the demo organisation or the local
    // test checkout is active, else every interface (0.0.0.0).
    HOST: optionalString,
    PORT: port.default(3000),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: optionalString,
    // Built agent (apps/agent/dist) served at /static/brezza-agent.
    AGENT_DIST_DIR: optionalString,
    // Proxies whose X-Forwarded-For is believed (the agent's public IPv4 comes from it): false,
    // a hop count, or comma-separated addresses/CIDR ranges (or loopback, linklocal,
    // uniquelocal). `true` is refused: it would believe any client.
    TRUST_PROXY: trustProxySchema,
    PRODUCT_NAME: z.string().trim().min(1, 'must not be empty').default(DEFAULT_PRODUCT_NAME),
    REQUEST_DEMO_URL: urlWithDefault('https://brezza.ai/request-demo'),
    // The demo organisation's pCDU and PDU simulators (never in production; off in tests).
    DEMO_EQUIPMENT: z.enum(['on', 'off']).optional(),
    // The demo pCDU's Modbus TCP port on 127.0.0.1; its PDUs listen (UDP) on the next two.
    DEMO_PCDU_PORT: port.default(DEMO_PCDU_PORT),
    LEARN_MORE_URL: urlWithDefault('https://brezza.ai'),
    // The 'Observability' link until an organisation has its own grafana_url: by default the
    // app's own pages (a path on this origin), else an absolute URL of an external dashboard.
    OBSERVABILITY_URL: optionalString.pipe(
      z
        .union([z.url(), z.string().regex(/^\/(?!\/)/)], {
          message: 'must be an absolute URL or a path starting with /',
        })
        .default(OBSERVABILITY_PATH),
    ),
    BANNER_TEXT: optionalString,
    BANNER_URL: optionalUrl,
    AUTH_DOMAIN: optionalString,
    AUTH_CLIENT_ID: optionalString,
    AUTH_AUDIENCE: optionalString,
    AUTH_SOCIAL_CONNECTIONS: optionalString,
    // Lifetimes (seconds) of the embedded provider's access tokens and of its refresh tokens,
    // sessions and grants. Browser tests shorten the access token to exercise silent renewal.
    AUTH_ACCESS_TOKEN_TTL: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .default(3600),
    AUTH_REFRESH_TOKEN_TTL: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(60, 'must be at least 60 seconds')
      .default(14 * 24 * 3600),
    // Mail (set-password and reset links): an smtp:// or smtps:// URL, else written to
    // <DATA_DIR>/outbox and logged. MAIL_FROM defaults to "<PRODUCT_NAME> <no-reply@host>".
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    // Memory for serialised device lists (GET /api/servers etc.), kept per organisation until a
    // write changes them; least recently used lists go first.
    // The demo organisation's simulated agents (development only): `on` streams a sample per
    // demo server every 15 s and backfills 7 days on first start; off by default under test.
    DEMO_TELEMETRY: optionalString.pipe(
      z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
    ),
    HIERARCHY_CACHE_MB: z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be 0 (no cache) or more')
      .default(64),
    // Stripe billing: the secret key, the webhook signing secret and one price id per plan, all
    // or none. Without them plans are bought through the product's local test checkout.
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...) or restricted key (rk_...)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_...)').optional(),
    ),
    STRIPE_PRICE_ARGENT: optionalString,
    STRIPE_PRICE_ORO: optionalString,
    STRIPE_PRICE_PLATINO: optionalString,
    // Another Stripe API base URL (stripe-mock, an egress proxy); Stripe's own by default.
    STRIPE_API_URL: optionalUrl,
    // Lets NODE_ENV=production run without Stripe, on the local test checkout (free plans).
    ALLOW_LOCAL_CHECKOUT: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    // Grafana that link-grafana provisions users in: its URL and a service-account token (or
    // `user:password` of a Grafana server admin, sent as basic auth). Both or neither.
    GRAFANA_URL: optionalUrl,
    GRAFANA_TOKEN: optionalString,
    // Metrics store. Embedded (in the database) by default, keeping raw samples, 1-minute and
    // 1-hour rollups this long. With both URLs set, samples go to a Prometheus-compatible store
    // instead (remote write; PromQL query_range), e.g. VictoriaMetrics
    // http://vm:8428/api/v1/write and http://vm:8428; METRICS_TENANT_ID is sent as X-Scope-OrgID
    // (Grafana Mimir).
    METRICS_RAW_RETENTION_HOURS: retention('hours', 1).default(48),
    METRICS_MINUTE_RETENTION_DAYS: retention('days', 1).default(35),
    METRICS_HOUR_RETENTION_DAYS: retention('days', 1).default(400),
    METRICS_REMOTE_WRITE_URL: optionalUrl,
    METRICS_QUERY_URL: optionalUrl,
    METRICS_TENANT_ID: optionalString,
  })
  .superRefine((env, ctx) => {
    const stripeSet = STRIPE_KEYS.filter((key) => env[key] !== undefined);
    if (stripeSet.length !== 0 && stripeSet.length !== STRIPE_KEYS.length) {
      for (const key of STRIPE_KEYS.filter((key) => env[key] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `must be set together with ${STRIPE_KEYS.join(', ')} (or none of them)`,
        });
      }
    }
    const auth0 = [env.AUTH_DOMAIN, env.AUTH_CLIENT_ID, env.AUTH_AUDIENCE];
    const set = auth0.filter((value) => value !== undefined).length;
    if (set !== 0 && set !== 3) {
      for (const key of ['AUTH_DOMAIN', 'AUTH_CLIENT_ID', 'AUTH_AUDIENCE'] as const) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be set together with AUTH_DOMAIN, AUTH_CLIENT_ID and AUTH_AUDIENCE',
          });
        }
      }
    }
    if ((env.METRICS_REMOTE_WRITE_URL === undefined) !== (env.METRICS_QUERY_URL === undefined)) {
      const missing =
        env.METRICS_REMOTE_WRITE_URL === undefined
          ? 'METRICS_REMOTE_WRITE_URL'
          : 'METRICS_QUERY_URL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with METRICS_REMOTE_WRITE_URL and METRICS_QUERY_URL',
      });
    }
    const stripe = STRIPE_KEYS.every((key) => env[key] !== undefined);
    if (env.NODE_ENV === 'production' && !stripe && !env.ALLOW_LOCAL_CHECKOUT) {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message:
          'is production but Stripe is not configured, so anyone could take plans free through the local test checkout: set the STRIPE_* variables, or ALLOW_LOCAL_CHECKOUT=true to run it anyway',
      });
    }
    if ((env.GRAFANA_URL === undefined) !== (env.GRAFANA_TOKEN === undefined)) {
      const missing = env.GRAFANA_URL === undefined ? 'GRAFANA_URL' : 'GRAFANA_TOKEN';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with GRAFANA_URL and GRAFANA_TOKEN',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  production: boolean;
  /** HOST when set; otherwise `listenHost` decides at start-up. */
  host: string | undefined;
  port: number;
  /** Origin the product is reached at; the issuer, redirect URIs and installer command use it. */
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  webDistDir: string;
  /** Holds the built agent executable that /static/brezza-agent serves. */
  agentDistDir: string;
  identity: IdentitySettings;
  billing: BillingSettings;
  /** Whether the demo organisation's servers stream simulated telemetry (never in production). */
  demoTelemetry: boolean;
  metrics: MetricsSettings;
  /** The demo's simulators and in-process gateway agent; null in production, tests or when off. */
  demoEquipment: { pcduPort: number } | null;
}

/** Where samples are stored (issue 11). */
export interface MetricsSettings {
  retention: { rawMs: number; minuteMs: number; hourMs: number };
  /** Set when a Prometheus-compatible store holds the samples instead of the database. */
  remote: { writeUrl: string; queryUrl: string; tenantId: string | undefined } | null;
}

function metricsSettings(env: Env): MetricsSettings {
  const hour = 3_600_000;
  return {
    retention: {
      rawMs: env.METRICS_RAW_RETENTION_HOURS * hour,
      minuteMs: env.METRICS_MINUTE_RETENTION_DAYS * 24 * hour,
      hourMs: env.METRICS_HOUR_RETENTION_DAYS * 24 * hour,
    },
    remote:
      env.METRICS_REMOTE_WRITE_URL && env.METRICS_QUERY_URL
        ? {
            writeUrl: env.METRICS_REMOTE_WRITE_URL,
            queryUrl: env.METRICS_QUERY_URL.replace(/\/+$/, ''),
            tenantId: env.METRICS_TENANT_ID,
          }
        : null,
  };
}

export interface IdentitySettings {
  mode: 'embedded' | 'auth0';
  /** auth0-spa-js `domain`: the tenant host, or `<origin>/idp` for the embedded provider. */
  domain: string;
  /** Origin of the identity provider, for the CSP. */
  origin: string;
  /** Exact `iss` of the provider's tokens. */
  issuer: string;
  clientId: string;
  audience: string;
  socialConnections: string[];
}

/** Client id of the web app at the embedded provider. */
export const EMBEDDED_CLIENT_ID = 'brezza-web';

function identitySettings(env: Env, publicUrl: string): IdentitySettings {
  const socialConnections = (env.AUTH_SOCIAL_CONNECTIONS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (env.AUTH_DOMAIN && env.AUTH_CLIENT_ID && env.AUTH_AUDIENCE) {
    const host = env.AUTH_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '');
    return {
      mode: 'auth0',
      domain: host,
      origin: `https://${host}`,
      issuer: `https://${host}/`,
      clientId: env.AUTH_CLIENT_ID,
      audience: env.AUTH_AUDIENCE,
      socialConnections,
    };
  }
  return {
    mode: 'embedded',
    domain: `${publicUrl}/idp`,
    origin: publicUrl,
    issuer: `${publicUrl}/idp/`,
    clientId: EMBEDDED_CLIENT_ID,
    audience: `${publicUrl}/api`,
    socialConnections,
  };
}

/** How plans are paid for: Stripe when configured, else the local test checkout. */
export type BillingSettings =
  | { mode: 'local' }
  | {
      mode: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Stripe price id of each plan's monthly price. */
      prices: Record<PlanId, string>;
      /** Stripe API base URL when not Stripe's own. */
      apiUrl: string | undefined;
    };

function billingSettings(env: Env): BillingSettings {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env;
  const { STRIPE_PRICE_ARGENT, STRIPE_PRICE_ORO, STRIPE_PRICE_PLATINO } = env;
  if (
    !STRIPE_SECRET_KEY ||
    !STRIPE_WEBHOOK_SECRET ||
    !STRIPE_PRICE_ARGENT ||
    !STRIPE_PRICE_ORO ||
    !STRIPE_PRICE_PLATINO
  ) {
    return { mode: 'local' };
  }
  return {
    mode: 'stripe',
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { argent: STRIPE_PRICE_ARGENT, oro: STRIPE_PRICE_ORO, platino: STRIPE_PRICE_PLATINO },
    apiUrl: env.STRIPE_API_URL,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env,
    production: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'brezza.sqlite') },
    identity: identitySettings(env, publicUrl),
    billing: billingSettings(env),
    metrics: metricsSettings(env),
    demoEquipment:
      env.NODE_ENV !== 'production' &&
      (env.DEMO_EQUIPMENT ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on'
        ? { pcduPort: env.DEMO_PCDU_PORT }
        : null,
    demoTelemetry:
      env.NODE_ENV !== 'production' &&
      (env.DEMO_TELEMETRY ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname,
    ),
    agentDistDir: path.resolve(
      env.AGENT_DIST_DIR ?? new URL('../../agent/dist', import.meta.url).pathname,
    ),
  };
}
