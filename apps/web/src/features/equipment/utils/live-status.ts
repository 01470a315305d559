import type { StreamStatus } from '@/lib/metrics-stream';

export interface LiveStatusView {
  tone: 'live' | 'neutral' | 'warning';
  text: string;
}

/**
 * What the page says of its live connection: 'Live', 'Connecting…', or that it is down, when it
 * retries, and that the page reads the unit on a timer meanwhile.
 */
export function liveStatusView(
  status: StreamStatus,
  browserNowMs: number,
  pollIntervalMs: number,
): LiveStatusView {
  if (status.state === 'live') return { tone: 'live', text: 'Live' };
  if (status.state === 'connecting')
    return { tone: 'neutral', text: 'Connecting to live updates…' };
  const seconds = Math.max(0, Math.ceil((status.retryAt - browserNowMs) / 1000));
  return {
    tone: 'warning',
    text: `Live updates disconnected: ${status.reason}. ${
      seconds > 0 ? `Retrying in ${seconds} s` : 'Retrying now'
    }; reading the unit every ${pollIntervalMs / 1000} s meanwhile.`,
  };
}
