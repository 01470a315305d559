import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  configPath,
  parseConfig,
  readConfig,
  writeConfig,
  type AgentConfig,
} from './config-file.js';
import { EXIT, type AgentError } from './errors.js';

// eslint-disable-next-line no-control-regex -- names with control characters are refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const buildConfig = (overrides: Partial<AgentConfig> = {}): AgentConfig => ({
  appToken: 'brz_0123456789abcdefghijklmnopqrstuv',
  serverName: 'brave-otter-7',
  apiUrl: 'https://brezza.example.com',
  ...overrides,
});

describe('the config file', () => {
  it('reads back what it wrote, whatever the name', () => {
    const dir = path.join(tempDir(), 'nested', '.brezza');
    const printable = fc
      .string({ minLength: 1, maxLength: 60 })
      .filter((value) => value.trim().length > 0 && !CONTROL_CHARACTERS.test(value))
      .map((value) => value.trim());
    fc.assert(
      fc.property(
        printable,
        fc.option(fc.integer({ min: 1, max: 3600 }), { nil: undefined }),
        (serverName, intervalSeconds) => {
          const config = buildConfig({
            serverName,
            ...(intervalSeconds ? { intervalSeconds } : {}),
          });
          writeConfig(dir, config);
          expect(readConfig(dir)).toEqual(config);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('is private to root: the file 0600, its directory 0700', () => {
    const dir = path.join(tempDir(), '.brezza');
    const file = writeConfig(dir, buildConfig());
    expect(file).toBe(configPath(dir));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual(['agent.json']);
  });

  it('says which field is wrong, with the CONFIG exit code', () => {
    const attempt = (text: string) => {
      try {
        parseConfig(text, '/root/.brezza/agent.json');
      } catch (error) {
        return error as AgentError;
      }
      throw new Error('expected a failure');
    };
    expect(attempt('{').exitCode).toBe(EXIT.CONFIG);
    expect(attempt('{').message).toMatch(/not valid JSON/);
    expect(attempt(JSON.stringify(buildConfig({ serverName: '  ' }))).message).toMatch(
      /serverName: Server name is required/,
    );
    expect(attempt(JSON.stringify(buildConfig({ apiUrl: 'ftp://x' }))).message).toMatch(/apiUrl/);
    expect(attempt(JSON.stringify({ ...buildConfig(), intervalSeconds: 0 })).message).toMatch(
      /intervalSeconds/,
    );
  });

  it('tells the operator to run the installer when there is no config', () => {
    expect(() => readConfig(path.join(tempDir(), 'missing'))).toThrow(/Run the installer first/);
  });
});
