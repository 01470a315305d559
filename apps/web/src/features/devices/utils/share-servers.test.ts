import { describe, expect, it } from 'vitest';
import { buildServer } from '@/testing/device-factories';
import { shareServers } from './share-servers';

describe('shareServers', () => {
  it('keeps the old list when a refetch brings the same servers', () => {
    const old = [buildServer({ id: 1 }), buildServer({ id: 2 })];
    const fresh = old.map((server) => ({ ...server }));
    expect(shareServers(old, fresh)).toBe(old);
  });

  it('keeps unchanged servers and takes the changed one', () => {
    const old = [buildServer({ id: 1 }), buildServer({ id: 2, rackId: 4 })];
    const moved = { ...old[1]!, rackId: 5 };
    const shared = shareServers(old, [{ ...old[0]! }, moved]) as unknown[];
    expect(shared).not.toBe(old);
    expect(shared[0]).toBe(old[0]);
    expect(shared[1]).toBe(moved);
  });

  it('takes a list of another length, and anything that is not a list, as it comes', () => {
    const old = [buildServer({ id: 1 })];
    const longer = [{ ...old[0]! }, buildServer({ id: 2 })];
    expect(shareServers(old, longer)).toEqual(longer);
    expect((shareServers(old, longer) as unknown[])[0]).toBe(old[0]);
    expect(shareServers(undefined, longer)).toBe(longer);
  });

  it('tells a server with an extra field from one without it', () => {
    const { lastSeenAt: _, ...unseen } = { lastSeenAt: null, ...buildServer({ id: 1 }) };
    const withSeen = [{ ...unseen, lastSeenAt: null }];
    expect((shareServers([unseen], withSeen) as unknown[])[0]).toBe(withSeen[0]);
    expect(shareServers(withSeen, [unseen])).toEqual([unseen]);
    expect((shareServers(withSeen, [unseen]) as unknown[])[0]).toBe(unseen);
  });
});
