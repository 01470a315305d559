import { useMemo, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * The baseline of the browser benchmark: the least a React page can do to fetch the servers
 * list and show the same rows in a virtualised, sortable table (React 19 + TanStack Virtual, no
 * app around it). `?load` fetches /servers.json (the very bytes the Devices page received) on
 * start and records when the rows are painted in `window.rowsPaintedAt`.
 */
interface Row {
  id: number;
  serverName: string;
  publicIpv4: string;
  machineId: string;
  datacenterName: string | null;
  roomName: string | null;
  rackName: string | null;
}

const ROW_HEIGHT = 44;
const ip = (value: string) => value.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function Table({ rows }: { rows: Row[] }) {
  const [key, setKey] = useState<'publicIpv4' | 'serverName'>('publicIpv4');
  const [sign, setSign] = useState(1);
  // Keys computed once per row, as any careful table would.
  const sorted = useMemo(() => {
    const keyed = rows.map((row) => ({
      row,
      key: key === 'publicIpv4' ? ip(row.publicIpv4) : row.serverName.toLowerCase(),
    }));
    keyed.sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : 0));
    return keyed.map((entry) => entry.row);
  }, [rows, key, sign]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const sortBy = (next: typeof key) => {
    if (next === key) setSign(-sign);
    else {
      setKey(next);
      setSign(1);
    }
  };
  return (
    <div ref={scroller} className="scroller">
      <table>
        <thead>
          <tr>
            <th>
              <button id="sort-name" onClick={() => sortBy('serverName')}>
                Name
              </button>
            </th>
            <th>Public IPv4</th>
            <th>Machine ID</th>
            <th>Datacenter</th>
            <th>Room</th>
            <th>Rack</th>
            <th>Type</th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr>
              <td colSpan={7} style={{ height: top }} />
            </tr>
          )}
          {items.map((item) => {
            const row = sorted[item.index]!;
            return (
              <tr key={row.id} data-row style={{ height: ROW_HEIGHT }}>
                <td>{row.serverName}</td>
                <td>{row.publicIpv4}</td>
                <td title={row.machineId}>…{row.machineId.slice(-13)}</td>
                <td>{row.datacenterName ?? '—'}</td>
                <td>{row.roomName ?? '—'}</td>
                <td>{row.rackName ?? '—'}</td>
                <td>Server</td>
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr>
              <td colSpan={7} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Rows from either answer of GET /api/servers: objects, or the compact columns. */
function toRows(body: {
  servers?: Row[];
  columns?: Record<string, unknown[]>;
  count?: number;
}): Row[] {
  if (body.servers) return body.servers;
  const c = body.columns as Record<string, (string | number | null)[]>;
  return Array.from({ length: body.count ?? 0 }, (_, i) => ({
    id: c.id![i] as number,
    serverName: c.serverName![i] as string,
    publicIpv4: c.publicIpv4![i] as string,
    machineId: c.machineId![i] as string,
    datacenterName: null,
    roomName: null,
    rackName: null,
  }));
}

const painted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

let root: Root | null = null;

declare global {
  interface Window {
    bare: { render(rows: Row[]): Promise<number> };
    bareRows: typeof toRows;
    rowsPaintedAt?: number;
  }
}

window.bareRows = toRows;

window.bare = {
  /** Milliseconds from handing over the rows to the first painted frame with them. */
  async render(rows) {
    root?.unmount();
    root = createRoot(document.getElementById('root')!);
    const start = performance.now();
    flushSync(() => root!.render(<Table rows={rows} />));
    await painted();
    return performance.now() - start;
  },
};

if (new URLSearchParams(location.search).has('load')) {
  void fetch('/servers.json')
    .then((response) => response.json())
    .then(async (body) => {
      await window.bare.render(toRows(body));
      window.rowsPaintedAt = performance.now();
    });
}
