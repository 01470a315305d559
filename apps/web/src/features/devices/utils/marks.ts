/**
 * A User Timing mark of the Devices page's load (the servers decoded, the tree built), so that
 * the browser benchmark and a browser's performance panel show where the time goes. Only the
 * first of each name is kept: later ones would be a refetch, not the load.
 */
export function markDevices(name: 'devices:servers-decoded' | 'devices:tree-built'): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}
