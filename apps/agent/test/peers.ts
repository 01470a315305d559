import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Helpers for the tests against third-party peers (Debian's pymodbus, mbpoll, snmpd, snmpget):
 * a missing tool skips its tests with a message, except under CI=true, where it fails them.
 */

export function tool(path: string, apt: string): { available: boolean; why: string } {
  const available = fs.existsSync(path);
  const why = `${path} is missing (apt-get install ${apt})`;
  if (!available && process.env.CI !== 'true') console.warn(`Skipping: ${why}.`);
  return { available, why };
}

/** Under CI=true a missing tool is a failure, not a skip. */
export const mustHave = (t: { available: boolean }) => t.available || process.env.CI === 'true';

export async function freePort(kind: 'tcp' | 'udp' = 'tcp'): Promise<number> {
  if (kind === 'udp') {
    const dgram = await import('node:dgram');
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  }
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until something accepts TCP connections on the port (or the process died). */
export async function waitForTcp(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await delay(100);
  }
  throw new Error(`${what} did not listen on ${port}`);
}

export function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (code) => {
    if (code && code !== 0 && code !== null) console.warn(`${command} exited ${code}: ${output}`);
  });
  return child;
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, delay(3000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
