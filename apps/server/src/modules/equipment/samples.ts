import {
  equipmentMetricName as metricName,
  type EquipmentReading,
  type EquipmentType,
} from '@brezza/contract';
import type { MetricSample } from '../../types.js';

/**
 * The numeric values of one reading as metric samples. PDU outlet and phase readings
 * (`outlet_3_power`) become one metric with an `outlet` or `phase` label; flags are 0 or 1.
 * State words (OK, ERROR, AUTO) and addresses stay in the latest-values table only.
 */
export function readingSamples(
  organisationId: number,
  type: EquipmentType,
  reading: EquipmentReading,
): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const [sensor, raw] of Object.entries(reading.values)) {
    const value = typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
    if (typeof value !== 'number') continue;
    const indexed = /^(outlet|phase)_(\d+)_(.+)$/.exec(sensor);
    samples.push({
      organisationId,
      deviceId: reading.equipmentId,
      metric: indexed ? metricName(type, `${indexed[1]}_${indexed[3]}`) : metricName(type, sensor),
      ...(indexed ? { labels: { [indexed[1]!]: indexed[2]! } } : {}),
      timestampMs: reading.timestampMs,
      value,
    });
  }
  return samples;
}
