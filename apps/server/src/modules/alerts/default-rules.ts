import type { AlertRuleBody } from '@brezza/contract';

/**
 * The pack every organisation starts with (editable like its own rules). Ranges are the pCDU
 * docs' normal ranges (docs: pCDU sensors): refrigerant supply 15–30 °C; facility water flow
 * "never 0 while the unit is cooling", read as below the product's 5 L/min normal floor.
 */
export const DEFAULT_RULES: readonly (AlertRuleBody & { builtin: string })[] = [
  {
    builtin: 'pcdu-water-leak',
    name: 'pCDU water leak',
    severity: 'critical',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: 'pcdu_waterleak',
    condition: { kind: 'equals', state: 'true' },
    forSeconds: 0,
    description: 'The leak sensor detects water. Stop the loop and find the leak.',
  },
  {
    builtin: 'pcdu-psu-error',
    name: 'pCDU power supply 1 ERROR',
    severity: 'critical',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: 'pcdu_psu1',
    condition: { kind: 'equals', state: 'ERROR' },
    forSeconds: 0,
    description: 'Power supply 1 reports ERROR.',
  },
  {
    builtin: 'pcdu-psu-warning',
    name: 'pCDU power supply 2 Warning',
    severity: 'warning',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: 'pcdu_psu2',
    condition: { kind: 'equals', state: 'Warning' },
    forSeconds: 0,
    description: 'Power supply 2 reports Warning: the unit runs on one supply.',
  },
  {
    builtin: 'pcdu-supply-temperature',
    name: 'pCDU refrigerant supply temperature out of range',
    severity: 'warning',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: 'pcdu_refrigerant_supply_temperature',
    condition: { kind: 'outside', low: 15, high: 30, hysteresis: 0.5 },
    forSeconds: 60,
    description: 'Normal is 15–30 °C (docs: pCDU sensors).',
  },
  {
    builtin: 'pcdu-water-flow',
    name: 'pCDU facility water flow low',
    severity: 'warning',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: 'pcdu_wflow',
    condition: { kind: 'below', threshold: 5, clear: 6 },
    forSeconds: 30,
    description: 'Facility water flow should never be near 0 while the unit is cooling.',
  },
  {
    builtin: 'pcdu-communication',
    name: 'pCDU loss of communication',
    severity: 'critical',
    scope: { kind: 'deviceType', deviceType: 'pcdu' },
    metric: null,
    condition: { kind: 'absent', seconds: 30 },
    forSeconds: 0,
    description: 'No reading from the unit for 30 s (it is polled every 2 s).',
  },
  {
    builtin: 'server-offline',
    name: 'Server offline',
    severity: 'critical',
    scope: { kind: 'deviceType', deviceType: 'server' },
    metric: null,
    condition: { kind: 'absent', seconds: 180 },
    forSeconds: 0,
    description: 'The agent has not reported for 3 minutes.',
  },
  {
    builtin: 'server-temperature',
    name: 'Server temperature high',
    severity: 'warning',
    scope: { kind: 'deviceType', deviceType: 'server' },
    metric: 'temperature_celsius',
    condition: { kind: 'above', threshold: 85, clear: 80 },
    forSeconds: 120,
    description: 'A temperature sensor above 85 °C for 2 minutes (clears below 80 °C).',
  },
];
