import fs from 'node:fs';
import path from 'node:path';

/**
 * Readers for /sys: hwmon chips, thermal zones and RAPL energy counters, under a root directory
 * (the real `/`, the host's root inside a container, or a fixture tree in tests). Anything
 * missing or unreadable is simply not reported: not every machine has every sensor.
 */

export interface TemperatureReading {
  source: 'hwmon' | 'thermal';
  chip: string;
  sensor: string;
  celsius: number;
}

export interface HwmonPowerReading {
  chip: string;
  sensor: string;
  watts: number;
}

export interface EnergyReading {
  domain: string;
  /** Microjoules, as the counter says. */
  energyMicrojoules: number;
  /** Where the counter wraps to zero. */
  maxMicrojoules: number;
}

// Control characters would be refused by the server; sysfs text ends with a line feed.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const clean = (text: string) => text.replace(CONTROL_CHARACTERS, '').trim().slice(0, 128);

function readText(file: string): string | undefined {
  try {
    return clean(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function readNumber(file: string): number | undefined {
  const text = readText(file);
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  } catch {
    return [];
  }
}

const validCelsius = (value: number) => value > -273.15 && value < 1000;

interface HwmonChip {
  dir: string;
  name: string;
  files: string[];
}

/** Each chip's attribute directory: the hwmon node, or its `device/` on old kernels. */
function hwmonChips(root: string): HwmonChip[] {
  const base = path.join(root, 'sys/class/hwmon');
  const chips: HwmonChip[] = [];
  const nameCounts = new Map<string, number>();
  for (const entry of listDir(base)) {
    for (const dir of [path.join(base, entry), path.join(base, entry, 'device')]) {
      const files = listDir(dir);
      if (!files.some((file) => /^(temp|power)\d+_(input|average)$/.test(file))) continue;
      const name =
        readText(path.join(dir, 'name')) || readText(path.join(base, entry, 'name')) || entry;
      chips.push({ dir, name, files });
      nameCounts.set(name, (nameCounts.get(name) ?? 0) + 1);
      break;
    }
  }
  // Two sockets both have a "coretemp": tell them apart by position so the series stay distinct.
  const seen = new Map<string, number>();
  return chips.map((chip) => {
    if ((nameCounts.get(chip.name) ?? 0) < 2) return chip;
    const index = seen.get(chip.name) ?? 0;
    seen.set(chip.name, index + 1);
    return { ...chip, name: `${chip.name}.${index}` };
  });
}

export function readHwmonTemperatures(root: string): TemperatureReading[] {
  const readings: TemperatureReading[] = [];
  for (const chip of hwmonChips(root)) {
    for (const file of chip.files) {
      const match = /^temp(\d+)_input$/.exec(file);
      if (!match) continue;
      const milli = readNumber(path.join(chip.dir, file));
      if (milli === undefined || !validCelsius(milli / 1000)) continue;
      const label = readText(path.join(chip.dir, `temp${match[1]}_label`));
      readings.push({
        source: 'hwmon',
        chip: chip.name,
        sensor: label || `temp${match[1]}`,
        celsius: milli / 1000,
      });
    }
  }
  return readings;
}

/** Power meters some chips expose (ACPI power meters, PSUs, GPUs), in microwatts. */
export function readHwmonPower(root: string): HwmonPowerReading[] {
  const readings: HwmonPowerReading[] = [];
  for (const chip of hwmonChips(root)) {
    for (const file of chip.files) {
      const match = /^power(\d+)_(input|average)$/.exec(file);
      if (!match) continue;
      // Prefer the instantaneous value when a chip offers both.
      if (match[2] === 'average' && chip.files.includes(`power${match[1]}_input`)) continue;
      const micro = readNumber(path.join(chip.dir, file));
      if (micro === undefined || micro < 0) continue;
      const label = readText(path.join(chip.dir, `power${match[1]}_label`));
      readings.push({ chip: chip.name, sensor: label || `power${match[1]}`, watts: micro / 1e6 });
    }
  }
  return readings;
}

export function readThermalZones(root: string): TemperatureReading[] {
  const base = path.join(root, 'sys/class/thermal');
  const readings: TemperatureReading[] = [];
  for (const entry of listDir(base)) {
    if (!entry.startsWith('thermal_zone')) continue;
    const milli = readNumber(path.join(base, entry, 'temp'));
    if (milli === undefined || !validCelsius(milli / 1000)) continue;
    readings.push({
      source: 'thermal',
      chip: entry,
      sensor: readText(path.join(base, entry, 'type')) || entry,
      celsius: milli / 1000,
    });
  }
  return readings;
}

/**
 * RAPL energy counters (Intel, and AMD through the same driver): packages `intel-rapl:N` and
 * their sub-domains `intel-rapl:N:M`, named `package-0`, `package-0/core`, `package-0/dram`...
 */
export function readRapl(root: string): EnergyReading[] {
  const base = path.join(root, 'sys/class/powercap');
  const names = new Map<string, string>();
  const readings: EnergyReading[] = [];
  for (const entry of listDir(base)) {
    const match = /^intel-rapl:(\d+)(?::(\d+))?$/.exec(entry);
    if (!match) continue;
    const name = readText(path.join(base, entry, 'name')) || entry;
    const parent = match[2] !== undefined ? names.get(`intel-rapl:${match[1]}`) : undefined;
    const domain = parent ? `${parent}/${name}` : name;
    names.set(entry, domain);
    const energy = readNumber(path.join(base, entry, 'energy_uj'));
    const max = readNumber(path.join(base, entry, 'max_energy_range_uj'));
    if (energy === undefined || energy < 0) continue;
    readings.push({ domain, energyMicrojoules: energy, maxMicrojoules: max ?? 0 });
  }
  return readings;
}

/** Average watts between two readings of one counter, allowing for one wrap-around. */
export function averageWatts(
  current: EnergyReading,
  previous: EnergyReading | undefined,
  seconds: number,
): number | null {
  if (!previous || seconds <= 0) return null;
  let delta = current.energyMicrojoules - previous.energyMicrojoules;
  if (delta < 0) {
    if (current.maxMicrojoules <= 0) return null;
    delta += current.maxMicrojoules;
  }
  return delta / 1e6 / seconds;
}

/** Whole block devices (not partitions), minus loop, RAM and optical devices. */
export function readBlockDevices(root: string): Set<string> | undefined {
  const entries = listDir(path.join(root, 'sys/block'));
  if (entries.length === 0) return undefined;
  return new Set(entries.filter((name) => !/^(loop|ram|zram|sr|fd)\d*/.test(name)));
}
