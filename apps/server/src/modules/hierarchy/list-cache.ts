import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { HierarchyList } from '@brezza/contract';

/** A cached list: one of SPEC §7's four, or the servers in their compact columns. */
export type ListKind = HierarchyList | 'servers-columns';

const gzipAsync = promisify(gzip);

/** One organisation's serialised list body, valid while the organisation's stamp is `stamp`. */
export interface CachedList {
  stamp: string;
  etag: string;
  body: Buffer;
  /** The body gzipped, made on first demand: a 2 MB list of 10,000 servers is ~10× smaller. */
  gzipped(): Promise<Buffer>;
}

/** A strong validator: the stamp names the organisation's hierarchy state, the kind the list. */
export const listEtag = (stamp: string, kind: ListKind) => `"${stamp}-${kind}"`;
/** The gzipped bytes are another representation, so they carry their own strong tag. */
export const gzipEtag = (etag: string) => etag.replace(/"$/, '-gzip"');

/**
 * Whether an If-None-Match header names one of `etags` (RFC 9110 §13.1.2: weak comparison, a
 * list of tags, or `*`).
 */
export function ifNoneMatchHits(header: string | undefined, ...etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/**
 * Serialised list bodies, least recently used first out once `maxBytes` is exceeded. Entries
 * are keyed by organisation and list and carry the stamp they were built at: a caller that
 * reads a newer stamp from the database rebuilds, so several server instances stay correct
 * without telling each other anything. Concurrent misses for the same stamp share one build.
 */
export function createListCache({ maxBytes }: { maxBytes: number }) {
  const entries = new Map<string, CachedList>();
  const building = new Map<string, Promise<CachedList>>();
  let bytes = 0;

  const keyOf = (organisationId: number, kind: ListKind) => `${organisationId}:${kind}`;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  }

  function store(key: string, entry: CachedList) {
    remove(key);
    if (entry.body.length > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    /** The body for this stamp: from memory, or built once by `build` and kept. */
    async get(
      organisationId: number,
      kind: ListKind,
      stamp: string,
      build: () => Promise<unknown>,
    ): Promise<CachedList> {
      const key = keyOf(organisationId, kind);
      const cached = entries.get(key);
      if (cached?.stamp === stamp) {
        // Re-insert to mark it as the most recently used.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const buildKey = `${key}:${stamp}`;
      const pending = building.get(buildKey);
      if (pending) return pending;
      const promise = build()
        .then((value) => {
          const body = Buffer.from(JSON.stringify(value));
          let gzipped: Promise<Buffer> | null = null;
          const entry: CachedList = {
            stamp,
            etag: listEtag(stamp, kind),
            body,
            gzipped: () => (gzipped ??= gzipAsync(body)),
          };
          store(key, entry);
          return entry;
        })
        .finally(() => building.delete(buildKey));
      building.set(buildKey, promise);
      return promise;
    },

    /** Drops an organisation's lists from this instance's memory (its stamp has changed). */
    drop(organisationId: number) {
      for (const kind of ['servers', 'servers-columns', 'datacenters', 'rooms', 'racks'] as const) {
        remove(keyOf(organisationId, kind));
      }
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
