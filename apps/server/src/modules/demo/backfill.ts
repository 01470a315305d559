import type { AgentSample } from '@brezza/contract';
import { flattenAgentSamples } from '../telemetry/flatten.js';
import type { MetricSample, MetricsStore } from '../telemetry/store/types.js';
import { demoSample, type DemoServer } from './telemetry-model.js';

/** A demo server as the store knows it. */
export interface DemoDevice {
  organisationId: number;
  deviceId: number;
  server: DemoServer;
}

export interface BackfillPlan {
  /** The history starts this long before `untilMs`. */
  spanMs: number;
  untilMs: number;
  /** One reading per device every this long; finer for the most recent `fineSpanMs`. */
  coarseStepMs: number;
  fineStepMs: number;
  fineSpanMs: number;
}

/** The reading times of a plan, oldest first, on round multiples of their step. */
export function backfillTimes(plan: BackfillPlan): number[] {
  const times: number[] = [];
  const fineFrom = plan.untilMs - plan.fineSpanMs;
  const first = Math.ceil((plan.untilMs - plan.spanMs) / plan.coarseStepMs) * plan.coarseStepMs;
  for (let t = first; t < fineFrom; t += plan.coarseStepMs) times.push(t);
  for (
    let t = Math.ceil(fineFrom / plan.fineStepMs) * plan.fineStepMs;
    t < plan.untilMs;
    t += plan.fineStepMs
  ) {
    times.push(t);
  }
  return times;
}

/**
 * Samples per write, and a pause after each: small transactions with gaps, so that the
 * database's single writer keeps taking sign-ins and real pushes while history is written.
 */
const BATCH_SAMPLES = 4_000;
const PAUSE_MS = 25;

/**
 * Writes the demo devices' history through the store's write interface, time-ordered, in
 * batches, flattened exactly as ingest flattens an agent's push. Resolves with how many samples
 * the store accepted.
 */
export async function backfill(
  store: Pick<MetricsStore, 'write'>,
  devices: readonly DemoDevice[],
  plan: BackfillPlan,
  /** Stops between batches (the server is closing). */
  signal?: AbortSignal,
): Promise<{ written: number; accepted: number }> {
  const times = backfillTimes(plan);
  let batch: MetricSample[] = [];
  let written = 0;
  let accepted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    written += batch.length;
    accepted += (await store.write(batch, { history: true, publish: false })).accepted;
    batch = [];
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  };
  // Device by device: a batch then holds long runs of few series, which the store appends and
  // compresses far faster than a few samples each of many series.
  for (const device of devices) {
    const context = { organisationId: device.organisationId, deviceId: device.deviceId };
    let previous: AgentSample = demoSample(device.server, times[0]! - plan.coarseStepMs);
    for (const t of times) {
      const current = demoSample(device.server, t);
      batch.push(...flattenAgentSamples([current], previous, { ...context, receivedMs: t }));
      previous = current;
      if (batch.length >= BATCH_SAMPLES) {
        if (signal?.aborted) return { written, accepted };
        await flush();
      }
    }
  }
  await flush();
  return { written, accepted };
}
