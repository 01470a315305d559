/**
 * Values as people read them, by the unit the metrics API names: ratios as percentages, bytes
 * in binary multiples, watts and kilowatts, degrees Celsius. An unknown unit is shown after
 * the number as it is.
 */
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

function significant(value: number): string {
  const abs = Math.abs(value);
  if (abs === 0) return '0';
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Canonical unit for the spellings the metrics API and Prometheus use. */
export function normaliseUnit(unit: string): string {
  const key = unit.trim().toLowerCase();
  const aliases: Record<string, string> = {
    ratio: 'ratio',
    percent: '%',
    '%': '%',
    bytes: 'bytes',
    byte: 'bytes',
    b: 'bytes',
    'bytes/s': 'bytes/s',
    bytes_per_second: 'bytes/s',
    'b/s': 'bytes/s',
    celsius: '°C',
    '°c': '°C',
    degc: '°C',
    watts: 'W',
    watt: 'W',
    w: 'W',
    kilowatts: 'kW',
    kw: 'kW',
    seconds: 's',
    s: 's',
    joules: 'J',
    j: 'J',
  };
  return aliases[key] ?? unit.trim();
}

/**
 * How a unit's values are scaled for people, by the largest of them: the factor to divide by
 * and the suffix (bytes in binary multiples, watts as kW from 10 kW, ratios as %).
 */
function scaleFor(unit: string, largest: number): { factor: number; suffix: string } {
  switch (unit) {
    case 'ratio':
      return { factor: 0.01, suffix: ' %' };
    case 'bytes':
    case 'bytes/s': {
      let index = 0;
      while (largest / 1024 ** index >= 1024 && index < BYTE_UNITS.length - 1) index += 1;
      return {
        factor: 1024 ** index,
        suffix: ` ${BYTE_UNITS[index]}${unit === 'bytes' ? '' : '/s'}`,
      };
    }
    case 'W':
      return largest >= 10_000 ? { factor: 1000, suffix: ' kW' } : { factor: 1, suffix: ' W' };
    case '':
      return { factor: 1, suffix: '' };
    default:
      return { factor: 1, suffix: ` ${unit}` };
  }
}

export function formatValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const normal = normaliseUnit(unit);
  // A temperature reads to a tenth of a degree whatever its size.
  if (normal === '°C') return `${value.toFixed(1)} °C`;
  const { factor, suffix } = scaleFor(normal, Math.abs(value));
  return `${significant(value / factor)}${suffix}`;
}

/**
 * The fewest decimals (up to 2) that write every value exactly; else (ticks a chart chose in
 * decimal steps, shown in GiB) enough for two significant digits of the step between them.
 */
function sharedDecimals(values: number[]): number {
  for (let decimals = 0; decimals <= 2; decimals += 1) {
    const scale = 10 ** decimals;
    if (values.every((v) => Math.abs(Math.round(v * scale) - v * scale) < 1e-6 * scale)) {
      return decimals;
    }
  }
  const sorted = [...values].sort((a, b) => a - b);
  let step = Infinity;
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > 0) step = Math.min(step, gap);
  }
  if (!Number.isFinite(step)) step = Math.abs(sorted[0] ?? 1) || 1;
  return Math.min(3, Math.max(0, 1 - Math.floor(Math.log10(step))));
}

/**
 * An axis's tick labels in one scale and one number of decimals, taken from the largest tick:
 * 0 kW … 20 kW, never 5000 W under 10.0 kW (which `formatValue`, value by value, would give).
 */
export function formatTicks(ticks: number[], unit: string): string[] {
  const normal = normaliseUnit(unit);
  const largest = Math.max(0, ...ticks.map((tick) => Math.abs(tick)));
  const { factor, suffix } = scaleFor(normal, largest);
  const scaled = ticks.map((tick) => tick / factor);
  const decimals = sharedDecimals(scaled);
  return scaled.map((value) => `${value.toFixed(decimals)}${suffix}`);
}

/** The unit as a column header or axis shows it ('ratio' reads as %). */
export function unitLabel(unit: string): string {
  const normal = normaliseUnit(unit);
  return normal === 'ratio' ? '%' : normal;
}
