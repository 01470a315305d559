import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FEATURES,
  MIN_TRAINING_VECTORS,
  featureVectors,
  judge,
  pointsPerVector,
  trainModel,
  trainingWindows,
} from './detector.js';

const STEP = 60_000;
const series = (values: number[], startMs = 0) =>
  values.map((value, i) => [startMs + i * STEP, value] as [number, number]);

describe('featureVectors', () => {
  it('makes a vector of the smoothed differences, newest first', () => {
    // Differences 1, 2, 3, ...: smoothed over 3 they are 2, 3, 4, ...
    const values = [0, 1, 3, 6, 10, 15, 21, 28, 36];
    const [vector] = featureVectors(series(values), STEP);
    expect(vector!.atMs).toBe(8 * STEP);
    expect(vector!.values).toEqual([7, 6, 5, 4, 3, 2]);
  });

  it('never mixes data across a gap', () => {
    const points = [...series(Array(8).fill(1)), ...series(Array(8).fill(1), 20 * STEP)];
    expect(featureVectors(points, STEP)).toEqual([]);
  });

  it('gives one vector per point once enough consecutive points are in, each of 1 + lagN values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 60 }),
        (values) => {
          const vectors = featureVectors(series(values), STEP);
          expect(vectors.length).toBe(Math.max(0, values.length - pointsPerVector(FEATURES) + 1));
          for (const v of vectors) expect(v.values).toHaveLength(FEATURES.lagN + 1);
        },
      ),
    );
  });

  it('does not see the level: a series shifted by a constant has the same vectors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 9, maxLength: 40 }),
        fc.integer({ min: -1e5, max: 1e5 }),
        (values, shift) => {
          const a = featureVectors(series(values), STEP);
          const b = featureVectors(series(values.map((v) => v + shift)), STEP);
          expect(b.map((v) => v.values.map((x) => Math.round(x * 1e6)))).toEqual(
            a.map((v) => v.values.map((x) => Math.round(x * 1e6))),
          );
        },
      ),
    );
  });
});

/** A noisy daily-ish wave, deterministic. */
const wave = (n: number, phase = 0) =>
  Array.from(
    { length: n },
    (_, i) => 20 + 2 * Math.sin((i + phase) / 15) + 0.1 * Math.sin(i * 7.3),
  );

describe('trainModel and judge', () => {
  const vectors = featureVectors(series(wave(400)), STEP);
  const window = { fromMs: 0, toMs: 400 * STEP, stepMs: STEP };

  it('needs enough vectors to know normal', () => {
    expect(trainModel(vectors.slice(0, MIN_TRAINING_VECTORS - 1), window)).toBeNull();
    expect(trainModel(vectors, window)).not.toBeNull();
  });

  it('scores no training vector above 1, and a step change far above', () => {
    const model = trainModel(vectors, window)!;
    for (const v of vectors)
      expect(judge([model], () => v.values)!.score).toBeLessThanOrEqual(1 + 1e-9);
    const stepped = [...wave(30), ...wave(10, 30).map((v) => v - 8)];
    const last = featureVectors(series(stepped), STEP).find((v) => v.atMs === 31 * STEP)!;
    const judgement = judge([model], () => last.values)!;
    expect(judgement.anomalous).toBe(true);
    expect(judgement.score).toBeGreaterThan(3);
  });

  it('flags a sample only when every model agrees (the smallest score)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (vector) => {
          const a = trainModel(vectors.slice(0, 200), window)!;
          const b = trainModel(vectors.slice(150), window)!;
          const both = judge([a, b], () => vector)!;
          const alone = [judge([a], () => vector)!, judge([b], () => vector)!];
          expect(both.score).toBe(Math.min(alone[0]!.score, alone[1]!.score));
          expect(both.anomalous).toBe(alone[0]!.anomalous && alone[1]!.anomalous);
        },
      ),
    );
  });

  it('judges a series that never moved by changes that matter for its magnitude', () => {
    const flat = featureVectors(series(Array(100).fill(24)), STEP);
    const model = trainModel(flat, window, 24)!;
    expect(judge([model], () => flat[0]!.values)!.anomalous).toBe(false);
    const moved = featureVectors(series([...Array(10).fill(24), 25]), STEP).at(-1)!;
    expect(judge([model], () => moved.values)!.anomalous).toBe(true);
  });

  it('has no judgement without models, nor when no model’s step has a vector', () => {
    expect(judge([], () => [0, 0, 0, 0, 0, 0])).toBeNull();
    expect(judge([trainModel(vectors, window)!], () => undefined)).toBeNull();
  });

  it('judges each model on the vector of its own step; those without one abstain', () => {
    const fine = trainModel(vectors, window)!;
    const coarse = trainModel(vectors, { ...window, stepMs: 5 * STEP })!;
    const normal = vectors.at(-1)!.values;
    const odd = normal.map((v) => v + 5);
    const asked: number[] = [];
    const mixed = judge([fine, coarse], (stepMs) => {
      asked.push(stepMs);
      return stepMs === STEP ? odd : normal;
    })!;
    expect(asked).toEqual([STEP, 5 * STEP]);
    // The coarse model finds its vector normal: the models disagree, no anomaly.
    expect(mixed.anomalous).toBe(false);
    const fineOnly = judge([fine, coarse], (stepMs) => (stepMs === STEP ? odd : undefined))!;
    expect(fineOnly.anomalous).toBe(true);
  });
});

describe('trainingWindows', () => {
  it('gives windows of the span, ending a stagger apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2e12 }),
        fc.integer({ min: 1, max: 10 }),
        (now, count) => {
          const windows = trainingWindows(now, count, 6, 3);
          expect(windows).toHaveLength(count);
          windows.forEach((w, i) => {
            expect(w.toMs).toBe(now - 3 * i);
            expect(w.toMs - w.fromMs).toBe(6);
          });
        },
      ),
    );
  });
});
