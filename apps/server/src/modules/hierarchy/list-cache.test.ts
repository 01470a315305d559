import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createListCache,
  encodedEtag,
  ifNoneMatchHits,
  listEncoding,
  listEtag,
} from './list-cache.js';

describe('ifNoneMatchHits', () => {
  const etag = listEtag('abc', 'servers');

  it('matches the tag alone, in a list, weak or as *', () => {
    expect(etag).toBe('"abc-servers"');
    expect(ifNoneMatchHits('"abc-servers"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc-servers"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc-servers"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"abc-servers-gzip"', etag, encodedEtag(etag, 'gzip'))).toBe(true);
    expect(encodedEtag(etag, 'br')).toBe('"abc-servers-br"');
  });

  it('does not match another tag or no header', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits('"abc-racks"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc-servers', etag)).toBe(false);
  });
});

describe('listEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br, gzip;q=0.8', 'br'],
    ['gzip, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, identity', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, encoding) => {
    expect(listEncoding(header)).toBe(encoding);
  });
});

describe('createListCache', () => {
  const build = (value: unknown) => {
    let calls = 0;
    return {
      fn: async () => {
        calls += 1;
        return value;
      },
      get calls() {
        return calls;
      },
    };
  };

  it('builds once per stamp and serves the same bytes after', async () => {
    const cache = createListCache({ maxBytes: 1024 });
    const builder = build({ racks: [1] });
    const first = await cache.get(1, 'racks', 's1', builder.fn);
    const second = await cache.get(1, 'racks', 's1', builder.fn);
    expect(builder.calls).toBe(1);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('{"racks":[1]}');
    expect(first.etag).toBe('"s1-racks"');
  });

  it('compresses a body once per encoding, on first demand', async () => {
    const cache = createListCache({ maxBytes: 1024 });
    const entry = await cache.get(1, 'racks', 's1', build({ racks: [1, 2] }).fn);
    const zipped = await entry.encoded('gzip');
    expect(gunzipSync(zipped).toString()).toBe('{"racks":[1,2]}');
    expect(await entry.encoded('gzip')).toBe(zipped);
    const brotli = await entry.encoded('br');
    expect(brotliDecompressSync(brotli).toString()).toBe('{"racks":[1,2]}');
    expect(await entry.encoded('br')).toBe(brotli);
  });

  it('rebuilds when the stamp changes and after a drop', async () => {
    const cache = createListCache({ maxBytes: 1024 });
    const builder = build({ rooms: [] });
    await cache.get(1, 'rooms', 's1', builder.fn);
    await cache.get(1, 'rooms', 's2', builder.fn);
    expect(builder.calls).toBe(2);
    cache.drop(1);
    await cache.get(1, 'rooms', 's2', builder.fn);
    expect(builder.calls).toBe(3);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = createListCache({ maxBytes: 1024 });
    const builder = build({ servers: [] });
    await Promise.all([1, 2, 3].map(() => cache.get(7, 'servers', 's', builder.fn)));
    expect(builder.calls).toBe(1);
  });

  it('evicts the least recently used list beyond its byte budget', async () => {
    const cache = createListCache({ maxBytes: 60 });
    const body = (n: number) => build({ datacenters: 'x'.repeat(n) });
    await cache.get(1, 'datacenters', 's', body(10).fn); // 28 bytes
    await cache.get(2, 'datacenters', 's', body(10).fn); // 56 bytes in all
    await cache.get(1, 'datacenters', 's', body(10).fn); // 1 is now the most recent
    await cache.get(3, 'datacenters', 's', body(10).fn); // over budget: 2 goes
    const again = body(10);
    await cache.get(1, 'datacenters', 's', again.fn);
    expect(again.calls).toBe(0);
    await cache.get(3, 'datacenters', 's', again.fn);
    expect(again.calls).toBe(0);
    await cache.get(2, 'datacenters', 's', again.fn);
    expect(again.calls).toBe(1);
  });

  it('never keeps a body larger than the whole budget, and a budget of 0 keeps nothing', async () => {
    const cache = createListCache({ maxBytes: 0 });
    const builder = build({ racks: [] });
    await cache.get(1, 'racks', 's', builder.fn);
    await cache.get(1, 'racks', 's', builder.fn);
    expect(builder.calls).toBe(2);
  });
});
