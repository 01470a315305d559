import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { foundation } from './2026-11-21-0001-foundation.js';
import { identity } from './2026-11-21-0002-identity.js';
import { hierarchy } from './2026-11-21-0003-hierarchy.js';
import { onboarding } from './2026-11-21-0004-onboarding.js';
import { billing } from './2026-11-21-0005-billing.js';
import { grafana } from './2026-11-21-0006-grafana.js';
import { metricsStore } from './2026-11-23-0301-metrics-store.js';
import { metricHeadSamples } from './2026-11-23-0302-metric-head-samples.js';
import { equipment } from './2026-11-23-0501-equipment.js';
import { demoOrganisation } from './2026-11-23-0401-demo-organisation.js';
import { alerts } from './2026-11-23-0701-alerts.js';
import { metricChunkCodec } from './2026-11-24-0301-metric-chunk-codec.js';
import { efficiencySettings } from './2026-11-24-0901-efficiency-settings.js';
import { reportMailings } from './2026-11-24-1001-report-mailings.js';
import { recommendations } from './2026-11-24-1201-recommendations.js';
import { anomalyModels } from './2026-11-25-0201-anomaly-models.js';
import { recommendationChecks } from './2026-11-25-0202-recommendation-checks.js';

/**
 * Every migration, listed explicitly and named by date. A landed migration is never edited:
 * change the schema with a new one.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-21-0001-foundation': foundation(dialect),
    '2026-11-21-0002-identity': identity(dialect),
    '2026-11-21-0003-hierarchy': hierarchy(dialect),
    '2026-11-21-0004-onboarding': onboarding(dialect),
    '2026-11-21-0005-billing': billing(dialect),
    '2026-11-21-0006-grafana': grafana(),
    '2026-11-23-0301-metrics-store': metricsStore(dialect),
    '2026-11-23-0302-metric-head-samples': metricHeadSamples(dialect),
    '2026-11-23-0501-equipment': equipment(dialect),
    '2026-11-23-0401-demo-organisation': demoOrganisation(),
    '2026-11-23-0701-alerts': alerts(dialect),
    '2026-11-24-0301-metric-chunk-codec': metricChunkCodec(),
    '2026-11-24-0901-efficiency-settings': efficiencySettings(),
    '2026-11-24-1001-report-mailings': reportMailings(),
    '2026-11-24-1201-recommendations': recommendations(dialect),
    '2026-11-25-0201-anomaly-models': anomalyModels(dialect),
    '2026-11-25-0202-recommendation-checks': recommendationChecks(),
  };
}
