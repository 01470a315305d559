import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DEFAULT_SAMPLE_INTERVAL_SECONDS } from '@brezza/contract';
import { createOnboardingService } from '../src/modules/onboarding/service.js';
import { buildTestApp } from '../test/helpers/app.js';
import { createOperator } from '../test/helpers/auth.js';

/**
 * The telemetry client's cost on the server it watches: the built executable in service mode
 * pushing to a real server, its CPU share and resident memory read from /proc, against an idle
 * Node.js process measured the same way in the same run (the baseline: what any Node program
 * costs). The interval is shortened to 1 s to measure the cost of one sample; the share at the
 * real 15 s interval is derived from it.
 */
const agentBinary = fileURLToPath(new URL('../../agent/dist/brezza-agent', import.meta.url));
const MEASURE_S = 20;
const INTERVAL_S = 1;
const TICKS_PER_SECOND = 100;

interface Usage {
  cpuSeconds: number;
  rssBytes: number;
}

/** CPU time (user + system, including finished threads) and resident memory of a process. */
function usage(pid: number): Usage {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpuSeconds: ticks / TICKS_PER_SECOND, rssBytes: Number(rss) * 1024 };
}

/** Starts a process, lets it settle, then measures CPU over `seconds` and the peak RSS. */
async function measure(command: string, args: string[], seconds: number) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if (child.exitCode !== null) throw new Error(`${command} exited early:\n${output}`);
    const start = usage(child.pid!);
    let peak = start.rssBytes;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peak = Math.max(peak, usage(child.pid!).rssBytes);
    }
    const end = usage(child.pid!);
    const wall = (performance.now() - started) / 1000;
    return { cpuShare: (end.cpuSeconds - start.cpuSeconds) / wall, rssBytes: peak, output };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

export async function run(): Promise<void> {
  if (!fs.existsSync(agentBinary)) {
    console.log(`skipped: ${agentBinary} is missing (npm run build makes it)`);
    return;
  }
  const t = await buildTestApp({ LOG_LEVEL: 'silent' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-agent-bench-'));
  try {
    const operator = await createOperator(t, { organisationName: 'Agent bench' });
    const { token } = await createOnboardingService({ db: t.app.database.db }).createToken({
      id: operator.userId,
      organisationId: operator.organisationId,
    });
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await promisify(execFile)(agentBinary, [
      '--create-with-app-token',
      token,
      '--create-with-server-name',
      'bench-agent',
      '--api-url',
      origin,
      '--no-service',
      '--config-dir',
      work,
    ]);

    const idle = await measure(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], MEASURE_S);
    const pushes = async () =>
      Number(
        (
          await t.app.database.db
            .selectFrom('latest_samples')
            .select(sql<number>`coalesce(sum(sample_count), 0)`.as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      );
    const before = await pushes();
    const agent = await measure(
      agentBinary,
      ['run', '--config-dir', work, '--interval', String(INTERVAL_S)],
      MEASURE_S,
    );
    const samples = (await pushes()) - before;

    // One sample's CPU, from the shortened interval; at 15 s the idle cost stays, the rest
    // shrinks by the ratio of the intervals.
    const perSampleCpu = Math.max(0, agent.cpuShare - idle.cpuShare) * INTERVAL_S;
    const at15s = idle.cpuShare + perSampleCpu / DEFAULT_SAMPLE_INTERVAL_SECONDS;
    console.log(`samples the agent pushed while it ran: ${samples} (one per ${INTERVAL_S} s)`);
    console.log(
      `idle Node.js:   CPU ${percent(idle.cpuShare)}, RSS ${mb(idle.rssBytes)} (baseline)`,
    );
    console.log(`agent, 1 s:     CPU ${percent(agent.cpuShare)}, RSS ${mb(agent.rssBytes)}`);
    console.log(`one sample costs ≈ ${(perSampleCpu * 1000).toFixed(1)} ms of CPU`);
    console.log(
      `agent, 15 s:    CPU ≈ ${percent(at15s)} of one core (${(at15s / Math.max(idle.cpuShare, 0.0001)).toFixed(1)}× idle Node.js)`,
    );
    console.log(`ratio RSS agent/idle Node.js: ${(agent.rssBytes / idle.rssBytes).toFixed(2)}`);
  } finally {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
