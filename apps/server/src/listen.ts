import type { Config } from './config.js';

export const LOOPBACK_HOST = '127.0.0.1';
export const ALL_INTERFACES = '0.0.0.0';

/**
 * Where to listen: HOST when set; otherwise loopback while something only fit for one's own
 * machine is active (a demo account whose password is printed, the local test checkout that
 * hands out plans free), so that a fresh `npm start` does not expose them to the network.
 * Answers the host and, when loopback was chosen for a reason, the start-up note saying why.
 */
export function listenHost(
  config: Config,
  demoActive: boolean,
): { host: string; note: string | undefined } {
  if (config.host !== undefined) return { host: config.host, note: undefined };
  const reasons = [
    ...(demoActive ? ['the demo organisation'] : []),
    ...(config.billing.mode === 'local' ? ['the local test checkout'] : []),
  ];
  if (reasons.length === 0) return { host: ALL_INTERFACES, note: undefined };
  return {
    host: LOOPBACK_HOST,
    note: `Listening on ${LOOPBACK_HOST} only while ${reasons.join(' and ')} ${reasons.length > 1 ? 'are' : 'is'} active; set HOST (for example HOST=0.0.0.0) to listen on the network.`,
  };
}
