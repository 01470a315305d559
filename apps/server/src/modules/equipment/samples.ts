import type { EquipmentReading, EquipmentType } from '@brezza/contract';
import type { MetricSample } from '../../types.js';

/** A sensor name in the metrics store's spelling: lower snake case, `pcdu_` or `pdu_` first. */
export function metricName(type: EquipmentType, sensor: string): string {
  const snake = sensor
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase();
  return `${type}_${snake}`;
}

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
