import { kmeans } from 'ml-kmeans';

/**
 * Netdata's unsupervised anomaly detection, per series (docs: Anomaly detection; decisions,
 * issue 15): each sample becomes a feature vector of its recent differenced and smoothed values;
 * k-means (k = 2) on a training window learns what normal vectors look like; a vector's distance
 * to the nearest centroid, divided by the largest distance seen in training, is its score. Several
 * models trained on different windows must all find a sample anomalous (score ≥ 1) for its
 * anomaly bit to be set, which keeps one odd training window from raising alarms.
 *
 * A model is trained at the finest step its window's stored history covers (minute averages
 * where there are minutes, the 5-minute steps of an older or backfilled history otherwise) and
 * judges vectors built at that same step, so that a fresh history is usable at once.
 */

export interface FeatureOptions {
  /** Differences over this many steps (removes the level: a series is judged by its changes). */
  diffN: number;
  /** Moving average over this many differences (damps single-sample noise). */
  smoothN: number;
  /** Previous smoothed differences in each vector besides the current one (the shape of change). */
  lagN: number;
}

export const FEATURES: FeatureOptions = { diffN: 1, smoothN: 3, lagN: 5 };

/** Consecutive points a feature vector needs. */
export const pointsPerVector = (o: FeatureOptions): number => o.diffN + o.smoothN + o.lagN;

export interface FeatureVector {
  /** The time of the newest point the vector describes. */
  atMs: number;
  values: number[];
}

/**
 * One vector per point that has enough consecutive predecessors (`stepMs` apart); a gap
 * (a step without data) starts over, so vectors never mix data across an outage. Pure.
 */
export function featureVectors(
  points: readonly (readonly [number, number])[],
  stepMs: number,
  options: FeatureOptions = FEATURES,
): FeatureVector[] {
  const need = pointsPerVector(options);
  const vectors: FeatureVector[] = [];
  let run: number[] = [];
  let lastMs = Number.NaN;
  for (const [atMs, value] of points) {
    if (!Number.isFinite(value)) {
      run = [];
      lastMs = Number.NaN;
      continue;
    }
    if (atMs - lastMs !== stepMs) run = [];
    run.push(value);
    lastMs = atMs;
    if (run.length > need) run.shift();
    if (run.length === need) vectors.push({ atMs, values: vectorOf(run, options) });
  }
  return vectors;
}

function vectorOf(run: readonly number[], o: FeatureOptions): number[] {
  const diffs: number[] = [];
  for (let i = o.diffN; i < run.length; i += 1) diffs.push(run[i]! - run[i - o.diffN]!);
  const smoothed: number[] = [];
  for (let i = o.smoothN - 1; i < diffs.length; i += 1) {
    let sum = 0;
    for (let j = i - o.smoothN + 1; j <= i; j += 1) sum += diffs[j]!;
    smoothed.push(sum / o.smoothN);
  }
  // Newest first: [s(t), s(t-1), ..., s(t-lagN)].
  return smoothed.reverse();
}

export interface Model {
  /** The step of the points its vectors are made of (ms). */
  stepMs: number;
  centroids: number[][];
  /** The largest training distance to the nearest centroid (a score of 1). */
  maxDistance: number;
  /** The window the model was trained on. */
  fromMs: number;
  toMs: number;
}

/** Fewer training vectors than this and no model is made (not enough to know normal). */
export const MIN_TRAINING_VECTORS = 60;
const CLUSTERS = 2;

const distance = (a: readonly number[], b: readonly number[]) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
};

const nearest = (centroids: readonly number[][], v: readonly number[]) =>
  Math.min(...centroids.map((c) => distance(c, v)));

/**
 * A series that never moved in training has a largest distance of 0; any change would score
 * infinity. Its floor is a millionth of the series' level (at least 1e-9): a constant judged on
 * changes that matter for its magnitude.
 */
function distanceFloor(level: number): number {
  return Math.max(1e-9, Math.abs(level) * 1e-6);
}

/**
 * Trains one model on a window's vectors; null when there are too few. Deterministic (seeded),
 * so every server instance learns the same model from the same data. Pure.
 */
export function trainModel(
  vectors: readonly FeatureVector[],
  window: { fromMs: number; toMs: number; stepMs: number },
  level = 0,
): Model | null {
  if (vectors.length < MIN_TRAINING_VECTORS) return null;
  const data = vectors.map((v) => v.values);
  const distinct = new Set(data.map((d) => d.join(','))).size;
  const centroids =
    distinct < CLUSTERS
      ? [data[0]!.slice()]
      : kmeans(data, CLUSTERS, { seed: 42, initialization: 'kmeans++', maxIterations: 50 })
          .centroids;
  let maxDistance = 0;
  for (const d of data) maxDistance = Math.max(maxDistance, nearest(centroids, d));
  return {
    stepMs: window.stepMs,
    centroids,
    maxDistance: Math.max(maxDistance, distanceFloor(level)),
    fromMs: window.fromMs,
    toMs: window.toMs,
  };
}

export interface Judgement {
  /** The smallest of the models' scores (1 = the farthest training distance). */
  score: number;
  /** Every model finds the vector anomalous. */
  anomalous: boolean;
}

/**
 * Judges the newest moment of a series with every model, each on the vector built at its own
 * step (`vectorAt`; undefined where that step has a gap): the models that can judge must agree.
 * Null when none can. Pure.
 */
export function judge(
  models: readonly Model[],
  vectorAt: (stepMs: number) => readonly number[] | undefined,
): Judgement | null {
  let score = Number.POSITIVE_INFINITY;
  for (const model of models) {
    const vector = vectorAt(model.stepMs);
    if (vector) score = Math.min(score, nearest(model.centroids, vector) / model.maxDistance);
  }
  return Number.isFinite(score) ? { score, anomalous: score >= 1 } : null;
}

/** The windows the models of one series are trained on: `count` windows, each `spanMs` long, ending `staggerMs` apart. Pure. */
export function trainingWindows(
  nowMs: number,
  count: number,
  spanMs: number,
  staggerMs: number,
): { fromMs: number; toMs: number }[] {
  return Array.from({ length: count }, (_, i) => ({
    fromMs: nowMs - i * staggerMs - spanMs,
    toMs: nowMs - i * staggerMs,
  }));
}
