import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_TOKEN_BOUND_ELSEWHERE, APP_TOKEN_EXPIRED } from '@brezza/contract';
import type { InstallCommand } from './cli.js';
import { readConfig, writeConfig } from './config-file.js';
import { AgentError, EXIT } from './errors.js';
import { install, installService, type InstallEnvironment } from './installer.js';
import { createApiClient } from './transport.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function buildCommand(overrides: Partial<InstallCommand> = {}): InstallCommand {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-install-'));
  dirs.push(dir);
  return {
    kind: 'install',
    appToken: 'brz_token',
    serverName: 'brave-otter-7',
    apiUrl: undefined,
    configDir: path.join(dir, '.brezza'),
    noService: false,
    rack: undefined,
    ...overrides,
  };
}

function buildEnvironment(
  answer: () => Promise<Response> | Response,
  overrides: Partial<InstallEnvironment> = {},
) {
  const requests: { url: string; body: unknown; authorization: string | null }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      body: JSON.parse(String(init?.body)),
      authorization: new Headers(init?.headers).get('authorization'),
    });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  const lines: string[] = [];
  const installService = vi.fn(async () => undefined);
  const env: InstallEnvironment = {
    uid: 0,
    systemdRunning: () => true,
    executable: '/tmp/brezza-agent',
    builtExecutable: true,
    embeddedApiUrl: () => 'https://brezza.example.com',
    machineId: () => '0123456789abcdef0123456789abcdef',
    hostName: () => 'node-7',
    addresses: () => ['10.0.0.7'],
    createClient: (options) => createApiClient({ ...options, fetch }),
    writeConfig,
    installService,
    log: (line) => lines.push(line),
    ...overrides,
  };
  return { env, requests, lines, installService };
}

/** A port nothing listens on: bound by us a moment ago, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<AgentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  throw new Error('expected the installer to fail');
}

describe('install', () => {
  it('registers with the URL it was downloaded from, writes the config, then installs the service', async () => {
    const command = buildCommand();
    const { env, requests, installService, lines } = buildEnvironment(() =>
      json(200, { serverId: 42, serverName: 'brave-otter-7' }),
    );
    await install(command, env);
    expect(requests).toEqual([
      {
        url: 'https://brezza.example.com/api/agent/register',
        authorization: 'Bearer brz_token',
        body: {
          serverName: 'brave-otter-7',
          machineId: '0123456789abcdef0123456789abcdef',
          hostName: 'node-7',
          addresses: ['10.0.0.7'],
          agentVersion: '0.1.0',
        },
      },
    ]);
    expect(readConfig(command.configDir!)).toEqual({
      appToken: 'brz_token',
      serverName: 'brave-otter-7',
      apiUrl: 'https://brezza.example.com',
    });
    expect(installService).toHaveBeenCalledWith(command.configDir);
    expect(lines.join('\n')).toMatch(/server 42/);
  });

  it('prefers --api-url, and with --no-service needs neither root nor systemd nor the built file', async () => {
    const command = buildCommand({ apiUrl: 'http://10.0.0.1:3000/', noService: true });
    const { env, requests, installService } = buildEnvironment(
      () => json(200, { serverId: 1, serverName: 'brave-otter-7' }),
      { uid: 1000, systemdRunning: () => false, builtExecutable: false },
    );
    await install(command, env);
    expect(requests[0]?.url).toBe('http://10.0.0.1:3000/api/agent/register');
    expect(readConfig(command.configDir!).apiUrl).toBe('http://10.0.0.1:3000');
    expect(installService).not.toHaveBeenCalled();
  });

  it('sends --rack with the registration and prints where the server went, or the warning', async () => {
    const command = buildCommand({ rack: ' Milan North / Hall A / A-01 ', noService: true });
    const placed = buildEnvironment(() =>
      json(200, { serverId: 1, serverName: 'n', rack: 'Milan North / Hall A / A-01' }),
    );
    await install(command, placed.env);
    expect(placed.requests[0]?.body).toMatchObject({ rack: 'Milan North / Hall A / A-01' });
    expect(placed.lines).toContain('Placed it in rack Milan North / Hall A / A-01.');

    const missing = buildEnvironment(() =>
      json(200, { serverId: 1, serverName: 'n', warning: 'No rack "X".' }),
    );
    await install(buildCommand({ rack: 'X', noService: true }), missing.env);
    expect(missing.lines).toContain('Warning: No rack "X".');

    const none = buildEnvironment(() => json(200, { serverId: 1, serverName: 'n' }));
    await install(buildCommand({ noService: true }), none.env);
    expect(none.requests[0]?.body).not.toHaveProperty('rack');
    await expect(install(buildCommand({ rack: '  ', noService: true }), none.env)).rejects.toThrow(
      '--rack: rack must name a rack',
    );
  });

  it('stops before registering when not root, without systemd, or without a URL', async () => {
    const answer = () => json(200, { serverId: 1, serverName: 'x' });
    const notRoot = buildEnvironment(answer, { uid: 1000 });
    expect((await failure(install(buildCommand(), notRoot.env))).exitCode).toBe(EXIT.NOT_ROOT);
    const noSystemd = buildEnvironment(answer, { systemdRunning: () => false });
    expect((await failure(install(buildCommand(), noSystemd.env))).exitCode).toBe(EXIT.NO_SYSTEMD);
    const noUrl = buildEnvironment(answer, { embeddedApiUrl: () => undefined });
    const error = await failure(install(buildCommand(), noUrl.env));
    expect(error.exitCode).toBe(EXIT.USAGE);
    expect(error.message).toMatch(/--api-url/);
    const badName = buildEnvironment(answer);
    expect((await failure(install(buildCommand({ serverName: ' ' }), badName.env))).exitCode).toBe(
      EXIT.USAGE,
    );
    for (const { requests } of [notRoot, noSystemd, noUrl, badName]) expect(requests).toEqual([]);
  });

  it('says the server is unreachable when nothing answers', async () => {
    const port = await closedPort();
    const command = buildCommand({ apiUrl: `http://127.0.0.1:${port}` });
    const { env } = buildEnvironment(() => json(200, {}), {
      createClient: (options) => createApiClient({ ...options, timeoutMs: 5_000 }),
    });
    const error = await failure(install(command, env));
    expect(error.exitCode).toBe(EXIT.UNREACHABLE);
    expect(error.message).toMatch(/unreachable.*ECONNREFUSED/);
    expect(fs.existsSync(command.configDir!)).toBe(false);
  });

  it("shows the server's reason for an expired or elsewhere-bound token", async () => {
    for (const [status, message] of [
      [401, APP_TOKEN_EXPIRED],
      [409, APP_TOKEN_BOUND_ELSEWHERE],
    ] as const) {
      const command = buildCommand();
      const { env, installService } = buildEnvironment(() => json(status, { error: message }));
      const error = await failure(install(command, env));
      expect(error).toMatchObject({ exitCode: EXIT.TOKEN_REJECTED, message });
      expect(fs.existsSync(command.configDir!)).toBe(false);
      expect(installService).not.toHaveBeenCalled();
    }
  });

  it('reports a service that would not start', async () => {
    const { env } = buildEnvironment(() => json(200, { serverId: 1, serverName: 'x' }), {
      installService: async () => {
        throw new Error('systemctl exited with 1');
      },
    });
    const error = await failure(install(buildCommand(), env));
    expect(error.exitCode).toBe(EXIT.SERVICE_FAILED);
    expect(error.message).toMatch(/systemctl exited with 1/);
  });

  it('treats an answer that is not from Brezza as not reaching it', async () => {
    const { env } = buildEnvironment(() => new Response('<html>hello</html>', { status: 200 }));
    expect((await failure(install(buildCommand(), env))).exitCode).toBe(EXIT.UNREACHABLE);
  });
});

describe('installService', () => {
  it('replaces the executable, writes the unit, then reloads, enables and restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-service-'));
    dirs.push(dir);
    const source = path.join(dir, 'downloaded');
    fs.writeFileSync(source, 'new build');
    const paths = {
      executable: path.join(dir, 'bin/brezza-agent'),
      unitFile: path.join(dir, 'unit'),
    };
    fs.mkdirSync(path.dirname(paths.executable));
    fs.writeFileSync(paths.executable, 'old build');
    const commands: string[] = [];
    await installService(
      '/root/.brezza',
      source,
      async (command, args) => {
        commands.push([command, ...args].join(' '));
      },
      paths,
    );
    expect(fs.readFileSync(paths.executable, 'utf8')).toBe('new build');
    expect(fs.statSync(paths.executable).mode & 0o777).toBe(0o755);
    expect(fs.readFileSync(paths.unitFile, 'utf8')).toContain(
      `ExecStart="${paths.executable}" "run" "--config-dir" "/root/.brezza"`,
    );
    expect(commands).toEqual([
      'systemctl daemon-reload',
      'systemctl enable brezza-agent.service',
      'systemctl restart brezza-agent.service',
    ]);
  });
});
