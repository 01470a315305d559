import fp from 'fastify-plugin';
import { planAllows } from '@brezza/contract';
import { createAnomaliesRepository } from './repository.js';
import {
  STEP_MS,
  TRAIN_INTERVAL_MS,
  createAnomaliesService,
  type AnomaliesService,
} from './service.js';

/** The first training waits this long after start, so that start-up work goes first. */
const FIRST_TRAINING_MS = 2 * 60_000;
/** An organisation without models (too little history yet) is tried again this often. */
const UNTRAINED_RETRY_MS = 10 * 60_000;

export interface AnomalyJobs {
  /** Stops the background training and scoring (a test driving them with its own clock). */
  stop(): void;
  /**
   * Trains the organisation as soon as the jobs are free, whenever it was last trained: a
   * history was just written (the demo's backfill) and its normal is there to learn.
   */
  historyWritten(organisationId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    anomalies: { service: AnomaliesService; jobs: AnomalyJobs };
  }
}

/**
 * Predictions (issue 15): the anomaly detector and forecasts. In the background, for every
 * organisation whose plan includes predictions: models are trained hourly on its own history,
 * one organisation at a time, yielding between metrics so that ingest never waits; each minute
 * the newest complete minute of every modelled series is judged and stored as anomaly samples.
 * Models are stored: on start the last training's are loaded and judge from the first minute,
 * and the hourly schedule continues from when they were trained.
 */
export const anomaliesPlugin = fp(
  async (app) => {
    const repository = createAnomaliesRepository(app.database.db);
    const service = createAnomaliesService({
      repository,
      store: app.metricsStore,
      alertRules: (organisationId) => app.alerts.service.rules(organisationId),
      now: Date.now,
      yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
    });
    const log = (error: unknown) => app.log.warn({ err: error }, 'anomaly detection');

    async function organisationsWithPredictions(): Promise<number[]> {
      const ids: number[] = [];
      for (const id of await repository.organisationIds())
        if (planAllows(await app.plans.service.planOf(id), 'predictions')) ids.push(id);
      return ids;
    }

    let busy = false;
    let stopped = false;
    /** Organisations whose history was just written: trained on the next pass, due or not. */
    const requested = new Set<number>();
    /** One job at a time: a slow training run delays scoring rather than piling up. */
    async function exclusive(work: () => Promise<void>) {
      if (busy) return;
      busy = true;
      try {
        await work();
      } catch (error) {
        log(error);
      } finally {
        busy = false;
        if (requested.size > 0 && !stopped) setImmediate(() => void trainDue());
      }
    }

    const trainDue = async (): Promise<void> =>
      exclusive(async () => {
        const now = Date.now();
        const asked = new Set(requested);
        requested.clear();
        for (const id of await organisationsWithPredictions()) {
          const trainedAt = service.trainedAtMs(id);
          const models = service.modelledSeries(id);
          const due =
            asked.has(id) ||
            trainedAt === null ||
            now - trainedAt >= TRAIN_INTERVAL_MS ||
            (models === 0 && now - trainedAt >= UNTRAINED_RETRY_MS);
          if (due) await service.train(id, now);
        }
      });
    const scoreAll = async () =>
      exclusive(async () => {
        for (const id of await organisationsWithPredictions()) await service.score(id);
      });

    const timers: NodeJS.Timeout[] = [];
    const stop = () => {
      stopped = true;
      requested.clear();
      for (const timer of timers.splice(0)) clearInterval(timer);
    };
    const historyWritten = (organisationId: number) => {
      if (stopped) return;
      requested.add(organisationId);
      void trainDue();
    };
    app.addHook('onReady', async () => {
      await service.load();
      const first = setTimeout(() => {
        void trainDue();
        const training = setInterval(() => void trainDue(), UNTRAINED_RETRY_MS);
        training.unref();
        timers.push(training);
      }, FIRST_TRAINING_MS);
      const scoring = setInterval(() => void scoreAll(), STEP_MS);
      first.unref();
      scoring.unref();
      timers.push(first, scoring);
    });
    app.addHook('onClose', async () => stop());
    app.decorate('anomalies', { service, jobs: { stop, historyWritten } });
  },
  { name: 'anomalies', dependencies: ['database', 'telemetry', 'alerts'] },
);
