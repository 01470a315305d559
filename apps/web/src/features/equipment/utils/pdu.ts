import type { SensorReading } from '@brezza/contract';

export interface OutletRow {
  outlet: number;
  power?: SensorReading;
  current?: SensorReading;
  state?: SensorReading;
}

export interface PhaseRow {
  phase: number;
  current?: SensorReading;
  voltage?: SensorReading;
}

/** A PDU's readings by outlet and by phase, numbered as the device numbers them. */
export function pduTables(sensors: readonly SensorReading[]): {
  outlets: OutletRow[];
  phases: PhaseRow[];
  power?: SensorReading;
  energy?: SensorReading;
} {
  const outlets = new Map<number, OutletRow>();
  const phases = new Map<number, PhaseRow>();
  let power: SensorReading | undefined;
  let energy: SensorReading | undefined;
  for (const sensor of sensors) {
    const match = /^(outlet|phase)_(\d+)_(power|current|state|voltage)$/.exec(sensor.key);
    if (!match) {
      if (sensor.key === 'power') power = sensor;
      if (sensor.key === 'energy') energy = sensor;
      continue;
    }
    const index = Number(match[2]);
    if (match[1] === 'outlet') {
      const row = outlets.get(index) ?? { outlet: index };
      row[match[3] as 'power' | 'current' | 'state'] = sensor;
      outlets.set(index, row);
    } else {
      const row = phases.get(index) ?? { phase: index };
      row[match[3] as 'current' | 'voltage'] = sensor;
      phases.set(index, row);
    }
  }
  const byNumber = <T extends { outlet?: number; phase?: number }>(a: T, b: T) =>
    (a.outlet ?? a.phase ?? 0) - (b.outlet ?? b.phase ?? 0);
  return {
    outlets: [...outlets.values()].sort(byNumber),
    phases: [...phases.values()].sort(byNumber),
    power,
    energy,
  };
}
