import { describe, expect, it } from 'vitest';
import { liveStatusView } from './live-status';

describe('liveStatusView', () => {
  it('says Live while the stream flows, and Connecting before it', () => {
    expect(liveStatusView({ state: 'live' }, 0, 2000)).toEqual({ tone: 'live', text: 'Live' });
    expect(liveStatusView({ state: 'connecting' }, 0, 2000).tone).toBe('neutral');
  });

  it('counts down to the next attempt and says the page polls meanwhile', () => {
    const status = {
      state: 'retrying' as const,
      retryAt: 10_000,
      reason: 'the server could not be reached',
    };
    expect(liveStatusView(status, 5_500, 2000)).toEqual({
      tone: 'warning',
      text: 'Live updates disconnected: the server could not be reached. Retrying in 5 s; reading the unit every 2 s meanwhile.',
    });
    expect(liveStatusView(status, 12_000, 10_000).text).toContain(
      'Retrying now; reading the unit every 10 s meanwhile.',
    );
  });
});
