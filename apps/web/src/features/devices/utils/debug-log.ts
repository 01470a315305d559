/**
 * What the 'Debug Output' panel shows (SPEC §2): the API calls made, what they answered, and
 * the metrics refresh status. A small external store, so that recording a call re-renders the
 * panel only, never the page.
 */
export interface ApiCallEntry {
  id: number;
  at: Date;
  method: string;
  path: string;
  /** 'OK', or the status and message of the failure. */
  outcome: string;
  /** A short summary of the answer ('12 servers', the created row...). */
  result: string;
}

export type RefreshStatus =
  | { state: 'idle' }
  | { state: 'scheduled'; firesAt: Date }
  | { state: 'running' }
  | { state: 'done'; at: Date; result: string }
  | { state: 'failed'; at: Date; message: string };

export interface DebugSnapshot {
  calls: ApiCallEntry[];
  refresh: RefreshStatus;
}

const RESULT_MAX_LENGTH = 300;

/** '12 servers' for a list body, the JSON for anything else (cut short). */
export function summariseResult(value: unknown): string {
  if (value === undefined) return '(no body)';
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    // The compact servers list: summarised without serialising megabytes.
    if ('columns' in value && 'count' in value) return `${String(value.count)} servers`;
    const entries = Object.entries(value);
    if (entries.length === 1 && Array.isArray(entries[0]![1])) {
      return `${entries[0]![1].length} ${entries[0]![0]}`;
    }
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > RESULT_MAX_LENGTH ? `${json.slice(0, RESULT_MAX_LENGTH)}…` : json;
}

export function createDebugLog(limit = 100) {
  let snapshot: DebugSnapshot = { calls: [], refresh: { state: 'idle' } };
  let sequence = 0;
  const listeners = new Set<() => void>();
  const update = (next: DebugSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    recordCall(call: Omit<ApiCallEntry, 'id' | 'at'>) {
      sequence += 1;
      const entry = { ...call, id: sequence, at: new Date() };
      update({ ...snapshot, calls: [...snapshot.calls, entry].slice(-limit) });
    },
    setRefresh(refresh: RefreshStatus) {
      update({ ...snapshot, refresh });
    },
  };
}

export type DebugLog = ReturnType<typeof createDebugLog>;

export function refreshStatusText(status: RefreshStatus): string {
  const time = (date: Date) => date.toLocaleTimeString();
  switch (status.state) {
    case 'idle':
      return 'No refresh scheduled.';
    case 'scheduled':
      return `Scheduled for ${time(status.firesAt)} (5 s after the last change).`;
    case 'running':
      return 'Refreshing…';
    case 'done':
      return `Refreshed at ${time(status.at)}: ${status.result}`;
    case 'failed':
      return `Failed at ${time(status.at)}: ${status.message}`;
  }
}
