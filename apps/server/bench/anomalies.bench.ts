import {
  MIN_TRAINING_VECTORS,
  featureVectors,
  judge,
  trainModel,
  trainingWindows,
  type Model,
} from '../src/modules/anomalies/detector.js';
import {
  MAX_SERIES_PER_ORGANISATION,
  MODELS_PER_SERIES,
  STEP_MS,
  TRAIN_INTERVAL_MS,
} from '../src/modules/anomalies/service.js';

/**
 * The detector's CPU at its bound (MAX_SERIES_PER_ORGANISATION series of one organisation, 12
 * hours of minute data each): training all their models, once per TRAIN_INTERVAL_MS, and judging
 * one minute of every series, once per minute, as shares of one core over those intervals.
 * Goals: training ≤ 2 % of a core, judging ≤ 1 % (the store's range queries come on top and are
 * measured by the telemetry-store bench).
 */
const HOURS = 12;

const cpuMs = (mark: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(mark);
  return (used.user + used.system) / 1000;
};

function seriesPoints(index: number, nowMs: number): [number, number][] {
  const points: [number, number][] = [];
  const count = (HOURS * 3_600_000) / STEP_MS;
  for (let i = 0; i < count; i += 1) {
    const t = nowMs - (count - i) * STEP_MS;
    points.push([t, 20 + 3 * Math.sin(i / (30 + (index % 17))) + 0.2 * Math.sin(i * 7.1 + index)]);
  }
  return points;
}

export async function run(): Promise<void> {
  const nowMs = Math.floor(Date.now() / STEP_MS) * STEP_MS;
  const windows = trainingWindows(nowMs, MODELS_PER_SERIES, 6 * 3_600_000, 3 * 3_600_000);
  const data = Array.from({ length: MAX_SERIES_PER_ORGANISATION }, (_, i) =>
    seriesPoints(i, nowMs),
  );

  let mark = process.cpuUsage();
  const models: Model[][] = [];
  for (const points of data) {
    const vectors = featureVectors(points, STEP_MS);
    const trained: Model[] = [];
    for (const w of windows) {
      const model = trainModel(
        vectors.filter((v) => v.atMs >= w.fromMs && v.atMs < w.toMs),
        { ...w, stepMs: STEP_MS },
        20,
      );
      if (model) trained.push(model);
    }
    models.push(trained);
  }
  const trainingMs = cpuMs(mark);

  mark = process.cpuUsage();
  let anomalous = 0;
  for (let i = 0; i < data.length; i += 1) {
    const last = featureVectors(data[i]!.slice(-10), STEP_MS).at(-1)!;
    if (judge(models[i]!, () => last.values)?.anomalous) anomalous += 1;
  }
  const judgingMs = cpuMs(mark);

  const modelled = models.filter((m) => m.length === MODELS_PER_SERIES).length;
  console.log(
    `${data.length} series × ${HOURS} h of minute data, ${MODELS_PER_SERIES} models each (≥ ${MIN_TRAINING_VECTORS} vectors): ${modelled} fully modelled, ${anomalous} anomalous now`,
  );
  console.log(
    `training ${trainingMs.toFixed(0)} ms CPU per ${TRAIN_INTERVAL_MS / 60_000} min: ${((trainingMs / TRAIN_INTERVAL_MS) * 100).toFixed(3)} % of a core (goal ≤ 2 %)`,
  );
  console.log(
    `judging  ${judgingMs.toFixed(1)} ms CPU per minute: ${((judgingMs / STEP_MS) * 100).toFixed(3)} % of a core (goal ≤ 1 %)`,
  );
}
