import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AlertRule } from '@brezza/contract';
import {
  deviceInScope,
  forecastSummary,
  forecastTargets,
  parseScope,
  pointsEvery,
} from './service.js';
import type { PlacedDevice } from './repository.js';

const rule = (over: Partial<AlertRule>): AlertRule => ({
  id: 1,
  name: 'Rule',
  enabled: true,
  severity: 'warning',
  scope: { kind: 'organisation' },
  metric: 'pcdu_refrigerant_supply_temperature',
  condition: { kind: 'outside', low: 15, high: 30 },
  forSeconds: 0,
  description: '',
  builtin: null,
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

const device: PlacedDevice = {
  id: 3,
  name: 'pCDU Hall B',
  type: 'pcdu',
  rackId: null,
  roomId: 5,
  roomName: 'Hall B',
  datacenterId: 2,
};

describe('forecastTargets', () => {
  it('counts down to both edges of an outside rule, a below rule, and the pCDU’s capacity', () => {
    const targets = forecastTargets([
      rule({}),
      rule({ metric: 'pcdu_wflow', condition: { kind: 'below', threshold: 5 } }),
      rule({ metric: 'pcdu_psu1', condition: { kind: 'equals', state: 'ERROR' } }),
      rule({ enabled: false, metric: 'temperature_celsius' }),
    ]);
    expect(targets.map((t) => [t.kind, t.metric, t.threshold, t.direction])).toEqual([
      ['capacity', 'pcdu_valve_now', 100, 'above'],
      ['temperature', 'pcdu_refrigerant_supply_temperature', 30, 'above'],
      ['temperature', 'pcdu_refrigerant_supply_temperature', 15, 'below'],
      ['flow', 'pcdu_wflow', 5, 'below'],
    ]);
    expect(targets[0]!.applies(device)).toBe(true);
    expect(targets[0]!.applies({ ...device, type: 'server' })).toBe(false);
  });

  it('applies a rule only inside its scope', () => {
    const [, scoped] = forecastTargets([rule({ scope: { kind: 'room', id: 9 } })]);
    expect(scoped!.applies(device)).toBe(false);
    expect(scoped!.applies({ ...device, roomId: 9 })).toBe(true);
  });
});

describe('forecastSummary', () => {
  const base = {
    subject: 'Hall B (pCDU Hall B)',
    label: 'its cooling capacity (valve fully open)',
    horizonDays: 90,
    growing: true,
  };
  it('says when, at the current growth, with the band', () => {
    expect(forecastSummary({ ...base, etaDays: 9, earliestDays: 6, latestDays: 14 })).toBe(
      'Hall B (pCDU Hall B) reaches its cooling capacity (valve fully open) in 9 days at the current growth (between 6 days and 14 days).',
    );
    expect(forecastSummary({ ...base, etaDays: 0, earliestDays: 0, latestDays: 0 })).toBe(
      'Hall B (pCDU Hall B) is at its cooling capacity (valve fully open) now.',
    );
    expect(forecastSummary({ ...base, etaDays: null, earliestDays: null, latestDays: null })).toBe(
      'Hall B (pCDU Hall B) does not reach its cooling capacity (valve fully open) within 90 days at the current trend.',
    );
  });
});

describe('scopes', () => {
  it('parses and matches every kind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('datacenter', 'room', 'rack', 'device'),
        fc.integer({ min: 1, max: 1e9 }),
        (kind, id) => {
          const scope = parseScope(`${kind}:${id}`);
          expect(scope).toEqual({ kind, id });
          const inside = {
            ...device,
            id: kind === 'device' ? id : 1,
            rackId: kind === 'rack' ? id : null,
            roomId: kind === 'room' ? id : null,
            datacenterId: kind === 'datacenter' ? id : null,
          };
          expect(deviceInScope(scope, inside)).toBe(true);
          expect(
            deviceInScope(scope, { ...inside, id: 0, rackId: 0, roomId: 0, datacenterId: 0 }),
          ).toBe(false);
        },
      ),
    );
    expect(deviceInScope(parseScope('organisation'), device)).toBe(true);
  });
});

describe('pointsEvery', () => {
  it('keeps the minutes a whole number of steps before the end, up to it', () => {
    const minutes = Array.from({ length: 30 }, (_, i) => [i * 60_000, i] as [number, number]);
    expect(pointsEvery(minutes, 5 * 60_000, 27 * 60_000).map(([, v]) => v)).toEqual([
      2, 7, 12, 17, 22, 27,
    ]);
    expect(pointsEvery(minutes, 60_000, 3 * 60_000)).toEqual(minutes.slice(0, 4));
  });
});
