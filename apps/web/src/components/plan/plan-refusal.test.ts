import { describe, expect, it } from 'vitest';
import { planRefusal } from './plan-refusal';

describe('planRefusal', () => {
  it('names the feature of a 403 that carries the plan message', () => {
    expect(
      planRefusal({ status: 403, serverMessage: 'Cooling performance needs the Oro plan.' }),
    ).toBe('coolingPerformance');
  });

  it('ignores other refusals and failures', () => {
    expect(planRefusal({ status: 403, serverMessage: 'This needs the operator role.' })).toBeNull();
    expect(
      planRefusal({ status: 500, serverMessage: 'Alerts needs the Argento plan.' }),
    ).toBeNull();
    expect(planRefusal(new Error('network'))).toBeNull();
    expect(planRefusal(null)).toBeNull();
  });
});
