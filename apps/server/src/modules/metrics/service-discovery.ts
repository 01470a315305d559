import { serverMetricsPath, type TargetGroup } from '@brezza/contract';
import type { HierarchyLabels } from './exposition.js';

export type { TargetGroup };

/**
 * The HTTP SD document: one target per server, scraped at its own metrics path on this host,
 * carrying the same hierarchy labels as the exposition (so relabelling and the series agree).
 */
export function serviceDiscovery(
  origin: string,
  organisationId: number,
  servers: { serverId: number; labels: HierarchyLabels }[],
): TargetGroup[] {
  const url = new URL(origin);
  const scheme = url.protocol.replace(/:$/, '');
  const port = url.port || (scheme === 'https' ? '443' : '80');
  const address = `${url.hostname}:${port}`;
  return servers.map((server) => ({
    targets: [address],
    labels: {
      __scheme__: scheme,
      __metrics_path__: serverMetricsPath(organisationId, server.serverId),
      ...server.labels,
    },
  }));
}
