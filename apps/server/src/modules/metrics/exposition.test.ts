import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLabelValue, renderExposition, type ServerMetrics } from './exposition.js';

const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

function buildServer(overrides: Partial<ServerMetrics> = {}): ServerMetrics {
  return {
    labels: {
      organisation: 'Acme',
      datacenter: 'DC1',
      room: 'Room 1',
      rack: 'R1',
      server: 'web-1',
      machine_id: '0123456789abcdef0123456789abcdef',
    },
    hostName: 'web-1.local',
    agentVersion: '0.1.0',
    lastSeenAt: '2026-01-01T00:00:00.000Z',
    sample: {
      collectedAt: '2026-01-01T00:00:00.000Z',
      load: { load1: 1, load5: 2, load15: 3 },
      temperatures: [{ source: 'hwmon', chip: 'coretemp', sensor: 'Core 0', celsius: 50 }],
    },
    ...overrides,
  };
}

describe('escapeLabelValue', () => {
  it('escapes backslash, double quote and line feed so that the value reads back the same', () => {
    expect(escapeLabelValue('a "b" \\ c\nd')).toBe('a \\"b\\" \\\\ c\\nd');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const escaped = escapeLabelValue(value);
        expect(escaped).not.toContain('\n');
        expect(escaped).not.toMatch(/(^|[^\\])(\\\\)*"/);
        expect(unescape(escaped)).toBe(value);
      }),
    );
  });
});

describe('renderExposition', () => {
  it('writes each family once with HELP and TYPE before all its series', () => {
    const text = renderExposition([
      buildServer(),
      buildServer({ labels: { ...buildServer().labels, server: 'web-2', machine_id: 'ff' } }),
    ]);
    const lines = text.trimEnd().split('\n');
    const families = lines.filter((line) => line.startsWith('# TYPE')).map((l) => l.split(' ')[2]);
    expect(new Set(families).size).toBe(families.length);
    expect(families).toContain('brezza_load1');
    const load1 = lines.filter((line) => line.startsWith('brezza_load1{'));
    expect(load1).toHaveLength(2);
    const typeIndex = lines.indexOf('# TYPE brezza_load1 gauge');
    expect(lines.indexOf(load1[0]!)).toBe(typeIndex + 1);
    expect(lines.indexOf(load1[1]!)).toBe(typeIndex + 2);
    expect(load1[0]).toBe(
      'brezza_load1{organisation="Acme",datacenter="DC1",room="Room 1",rack="R1",server="web-1",machine_id="0123456789abcdef0123456789abcdef"} 1',
    );
    expect(text.endsWith('\n')).toBe(true);
  });

  it('writes only the server info and last seen time without a fresh sample', () => {
    const text = renderExposition([buildServer({ sample: null })]);
    const families = text
      .split('\n')
      .filter((l) => l.startsWith('# TYPE'))
      .map((l) => l.split(' ')[2]);
    expect(families).toEqual(['brezza_server_info', 'brezza_last_seen_timestamp_seconds']);
  });

  it('keeps the first of two series with the same labels', () => {
    const text = renderExposition([buildServer(), buildServer()]);
    expect(text.split('\n').filter((line) => line.startsWith('brezza_load1{'))).toHaveLength(1);
  });

  it('writes nothing for no servers', () => {
    expect(renderExposition([])).toBe('');
  });
});
