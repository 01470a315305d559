import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRODUCT_NAME } from '@brezza/contract';

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

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
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
    PRODUCT_NAME: z.string().trim().min(1, 'must not be empty').default(DEFAULT_PRODUCT_NAME),
    REQUEST_DEMO_URL: urlWithDefault('https://brezza.ai/request-demo'),
    LEARN_MORE_URL: urlWithDefault('https://brezza.ai'),
    OBSERVABILITY_URL: urlWithDefault('https://grafana.brezza.ai'),
    BANNER_TEXT: optionalString,
    BANNER_URL: optionalUrl,
    AUTH_DOMAIN: optionalString,
    AUTH_CLIENT_ID: optionalString,
    AUTH_AUDIENCE: optionalString,
    AUTH_SOCIAL_CONNECTIONS: optionalString,
  })
  .superRefine((env, ctx) => {
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
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  production: boolean;
  host: string;
  port: number;
  /** Origin the product is reached at; the issuer, redirect URIs and installer command use it. */
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  webDistDir: string;
  identity: IdentitySettings;
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
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname,
    ),
  };
}
