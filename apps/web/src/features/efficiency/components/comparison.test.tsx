import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EfficiencySummary } from '@brezza/contract';
import { PeriodComparison } from './comparison';

const buildSummary = (overrides: Partial<EfficiencySummary> = {}): EfficiencySummary => ({
  itPowerKw: 10,
  peakItPowerKw: 12,
  itEnergyKwh: 1680,
  heatRemovedKw: 8,
  peakHeatRemovedKw: 9,
  heatRemovedKwh: 1344,
  heatToAirKw: 2,
  liquidSharePercent: 80,
  coolingCapacityKw: 40,
  utilisationPercent: 22.5,
  headroomKw: 31,
  coolingElectricalKw: 0.3,
  coolingOverheadRatio: 1.03,
  ...overrides,
});

const changeOf = (figure: string) =>
  within(screen.getByText(figure).closest('tr')!).getAllByRole('cell').at(-1)?.textContent;

describe('PeriodComparison', () => {
  it('compares energy totals of two periods read for as long', () => {
    render(
      <PeriodComparison
        current={buildSummary()}
        previous={buildSummary({ itPowerKw: 9, itEnergyKwh: 1512 })}
      />,
    );
    expect(changeOf('IT energy')).toBe('+11.1 % vs previous');
    expect(screen.queryByText(/not compared/)).toBeNull();
  });

  it('does not compare energy totals with a previous period read for a few hours only', () => {
    render(
      <PeriodComparison
        current={buildSummary()}
        previous={buildSummary({ itPowerKw: 12, itEnergyKwh: 24, heatRemovedKwh: 19 })}
      />,
    );
    expect(changeOf('IT energy')).toBe('not comparable');
    expect(changeOf('Heat removed by liquid')).toBe('not comparable');
    expect(changeOf('Average IT power')).toBe('−16.7 % vs previous');
    expect(
      screen.getByText(
        'The previous period holds about 2 h of readings against 168 h in this one, so its energy totals are not compared.',
      ),
    ).toBeInTheDocument();
  });
});
