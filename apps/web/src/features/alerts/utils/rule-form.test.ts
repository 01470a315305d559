import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALERT_MESSAGES,
  CHANNEL_MESSAGES,
  CONDITION_MESSAGES,
  METRIC_REQUIRED_MESSAGE,
  alertRuleBodySchema,
  conditionSchema,
  scopeSchema,
  type AlertRule,
} from '@brezza/contract';
import {
  EMPTY_RULE,
  channelFieldOf,
  ruleBody,
  ruleFieldOf,
  ruleForm,
  scopeBody,
  scopeForm,
} from './rule-form';

const finite = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .map((x) => (x === 0 ? 0 : x));
const conditions = fc
  .oneof(
    fc.record(
      {
        kind: fc.constantFrom('above' as const, 'below' as const),
        threshold: finite,
        clear: finite,
      },
      { requiredKeys: ['kind', 'threshold'] },
    ),
    fc.record(
      { kind: fc.constant('outside' as const), low: finite, high: finite, hysteresis: finite },
      { requiredKeys: ['kind', 'low', 'high'] },
    ),
    fc.record({
      kind: fc.constant('equals' as const),
      state: fc.stringMatching(/^[A-Za-z]{1,12}$/),
    }),
    fc.record({
      kind: fc.constant('absent' as const),
      seconds: fc.integer({ min: 5, max: 86_400 }),
    }),
  )
  .filter((c) => conditionSchema.safeParse(c).success);
const scopes = fc.oneof(
  fc.constant({ kind: 'organisation' as const }),
  fc.record({
    kind: fc.constantFrom(
      'datacenter' as const,
      'room' as const,
      'rack' as const,
      'device' as const,
    ),
    id: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('deviceType' as const),
    deviceType: fc.constantFrom('server' as const, 'pcdu' as const, 'pdu' as const),
  }),
);

describe('the rule editor form', () => {
  it('gives back the rule it was opened with, for every condition kind and scope', () => {
    fc.assert(
      fc.property(
        conditions,
        scopes,
        fc.integer({ min: 0, max: 3600 }),
        (condition, scope, forSeconds) => {
          const rule: AlertRule = {
            id: 1,
            name: 'Rule',
            enabled: true,
            severity: 'critical',
            scope,
            metric: condition.kind === 'absent' ? null : 'pcdu_wflow',
            condition,
            forSeconds,
            description: '',
            builtin: null,
            updatedAt: new Date(0).toISOString(),
          };
          const body = ruleBody(ruleForm(rule));
          expect(alertRuleBodySchema.parse(body)).toEqual(alertRuleBodySchema.parse({ ...rule }));
        },
      ),
    );
  });

  it('sends a scope exactly as picked', () => {
    fc.assert(
      fc.property(scopes, (scope) => {
        expect(scopeSchema.parse(scopeBody(scopeForm(scope)))).toEqual(scope);
      }),
    );
  });

  it('leaves an empty clear threshold out and sends a typo for the server to name', () => {
    const body = ruleBody({ ...EMPTY_RULE, name: 'Hot', metric: 'x', threshold: '30,5' });
    expect(body.condition).toEqual({ kind: 'above', threshold: 30.5, clear: undefined });
    const typo = ruleBody({ ...EMPTY_RULE, threshold: 'hot' });
    expect(JSON.parse(JSON.stringify(typo)).condition.threshold).toBeNull();
  });

  it('puts each server message beside the field it is about', () => {
    expect(ruleFieldOf(CONDITION_MESSAGES.clearAbove)).toBe('clear');
    expect(ruleFieldOf(CONDITION_MESSAGES.range)).toBe('high');
    expect(ruleFieldOf(METRIC_REQUIRED_MESSAGE)).toBe('metric');
    expect(ruleFieldOf(ALERT_MESSAGES.scopeNotFound)).toBe('scope');
    expect(ruleFieldOf('condition.threshold must be a number.')).toBe('threshold');
    expect(ruleFieldOf('scope.id must be greater than 0.')).toBe('scope');
    expect(ruleFieldOf('Name is required.')).toBe('name');
    expect(ruleFieldOf('Alerts needs the Argento plan.')).toBe('form');
    expect(channelFieldOf(CHANNEL_MESSAGES.email)).toBe('target');
    expect(channelFieldOf(CHANNEL_MESSAGES.kindFixed)).toBe('form');
  });
});
