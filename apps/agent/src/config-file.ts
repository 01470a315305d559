import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { agentServerNameSchema } from '@brezza/contract';
import { MAX_INTERVAL_SECONDS, MIN_INTERVAL_SECONDS } from './cli.js';
import { AgentError, EXIT } from './errors.js';

export const CONFIG_FILE_NAME = 'agent.json';

/**
 * The client config file (SPEC §3): the app token that ties the machine to the account, the
 * server name (edit it and restart the service to rename the server), the API base URL, and
 * optionally the push interval. JSON, readable and writable by root only.
 */
export const agentConfigSchema = z.object({
  appToken: z.string().trim().min(1, 'appToken is required'),
  serverName: agentServerNameSchema,
  apiUrl: z.url({ protocol: /^https?$/, message: 'apiUrl must be an http(s) URL' }),
  intervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).max(MAX_INTERVAL_SECONDS).optional(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** Under root's home (from the password database, not $HOME, which sudo may keep). */
export function defaultConfigDir(): string {
  let home: string;
  try {
    home = os.userInfo().homedir;
  } catch {
    // A user id without a password entry (some containers): $HOME is all there is.
    home = os.homedir();
  }
  return path.join(home, '.brezza');
}

export const configPath = (dir: string) => path.join(dir, CONFIG_FILE_NAME);

export function serializeConfig(config: AgentConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function parseConfig(text: string, file: string): AgentConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AgentError(`${file} is not valid JSON: ${(error as Error).message}`, EXIT.CONFIG);
  }
  const result = agentConfigSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new AgentError(`${file}: ${where}${issue?.message ?? 'invalid'}`, EXIT.CONFIG);
  }
  return result.data;
}

export function readConfig(dir: string): AgentConfig {
  const file = configPath(dir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AgentError(
      `Cannot read the agent config ${file}: ${(error as NodeJS.ErrnoException).code ?? error}. Run the installer first.`,
      EXIT.CONFIG,
    );
  }
  return parseConfig(text, file);
}

/**
 * Writes the config atomically (a temp file renamed over it) with mode 0600 in a 0700 directory:
 * the app token is a credential.
 */
export function writeConfig(dir: string, config: AgentConfig): string {
  const file = configPath(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, serializeConfig(config), { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
  return file;
}
