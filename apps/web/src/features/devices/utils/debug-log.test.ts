import { describe, expect, it, vi } from 'vitest';
import { createDebugLog, refreshStatusText, summariseResult } from './debug-log';

describe('summariseResult', () => {
  it('counts list bodies and shows other answers as JSON', () => {
    expect(summariseResult({ servers: [1, 2, 3] })).toBe('3 servers');
    expect(summariseResult({ id: 1, name: 'A' })).toBe('{"id":1,"name":"A"}');
    expect(summariseResult(undefined)).toBe('(no body)');
    expect(summariseResult({ text: 'x'.repeat(400) })).toHaveLength(301);
  });
});

describe('createDebugLog', () => {
  it('records calls, keeps the latest ones and tells subscribers', () => {
    const log = createDebugLog(2);
    const listener = vi.fn();
    log.subscribe(listener);
    for (const path of ['/a', '/b', '/c']) {
      log.recordCall({ method: 'GET', path, outcome: 'OK', result: '' });
    }
    expect(log.getSnapshot().calls.map((c) => c.path)).toEqual(['/b', '/c']);
    expect(listener).toHaveBeenCalledTimes(3);
    log.setRefresh({ state: 'running' });
    expect(refreshStatusText(log.getSnapshot().refresh)).toBe('Refreshing…');
  });
});
