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

function bytes(value: number, suffix = ''): string {
  let scaled = value;
  let index = 0;
  while (Math.abs(scaled) >= 1024 && index < BYTE_UNITS.length - 1) {
    scaled /= 1024;
    index += 1;
  }
  return `${significant(scaled)} ${BYTE_UNITS[index]}${suffix}`;
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

export function formatValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  switch (normaliseUnit(unit)) {
    case 'ratio':
      return `${significant(value * 100)} %`;
    case '%':
      return `${significant(value)} %`;
    case 'bytes':
      return bytes(value);
    case 'bytes/s':
      return bytes(value, '/s');
    case '°C':
      return `${value.toFixed(1)} °C`;
    case 'W':
      return Math.abs(value) >= 10_000
        ? `${significant(value / 1000)} kW`
        : `${significant(value)} W`;
    case 'kW':
      return `${significant(value)} kW`;
    case 's':
      return `${significant(value)} s`;
    case 'J':
      return `${significant(value)} J`;
    case '':
      return significant(value);
    default:
      return `${significant(value)} ${unit}`;
  }
}

/** The unit as a column header or axis shows it ('ratio' reads as %). */
export function unitLabel(unit: string): string {
  const normal = normaliseUnit(unit);
  return normal === 'ratio' ? '%' : normal;
}
