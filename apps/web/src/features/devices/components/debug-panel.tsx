import { useMemo, useState, useSyncExternalStore } from 'react';
import { useDevicesSession } from '../hooks/devices-session';
import { refreshStatusText } from '../utils/debug-log';
import { buildHierarchy, type HierarchyLists } from '../utils/hierarchy';
import type { SortState } from '../utils/sort';

/** The final hierarchy can be megabytes at 10,000 servers; the panel shows its start. */
const HIERARCHY_PREVIEW_CHARACTERS = 20_000;

/**
 * SPEC §2: the collapsible 'Debug Output' panel: API calls made, their results, the final
 * hierarchy and the refresh status. Its content is built only while it is open.
 */
export function DebugPanel({ lists, sort }: { lists: HierarchyLists; sort: SortState }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-xl border border-slate-200 bg-slate-50 text-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer select-none px-4 py-3 font-semibold text-slate-700">
        Debug Output
      </summary>
      {open && <DebugContent lists={lists} sort={sort} />}
    </details>
  );
}

function DebugContent({ lists, sort }: { lists: HierarchyLists; sort: SortState }) {
  const { debugLog } = useDevicesSession();
  const { calls, refresh } = useSyncExternalStore(debugLog.subscribe, debugLog.getSnapshot);
  const hierarchy = useMemo(() => {
    const json = JSON.stringify(buildHierarchy(lists, sort), null, 2);
    return json.length > HIERARCHY_PREVIEW_CHARACTERS
      ? `${json.slice(0, HIERARCHY_PREVIEW_CHARACTERS)}\n… (${json.length} characters in all)`
      : json;
  }, [lists, sort]);

  return (
    <div className="grid gap-4 border-t border-slate-200 px-4 py-4 lg:grid-cols-2">
      <section>
        <h3 className="mb-1 font-semibold text-slate-700">API calls</h3>
        <ol className="max-h-60 overflow-auto rounded-lg bg-white p-2 font-mono text-xs">
          {calls.length === 0 && <li className="text-slate-400">None yet.</li>}
          {calls.map((call) => (
            <li key={call.id} className="whitespace-nowrap">
              {call.at.toLocaleTimeString()} {call.method} {call.path} → {call.outcome}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-slate-700">API results</h3>
        <ol className="max-h-60 overflow-auto rounded-lg bg-white p-2 font-mono text-xs">
          {calls.filter((call) => call.result).length === 0 && (
            <li className="text-slate-400">None yet.</li>
          )}
          {calls
            .filter((call) => call.result)
            .map((call) => (
              <li key={call.id} className="break-all">
                {call.method} {call.path}: {call.result}
              </li>
            ))}
        </ol>
      </section>
      <section className="lg:col-span-2">
        <h3 className="mb-1 font-semibold text-slate-700">Final hierarchy</h3>
        <pre className="max-h-80 overflow-auto rounded-lg bg-white p-2 font-mono text-xs">
          {hierarchy}
        </pre>
      </section>
      <section className="lg:col-span-2">
        <h3 className="mb-1 font-semibold text-slate-700">Refresh status</h3>
        <p className="font-mono text-xs" data-testid="refresh-status">
          {refreshStatusText(refresh)}
        </p>
      </section>
    </div>
  );
}
