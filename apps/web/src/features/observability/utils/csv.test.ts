import { describe, expect, it } from 'vitest';
import { chartCsv, csvCell, csvFileName } from './csv';
import { alignSeries, appendPoints } from './series';

describe('chart CSV', () => {
  const data = alignSeries([
    {
      label: 'web-01',
      points: [
        [0, 1],
        [60_000, 2],
        [120_000, 3],
      ],
    },
    { label: 'db, primary', points: [[60_000, 5]] },
  ]);

  it('has a time column and one column per series, only within the window shown', () => {
    const csv = chartCsv(['web-01', 'db, primary'], 'W', data, { fromMs: 60_000, toMs: 120_000 });
    expect(csv).toBe(
      'time,web-01 (W),"db, primary (W)"\r\n' +
        '1970-01-01T00:01:00.000Z,2,5\r\n' +
        '1970-01-01T00:02:00.000Z,3,\r\n',
    );
  });

  it('quotes and defuses cells', () => {
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('plain')).toBe('plain');
  });

  it('names the file after the chart and window', () => {
    expect(csvFileName('CPU usage', { fromMs: 0, toMs: 3_600_000 })).toBe(
      'cpu-usage-197001010000-197001010100.csv',
    );
  });
});

describe('series', () => {
  it('aligns series on one sorted time axis with gaps', () => {
    expect(
      alignSeries([
        {
          label: 'a',
          points: [
            [2, 20],
            [1, 10],
          ],
        },
        { label: 'b', points: [[3, 30]] },
      ]),
    ).toEqual({
      times: [1, 2, 3],
      values: [
        [10, 20, null],
        [null, null, 30],
      ],
    });
  });

  it('appends live points in order, replaces equal times and drops what left the window', () => {
    expect(
      appendPoints(
        [
          [1, 1],
          [2, 2],
        ],
        [
          [3, 3],
          [2, 5],
        ],
        2,
      ),
    ).toEqual([
      [2, 5],
      [3, 3],
    ]);
  });
});
