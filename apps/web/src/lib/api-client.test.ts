import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALL_FRESH_MS, apiRequest, startEarlyCall } from './api-client';

const token = async () => 'token-1';

function answering(...bodies: unknown[]) {
  const fetchMock = vi.fn(async () => {
    const body = bodies.shift();
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('early calls', () => {
  it("are taken by the page's own GET of the same path, once", async () => {
    const fetchMock = answering({ list: 'early' }, { list: 'again' });
    startEarlyCall(token, '/api/racks');
    expect(await apiRequest(token, '/api/racks')).toEqual({ list: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks the server again.
    expect(await apiRequest(token, '/api/racks')).toEqual({ list: 'again' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('carry the bearer token', async () => {
    const fetchMock = answering([]);
    startEarlyCall(token, '/api/rooms');
    await apiRequest(token, '/api/rooms');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('are not used once too old, nor by a call that sends something', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const fetchMock = answering({ old: true }, { fresh: true });
    startEarlyCall(token, '/api/datacenters');
    now.mockReturnValue(1_000 + EARLY_CALL_FRESH_MS + 1);
    expect(await apiRequest(token, '/api/datacenters')).toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const posting = answering({ early: true }, { created: true });
    startEarlyCall(token, '/api/datacenters');
    await apiRequest(token, '/api/datacenters', { method: 'POST', body: { name: 'DC' } });
    expect(posting).toHaveBeenCalledTimes(2);
    const [, init] = posting.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
  });

  it("report their failure where the page reads them, as the page's own call would", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Boom' }), { status: 500 })),
    );
    startEarlyCall(token, '/api/servers');
    await expect(apiRequest(token, '/api/servers')).rejects.toMatchObject({
      status: 500,
      message: 'Boom',
    });
  });

  it('let an answer no page took go once it is too old', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = answering({ early: true }, { again: true });
      startEarlyCall(token, '/api/organisation');
      await vi.advanceTimersByTimeAsync(EARLY_CALL_FRESH_MS);
      expect(await apiRequest(token, '/api/organisation')).toEqual({ again: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
