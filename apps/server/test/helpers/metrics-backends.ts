import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Prometheus-compatible stores the store contract tests (and benchmarks) start themselves:
 * Debian's `victoria-metrics` and `prometheus` binaries on a free port with temporary storage.
 */

export interface RemoteBackend {
  name: string;
  writeUrl: string;
  queryUrl: string;
  /** Makes what was written visible to queries (VictoriaMetrics buffers for up to a second). */
  settle(): Promise<void>;
  /** Bytes its storage holds on disk. */
  diskBytes(): number;
  stop(): Promise<void>;
}

export const hasBinary = (name: string) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Why a backend's tests are skipped, or null when they run. Under CI a missing binary fails. */
export function missingBinary(binary: string): string | null {
  if (hasBinary(binary)) return null;
  const message = `${binary} is not installed (apt-get install ${binary === 'victoria-metrics' ? 'victoria-metrics' : 'prometheus'}): its store contract tests are skipped.`;
  if (process.env.CI === 'true') throw new Error(`${message} CI must run them.`);
  return message;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  throw new Error(`not ready after 15 s: ${log()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = delay(10_000).then(() => child.kill('SIGKILL'));
  await Promise.race([exited, timeout]);
}

function start(binary: string, args: string[]) {
  let output = '';
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  return { child, log: () => output };
}

export async function startVictoriaMetrics(): Promise<RemoteBackend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-vm-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, log } = start('victoria-metrics', [
    `-storageDataPath=${dir}`,
    `-httpListenAddr=127.0.0.1:${port}`,
    '-retentionPeriod=100y',
    // A batch an agent sends again (it never got the answer) is stored once, as in Prometheus.
    '-dedup.minScrapeInterval=1ms',
    // Answers reflect what was just written: no result cache, no "too recent" offset.
    '-search.disableCache',
    '-search.latencyOffset=0s',
    '-loggerLevel=ERROR',
  ]);
  await waitReady(`${base}/health`, child, log);
  return {
    name: 'VictoriaMetrics',
    writeUrl: `${base}/api/v1/write`,
    queryUrl: base,
    async settle() {
      await fetch(`${base}/internal/force_flush`);
    },
    diskBytes: () => directoryBytes(dir),
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startPrometheus(): Promise<RemoteBackend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-prom-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = path.join(dir, 'prometheus.yml');
  // Samples arrive in any order (agents replay their buffer after an outage).
  fs.writeFileSync(config, 'storage:\n  tsdb:\n    out_of_order_time_window: 3d\n');
  const { child, log } = start('prometheus', [
    `--config.file=${config}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--web.enable-remote-write-receiver',
    '--log.level=error',
  ]);
  await waitReady(`${base}/-/ready`, child, log);
  return {
    name: 'Prometheus',
    writeUrl: `${base}/api/v1/write`,
    queryUrl: base,
    async settle() {},
    diskBytes: () => directoryBytes(path.join(dir, 'data')),
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
