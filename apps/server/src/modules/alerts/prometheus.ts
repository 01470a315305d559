import type { AlertRule, Scope } from '@brezza/contract';
import { inScope, type DeviceInfo } from './scope.js';

/** The metrics store's Prometheus series names (telemetry's Prometheus-compatible store). */
const PREFIX = 'brezza_';
/** The metric an absence is measured on, per device type. */
const HEARTBEAT: Record<DeviceInfo['type'], string> = {
  server: 'uptime_seconds',
  pcdu: 'pcdu_wflow',
  pdu: 'pdu_power',
};

const quote = (text: string) => JSON.stringify(text);
const yamlString = (text: string) => JSON.stringify(text);

function selector(organisationId: number, scope: Scope, devices: readonly DeviceInfo[]): string {
  const matchers = [`organisation_id=${quote(String(organisationId))}`];
  if (scope.kind === 'device') matchers.push(`device_id=${quote(String(scope.id))}`);
  else if (scope.kind !== 'organisation') {
    const ids = devices.filter((d) => inScope(scope, d)).map((d) => d.id);
    // An empty scope matches no series rather than every one.
    matchers.push(`device_id=~${quote(ids.length > 0 ? ids.join('|') : '^$')}`);
  }
  return `{${matchers.join(',')}}`;
}

/** A rule's PromQL expression, or why it cannot be one. Pure. */
export function ruleExpression(
  organisationId: number,
  rule: AlertRule,
  devices: readonly DeviceInfo[],
): { expr: string } | { skipped: string } {
  const sel = selector(organisationId, rule.scope, devices);
  const c = rule.condition;
  const series = rule.metric ? `${PREFIX}${rule.metric}${sel}` : '';
  switch (c.kind) {
    case 'above':
      return { expr: `${series} > ${c.threshold}` };
    case 'below':
      return { expr: `${series} < ${c.threshold}` };
    case 'outside':
      return { expr: `${series} < ${c.low} or ${series} > ${c.high}` };
    case 'equals':
      if (c.state.toLowerCase() === 'true') return { expr: `${series} == 1` };
      if (c.state.toLowerCase() === 'false') return { expr: `${series} == 0` };
      if (Number.isFinite(Number(c.state))) return { expr: `${series} == ${Number(c.state)}` };
      return { skipped: `state words such as ${c.state} are not stored as metrics` };
    case 'absent': {
      const type = rule.scope.kind === 'deviceType' ? rule.scope.deviceType : 'server';
      const metric = rule.metric ?? HEARTBEAT[type];
      return {
        expr: `time() - max by (device_id) (max_over_time(timestamp(${PREFIX}${metric}${sel})[1h:30s])) > ${c.seconds}`,
      };
    }
  }
}

/**
 * The organisation's enabled rules as a Prometheus rule file (YAML; every string JSON-quoted,
 * which YAML reads as is). Hysteresis has no Prometheus equivalent: the file fires and resolves
 * on the threshold itself, and says so in the annotations.
 */
export function prometheusRuleFile(
  organisationId: number,
  rules: readonly AlertRule[],
  devices: readonly DeviceInfo[],
): string {
  const lines = [
    'groups:',
    `  - name: ${yamlString(`brezza-organisation-${organisationId}`)}`,
    '    rules:',
  ];
  const skipped: string[] = [];
  let written = 0;
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const result = ruleExpression(organisationId, rule, devices);
    if ('skipped' in result) {
      skipped.push(`# Not exported: ${rule.name.replace(/\n/g, ' ')} (${result.skipped}).`);
      continue;
    }
    written += 1;
    const alertName = rule.name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^([^A-Za-z_])/, '_$1');
    lines.push(
      `      - alert: ${yamlString(alertName)}`,
      `        expr: ${yamlString(result.expr)}`,
      `        for: ${yamlString(`${rule.forSeconds}s`)}`,
      '        labels:',
      `          severity: ${yamlString(rule.severity)}`,
      `          brezza_rule_id: ${yamlString(String(rule.id))}`,
      '        annotations:',
      `          summary: ${yamlString(`${rule.name} on device {{ $labels.device_id }}`)}`,
      `          description: ${yamlString(
        rule.description +
          ('clear' in rule.condition && rule.condition.clear !== undefined
            ? ` Brezza clears it at ${rule.condition.clear}; this rule clears at the threshold.`
            : ''),
      )}`,
    );
  }
  if (written === 0) lines.splice(2, 1, '    rules: []');
  return [...skipped, ...lines, ''].join('\n');
}
