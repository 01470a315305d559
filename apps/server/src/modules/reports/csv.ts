import { HOUR_MS } from './figures.js';
import type { ExecutiveReport, PeriodFigures } from './report.js';

/**
 * The report's figures as CSV, one figure a row: `section,item,figure,unit,this_period,
 * previous_period` (the daily trend and rooms have no previous value). Numbers are plain
 * decimals without units or thousands separators, so that a spreadsheet reads them as numbers.
 */
export const CSV_HEADER = 'section,item,figure,unit,this_period,previous_period';

const cell = (value: string | number | null) => {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : value;
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function reportCsv(report: ExecutiveReport): string {
  const rows: (string | number | null)[][] = [];
  const both = (
    section: string,
    figure: string,
    unit: string,
    pick: (p: PeriodFigures) => number | null,
  ) => rows.push([section, '', figure, unit, pick(report.current), pick(report.previous)]);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  rows.push([
    'report',
    report.organisation,
    'period',
    'date',
    day(report.fromMs),
    day(report.previous.fromMs),
  ]);
  rows.push([
    'report',
    report.organisation,
    'period end (excluded)',
    'date',
    day(report.toMs),
    day(report.previous.toMs),
  ]);
  if (report.demo) rows.push(['report', report.organisation, 'demo data', '', 'yes', 'yes']);
  both('energy', 'IT energy', 'kWh', (p) => p.itEnergyKwh);
  both('energy', 'peak IT power', 'kW', (p) => p.peakItKw);
  both('energy', 'heat removed by liquid cooling', 'kWh', (p) => p.heatRemovedKwh);
  both('energy', 'peak heat removed', 'kW', (p) => p.peakHeatKw);
  both('energy', 'heat left to room air', 'kWh', (p) => p.heatToAirKwh);
  both('efficiency', 'liquid capture ratio', 'ratio', (p) => p.captureRatio);
  both('alerts', 'critical alerts fired', 'count', (p) => p.alerts.fired.critical);
  both('alerts', 'warning alerts fired', 'count', (p) => p.alerts.fired.warning);
  both('alerts', 'time firing', 'h', (p) => p.alerts.firingMs / HOUR_MS);
  both('availability', 'servers online', 'ratio', (p) => p.serverOnlineShare);
  both('availability', 'servers', 'count', (p) => p.servers);
  both('availability', 'equipment communicating', 'ratio', (p) => p.equipmentCommunicationShare);
  both('availability', 'equipment units', 'count', (p) => p.equipment);
  for (const d of report.daily) {
    rows.push(['daily', day(d.dayMs), 'IT energy', 'kWh', d.itKwh, null]);
    rows.push([
      'daily',
      day(d.dayMs),
      'heat removed by liquid cooling',
      'kWh',
      d.heatRemovedKwh,
      null,
    ]);
    rows.push(['daily', day(d.dayMs), 'liquid capture ratio', 'ratio', d.captureRatio, null]);
  }
  for (const room of report.rooms) {
    rows.push(['capacity', room.room, 'pCDUs', 'count', room.pcdus, null]);
    rows.push(['capacity', room.room, 'peak heat removed', 'kW', room.peakHeatKw, null]);
    rows.push(['capacity', room.room, 'cooling capacity', 'kW', room.capacityKw, null]);
    rows.push(['capacity', room.room, 'utilisation at peak', 'ratio', room.utilisation, null]);
    rows.push(['capacity', room.room, 'headroom', 'kW', room.headroomKw, null]);
  }
  for (const alert of report.current.alerts.top) {
    const item = `${alert.ruleName} on ${alert.deviceName}`;
    rows.push(['top alerts', item, 'firings', 'count', alert.firings, null]);
    rows.push(['top alerts', item, 'time firing', 'h', alert.firingMs / HOUR_MS, null]);
  }
  return [CSV_HEADER, ...rows.map((row) => row.map(cell).join(','))].join('\r\n') + '\r\n';
}
