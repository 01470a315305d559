import { describe, expect, it } from 'vitest';
import { PCDU_DEFAULT_PROFILE } from '@brezza/contract';
import { DASHBOARD_AREAS } from './dashboard-areas';

describe('DASHBOARD_AREAS', () => {
  it('shows only sensors the default profile reads (a tile of another name stays empty)', () => {
    const read = new Set(PCDU_DEFAULT_PROFILE.registers.map((register) => register.sensor));
    const tiles = DASHBOARD_AREAS.flatMap((area) => area.sensors.map(([key]) => key));
    expect(tiles.filter((key) => !read.has(key))).toEqual([]);
  });
});
