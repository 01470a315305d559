import {
  PCDU_DEFAULT_PROFILE,
  describeMetric,
  equipmentMetricName,
  observabilityServerPath,
  type DeviceType,
} from '@brezza/contract';

const PCDU_LABELS = new Map(
  PCDU_DEFAULT_PROFILE.registers.map((r) => [equipmentMetricName('pcdu', r.sensor), r.label]),
);

const sentence = (name: string) => {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A metric as operators read it: the profile's label, else its name in words; labels after. Pure. */
export function metricLabel(metric: string, labels: Record<string, string> = {}): string {
  const base =
    PCDU_LABELS.get(metric) ??
    (describeMetric(metric) ? sentence(metric) : sentence(metric.replace(/^(pcdu|pdu)_/, '')));
  const extra = Object.entries(labels)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return extra ? `${base} (${extra})` : base;
}

/** Where a device's charts are: a server's observability page, a unit's own page. Pure. */
export function deviceChartPath(deviceType: DeviceType, deviceId: number): string {
  return deviceType === 'server' ? observabilityServerPath(deviceId) : `/equipment/${deviceId}`;
}

/** "0.4", "12", "130": a score with the precision it deserves. Pure. */
export function formatScore(score: number): string {
  if (score >= 100) return Math.round(score).toString();
  if (score >= 10) return score.toFixed(0);
  return score.toFixed(1);
}
