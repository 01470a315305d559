import PDFDocument from 'pdfkit';
import { change, DAY_MS, HOUR_MS } from './figures.js';
import * as f from './format.js';
import type { ExecutiveReport, PeriodFigures } from './report.js';

/**
 * The executive report as an A4 PDF (pdfkit, vector charts, the standard Helvetica faces so that
 * no font file ships): a summary page with the key figures and the daily efficiency trend, then
 * energy, capacity headroom per room, alerts and availability, each against the previous period.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - 56;

const INK = '#0f172a';
const MUTED = '#64748b';
const RULE = '#e2e8f0';
const BRAND = '#0e3a5b';
const IT_COLOUR = '#94a3b8';
const HEAT_COLOUR = '#0891b2';
const RATIO_COLOUR = '#ea580c';
const GOOD = '#15803d';
const BAD = '#b91c1c';

type Doc = PDFKit.PDFDocument;

/** Whether a rise of this figure is good news (green) or bad (red); null: neither. */
type Direction = 'up' | 'down' | null;

function changeText(current: number | null, previous: number | null, direction: Direction) {
  const value = change(current, previous);
  const colour =
    value === null || direction === null || Math.abs(value) < 0.005
      ? MUTED
      : value > 0 === (direction === 'up')
        ? GOOD
        : BAD;
  // Helvetica's encoding has no minus sign: an en dash stands in for it.
  return { text: f.signedChange(value).replace('\u2212', '\u2013'), colour };
}

function heading(doc: Doc, text: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, y);
  const bottom = y + 19;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT, bottom)
    .lineWidth(0.75)
    .stroke(RULE);
  return bottom + 10;
}

/** Starts a new page when `height` does not fit below `y`; answers where to draw. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

function header(doc: Doc, report: ExecutiveReport, productName: string): number {
  doc.rect(0, 0, PAGE.width, 104).fill(BRAND);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#bae6fd')
    .text(`${productName.toUpperCase()}  ·  EXECUTIVE REPORT`, MARGIN, 30, { characterSpacing: 1 });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor('#ffffff')
    .text(report.organisation, MARGIN, 45, { width: CONTENT - 150, height: 28, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#e0f2fe')
    .text(f.period(report.fromMs, report.toMs), MARGIN, 75);
  doc
    .fontSize(8)
    .fillColor('#bae6fd')
    .text(`Generated ${f.day(report.generatedMs)}`, MARGIN, 78, {
      width: CONTENT,
      align: 'right',
    });
  doc.text(`Compared with ${f.period(report.previous.fromMs, report.previous.toMs)}`, MARGIN, 66, {
    width: CONTENT,
    align: 'right',
  });
  let y = 124;
  if (report.demo) {
    doc.roundedRect(MARGIN, y, CONTENT, 30, 4).fill('#fef3c7');
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#92400e')
      .text('DEMO DATA', MARGIN + 12, y + 11, { continued: true })
      .font('Helvetica')
      .text(
        "   Every figure in this report comes from the demo organisation's simulated servers, pCDU and PDUs.",
      );
    y += 44;
  }
  return y;
}

interface Tile {
  label: string;
  value: string;
  current: number | null;
  previous: number | null;
  direction: Direction;
}

function tiles(doc: Doc, list: Tile[], y: number): number {
  const gap = 10;
  const width = (CONTENT - 2 * gap) / 3;
  const height = 66;
  list.forEach((tile, i) => {
    const x = MARGIN + (i % 3) * (width + gap);
    const top = y + Math.floor(i / 3) * (height + gap);
    doc.roundedRect(x, top, width, height, 5).lineWidth(0.75).fillAndStroke('#f8fafc', RULE);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(tile.label.toUpperCase(), x + 12, top + 11, {
        width: width - 24,
        characterSpacing: 0.5,
      });
    doc
      .font('Helvetica-Bold')
      .fontSize(17)
      .fillColor(INK)
      .text(tile.value, x + 12, top + 25, { width: width - 24, lineBreak: false });
    const delta = changeText(tile.current, tile.previous, tile.direction);
    // A change against nothing has no percentage: say what the previous period held.
    const without =
      tile.previous === null || tile.current === null
        ? 'No previous period to compare'
        : tile.previous === 0
          ? 'None in the previous period'
          : null;
    if (without) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(without, x + 12, top + 49);
    } else {
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .fillColor(delta.colour)
        .text(delta.text, x + 12, top + 49, { continued: true })
        .font('Helvetica')
        .fillColor(MUTED)
        .text('  vs previous period');
    }
  });
  return y + 2 * height + gap + 16;
}

function summary(report: ExecutiveReport): string {
  const { current: c, previous: p } = report;
  const parts: string[] = [];
  if (c.itEnergyKwh !== null) {
    const delta = change(c.itEnergyKwh, p.itEnergyKwh);
    parts.push(
      `IT equipment used ${f.energy(c.itEnergyKwh)}${
        delta === null
          ? ''
          : ` (${f.signedChange(delta).replace('\u2212', '\u2013')} on the previous period)`
      }, peaking at ${f.power(c.peakItKw)}.`,
    );
  } else parts.push('No IT power was recorded in this period.');
  if (c.heatRemovedKwh !== null) {
    parts.push(
      `The liquid cooling loop removed ${f.energy(c.heatRemovedKwh)}${
        c.captureRatio === null ? '' : `, ${f.percent(c.captureRatio, 0)} of the IT energy`
      }${c.heatToAirKwh === null ? '' : `; ${f.energy(c.heatToAirKwh)} was left to the room air`}.`,
    );
  }
  if (c.captureRatio !== null && c.captureRatio > 1.02) {
    parts.push(
      'More heat was removed than IT energy was metered: some of the load the pCDUs cool is not metered.',
    );
  }
  const fired = c.alerts.fired.critical + c.alerts.fired.warning;
  parts.push(
    fired === 0
      ? 'No alert fired.'
      : `${fired} alert${fired === 1 ? '' : 's'} fired (${c.alerts.fired.critical} critical), firing ${f.duration(c.alerts.firingMs)} in total.`,
  );
  if (c.serverOnlineShare !== null) {
    parts.push(`Servers were online ${f.percent(c.serverOnlineShare)} of the time.`);
  }
  return parts.join(' ');
}

/** Round axis maximum: 1, 2 or 5 times a power of ten, at least `value`. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function trendChart(doc: Doc, report: ExecutiveReport, y: number): number {
  const height = 210;
  const left = MARGIN + 44;
  const right = MARGIN + CONTENT - 36;
  const top = y + 26;
  const bottom = y + height - 26;
  const plotWidth = right - left;
  const days = report.daily;
  const maxKwh = niceMax(
    Math.max(0, ...days.flatMap((d) => [d.itKwh ?? 0, d.heatRemovedKwh ?? 0])),
  );
  const ratios = days.map((d) => d.captureRatio).filter((r): r is number => r !== null);
  const maxRatio = Math.max(1, niceMax(Math.max(0, ...ratios)));
  const yKwh = (kwh: number) => bottom - ((bottom - top) * kwh) / maxKwh;
  const yRatio = (r: number) => bottom - ((bottom - top) * r) / maxRatio;

  // Legend.
  const legend: [string, string, 'box' | 'line'][] = [
    ['IT energy (kWh)', IT_COLOUR, 'box'],
    ['Heat removed by liquid (kWh)', HEAT_COLOUR, 'box'],
    ['Liquid capture ratio (%, right axis)', RATIO_COLOUR, 'line'],
  ];
  let lx = left;
  doc.font('Helvetica').fontSize(7.5);
  for (const [label, colour, kind] of legend) {
    if (kind === 'box') doc.rect(lx, y + 5, 8, 8).fill(colour);
    else
      doc
        .moveTo(lx, y + 9)
        .lineTo(lx + 12, y + 9)
        .lineWidth(1.5)
        .stroke(colour);
    doc.fillColor(INK).text(label, lx + 14, y + 5);
    lx += 14 + doc.widthOfString(label) + 18;
  }

  // Grid and axes.
  doc.font('Helvetica').fontSize(7).fillColor(MUTED);
  for (let i = 0; i <= 4; i++) {
    const gy = bottom - ((bottom - top) * i) / 4;
    doc.moveTo(left, gy).lineTo(right, gy).lineWidth(0.5).stroke(RULE);
    doc
      .fillColor(MUTED)
      .text(
        (maxKwh * i) / 4 >= 1000
          ? `${((maxKwh * i) / 4000).toLocaleString('en-GB')}k`
          : ((maxKwh * i) / 4).toLocaleString('en-GB'),
        MARGIN,
        gy - 3,
        {
          width: 38,
          align: 'right',
        },
      );
    doc.text(`${Math.round(((maxRatio * i) / 4) * 100)} %`, right + 4, gy - 3, { width: 32 });
  }

  if (days.length === 0) return y + height;
  const slot = plotWidth / days.length;
  const bar = Math.min(14, (slot * 0.7) / 2);
  const labelEvery = Math.ceil(days.length / 12);
  days.forEach((d, i) => {
    const cx = left + slot * i + slot / 2;
    if (d.itKwh !== null)
      doc.rect(cx - bar, yKwh(d.itKwh), bar, bottom - yKwh(d.itKwh)).fill(IT_COLOUR);
    if (d.heatRemovedKwh !== null) {
      doc.rect(cx, yKwh(d.heatRemovedKwh), bar, bottom - yKwh(d.heatRemovedKwh)).fill(HEAT_COLOUR);
    }
    if (i % labelEvery === 0 || i === days.length - 1) {
      const partial = d.toMs - d.dayMs < DAY_MS;
      doc
        .fillColor(MUTED)
        .fontSize(7)
        .text(`${f.shortDay(d.dayMs)}${partial ? '*' : ''}`, cx - 20, bottom + 5, {
          width: 40,
          align: 'center',
        });
    }
  });
  // The ratio line, broken where a day has no ratio.
  let drawing = false;
  days.forEach((d, i) => {
    const cx = left + slot * i + slot / 2;
    if (d.captureRatio === null) {
      drawing = false;
      return;
    }
    const py = yRatio(d.captureRatio);
    if (drawing) doc.lineTo(cx, py);
    else doc.moveTo(cx, py);
    drawing = true;
  });
  doc.lineWidth(1.5).strokeColor(RATIO_COLOUR).stroke();
  days.forEach((d, i) => {
    if (d.captureRatio === null) return;
    doc.circle(left + slot * i + slot / 2, yRatio(d.captureRatio), 2).fill(RATIO_COLOUR);
  });
  doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.75).stroke(MUTED);
  if (days.some((d) => d.toMs - d.dayMs < DAY_MS)) {
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        '* Part of a day: the period or the data ends before midnight (UTC).',
        left,
        bottom + 16,
      );
  }
  return y + height;
}

interface Row {
  label: string;
  current: number | null;
  previous: number | null;
  show: (value: number | null) => string;
  direction: Direction;
}

function comparisonTable(doc: Doc, rows: Row[], y: number): number {
  const columns = [MARGIN, MARGIN + 230, MARGIN + 320, MARGIN + 410];
  const widths = [220, 85, 85, CONTENT - 410];
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED);
  ['', 'THIS PERIOD', 'PREVIOUS PERIOD', 'CHANGE'].forEach((title, i) => {
    doc.text(title, columns[i]!, y, { width: widths[i]!, align: i === 0 ? 'left' : 'right' });
  });
  y += 14;
  for (const row of rows) {
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + CONTENT, y - 4)
      .lineWidth(0.5)
      .stroke(RULE);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(row.label, columns[0]!, y, { width: widths[0]! });
    doc
      .font('Helvetica-Bold')
      .text(row.show(row.current), columns[1]!, y, { width: widths[1]!, align: 'right' });
    doc.font('Helvetica').fillColor(MUTED).text(row.show(row.previous), columns[2]!, y, {
      width: widths[2]!,
      align: 'right',
    });
    const delta = changeText(row.current, row.previous, row.direction);
    doc
      .fillColor(delta.colour)
      .text(delta.text, columns[3]!, y, { width: widths[3]!, align: 'right' });
    y += 18;
  }
  return y + 6;
}

function headroom(doc: Doc, report: ExecutiveReport, y: number): number {
  if (report.rooms.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        'No pCDU is placed in a room: add one to see cooling capacity and headroom.',
        MARGIN,
        y,
      );
    return y + 24;
  }
  const barLeft = MARGIN + 150;
  const barWidth = CONTENT - 150;
  for (const r of report.rooms) {
    y = room(doc, y, 46);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(r.room, MARGIN, y + 2, { width: 140 });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${r.pcdus} pCDU${r.pcdus === 1 ? '' : 's'}`, MARGIN, y + 15, { width: 140 });
    doc.roundedRect(barLeft, y, barWidth, 14, 3).fill('#e2e8f0');
    if (r.utilisation !== null) {
      const share = Math.min(1, Math.max(0, r.utilisation));
      const colour = share >= 0.9 ? BAD : share >= 0.75 ? '#d97706' : HEAT_COLOUR;
      if (share > 0) doc.roundedRect(barLeft, y, Math.max(4, barWidth * share), 14, 3).fill(colour);
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .fillColor(share > 0.12 ? '#ffffff' : INK)
        .text(
          f.percent(r.utilisation, 0),
          share > 0.12 ? barLeft + 6 : barLeft + barWidth * share + 6,
          y + 3.5,
        );
    }
    const words =
      r.capacityKw === null
        ? `Peak heat removed ${f.power(r.peakHeatKw)}; capacity unknown (the valve never opened far enough to scale from).`
        : `Peak heat removed ${f.power(r.peakHeatKw)} of ${f.power(r.capacityKw)} capacity: ${f.power(r.headroomKw)} headroom.`;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(words, barLeft, y + 19, { width: barWidth });
    y += 40;
  }
  return y + 4;
}

function topAlerts(doc: Doc, current: PeriodFigures, y: number): number {
  if (current.alerts.top.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('No alert fired in this period.', MARGIN, y);
    return y + 20;
  }
  const columns = [MARGIN, MARGIN + 200, MARGIN + 330, MARGIN + 390, MARGIN + 440];
  const widths = [195, 125, 55, 45, CONTENT - 440];
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED);
  ['ALERT', 'DEVICE', 'SEVERITY', 'FIRED', 'TIME FIRING'].forEach((title, i) => {
    doc.text(title, columns[i]!, y, { width: widths[i]!, align: i >= 3 ? 'right' : 'left' });
  });
  y += 14;
  for (const alert of current.alerts.top) {
    y = room(doc, y, 18);
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + CONTENT, y - 4)
      .lineWidth(0.5)
      .stroke(RULE);
    doc.font('Helvetica').fontSize(8.5).fillColor(INK);
    doc.text(alert.ruleName, columns[0]!, y, { width: widths[0]!, height: 11, ellipsis: true });
    doc.text(alert.deviceName, columns[1]!, y, { width: widths[1]!, height: 11, ellipsis: true });
    doc
      .fillColor(alert.severity === 'critical' ? BAD : '#b45309')
      .text(alert.severity === 'critical' ? 'Critical' : 'Warning', columns[2]!, y, {
        width: widths[2]!,
      });
    doc
      .fillColor(INK)
      .text(String(alert.firings), columns[3]!, y, { width: widths[3]!, align: 'right' });
    doc.text(f.duration(alert.firingMs), columns[4]!, y, { width: widths[4]!, align: 'right' });
    y += 18;
  }
  return y + 6;
}

const METHOD = [
  'IT energy integrates the PDUs\u2019 outlet power, plus the servers\u2019 own power meters in racks without a reporting PDU, at hourly resolution; gaps up to two hours are bridged, longer ones count as no data.',
  'Heat removed integrates each pCDU\u2019s reported cooling power (water-side flow \u00d7 heat capacity \u00d7 temperature rise). The liquid capture ratio is heat removed \u00f7 IT energy; the rest of the IT energy leaves as heat to the room air.',
  'Cooling capacity scales a pCDU\u2019s heat removed to a fully open valve at the same temperature rise (median over the period); headroom is capacity minus the peak hourly heat removed.',
  'Servers online is the share of 15-minute intervals in which each server reported (since its first sample or its registration, whichever came first), averaged over servers; equipment communicating is the same for pCDUs and PDUs. Periods are whole days in UTC.',
];

function footer(doc: Doc, report: ExecutiveReport) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 36;
    doc
      .moveTo(MARGIN, y - 8)
      .lineTo(MARGIN + CONTENT, y - 8)
      .lineWidth(0.5)
      .stroke(RULE);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `${report.organisation}  \u00b7  Executive report  \u00b7  ${f.period(report.fromMs, report.toMs)}${report.demo ? '  \u00b7  Demo data' : ''}`,
        MARGIN,
        y,
        { width: CONTENT - 80, lineBreak: false, height: 10, ellipsis: true },
      );
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, y, { width: CONTENT, align: 'right' });
  }
}

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(report: ExecutiveReport, productName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: {
      Title: `Executive report ${f.period(report.fromMs, report.toMs)}: ${report.organisation}`,
      Author: productName,
      Subject: report.demo ? 'Demo data' : 'Executive report',
      CreationDate: new Date(report.generatedMs),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { current: c, previous: p } = report;
  let y = header(doc, report, productName);
  y = heading(doc, 'Summary', y);
  y = tiles(
    doc,
    [
      {
        label: 'IT energy',
        value: f.energy(c.itEnergyKwh),
        current: c.itEnergyKwh,
        previous: p.itEnergyKwh,
        direction: null,
      },
      {
        label: 'Heat removed by liquid',
        value: f.energy(c.heatRemovedKwh),
        current: c.heatRemovedKwh,
        previous: p.heatRemovedKwh,
        direction: null,
      },
      {
        label: 'Liquid capture ratio',
        value: f.percent(c.captureRatio),
        current: c.captureRatio,
        previous: p.captureRatio,
        direction: 'up',
      },
      {
        label: 'Alerts fired',
        value: `${c.alerts.fired.critical + c.alerts.fired.warning}  (${c.alerts.fired.critical} critical)`,
        current: c.alerts.fired.critical + c.alerts.fired.warning,
        previous: p.alerts.fired.critical + p.alerts.fired.warning,
        direction: 'down',
      },
      {
        label: 'Servers online',
        value: f.percent(c.serverOnlineShare, 2),
        current: c.serverOnlineShare,
        previous: p.serverOnlineShare,
        direction: 'up',
      },
      {
        label: 'Equipment communicating',
        value: f.percent(c.equipmentCommunicationShare, 2),
        current: c.equipmentCommunicationShare,
        previous: p.equipmentCommunicationShare,
        direction: 'up',
      },
    ],
    y,
  );
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(summary(report), MARGIN, y, {
    width: CONTENT,
    lineGap: 2.5,
  });
  y = doc.y + 18;
  y = heading(doc, 'Energy and efficiency trend', room(doc, y, 250));
  y = trendChart(doc, report, y);

  y = heading(doc, 'Energy', room(doc, y + 14, 170));
  y = comparisonTable(
    doc,
    [
      {
        label: `IT energy (${c.itSource ?? 'no source'})`,
        current: c.itEnergyKwh,
        previous: p.itEnergyKwh,
        show: f.energy,
        direction: null,
      },
      {
        label: 'Peak IT power',
        current: c.peakItKw,
        previous: p.peakItKw,
        show: f.power,
        direction: null,
      },
      {
        label: 'Heat removed by liquid cooling',
        current: c.heatRemovedKwh,
        previous: p.heatRemovedKwh,
        show: f.energy,
        direction: null,
      },
      {
        label: 'Peak heat removed',
        current: c.peakHeatKw,
        previous: p.peakHeatKw,
        show: f.power,
        direction: null,
      },
      {
        label: 'Heat left to room air',
        current: c.heatToAirKwh,
        previous: p.heatToAirKwh,
        show: f.energy,
        direction: 'down',
      },
      {
        label: 'Liquid capture ratio',
        current: c.captureRatio,
        previous: p.captureRatio,
        show: (v) => f.percent(v),
        direction: 'up',
      },
    ],
    y,
  );
  y = heading(doc, 'Cooling capacity headroom by room', room(doc, y + 8, 90));
  y = headroom(doc, report, y);
  y = heading(doc, 'Alerts', room(doc, y + 8, 120));
  const hours = (ms: number) => ms / HOUR_MS;
  y = comparisonTable(
    doc,
    [
      {
        label: 'Critical alerts fired',
        current: c.alerts.fired.critical,
        previous: p.alerts.fired.critical,
        show: (v) => String(v ?? 0),
        direction: 'down',
      },
      {
        label: 'Warning alerts fired',
        current: c.alerts.fired.warning,
        previous: p.alerts.fired.warning,
        show: (v) => String(v ?? 0),
        direction: 'down',
      },
      {
        label: 'Time firing (all alerts)',
        current: hours(c.alerts.firingMs),
        previous: hours(p.alerts.firingMs),
        show: (v) => f.duration((v ?? 0) * HOUR_MS),
        direction: 'down',
      },
    ],
    y,
  );
  y = topAlerts(doc, c, room(doc, y + 4, 60));
  y = heading(doc, 'Availability', room(doc, y + 8, 90));
  y = comparisonTable(
    doc,
    [
      {
        label: `Servers online (${c.servers} server${c.servers === 1 ? '' : 's'})`,
        current: c.serverOnlineShare,
        previous: p.serverOnlineShare,
        show: (v) => f.percent(v, 2),
        direction: 'up',
      },
      {
        label: `Equipment communicating (${c.equipment} unit${c.equipment === 1 ? '' : 's'})`,
        current: c.equipmentCommunicationShare,
        previous: p.equipmentCommunicationShare,
        show: (v) => f.percent(v, 2),
        direction: 'up',
      },
    ],
    y,
  );
  y = heading(doc, 'How these figures are computed', room(doc, y + 8, 110));
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  for (const line of METHOD) {
    y = room(doc, y, 24);
    doc.text(line, MARGIN, y, { width: CONTENT, lineGap: 1.5 });
    y = doc.y + 5;
  }
  footer(doc, report);
  doc.end();
  return done;
}
