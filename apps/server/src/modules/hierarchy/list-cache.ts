import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { HierarchyList } from '@brezza/contract';
import { PER_REQUEST_BROTLI_QUALITY } from '../../plugins/compression.js';

/** A cached list: one of SPEC §7's four, or the servers in their compact columns. */
export type ListKind = HierarchyList | 'servers-columns';

/** The encodings a cached list is also kept in, made on first demand. */
export type ListEncoding = 'br' | 'gzip';
const LIST_ENCODINGS: ListEncoding[] = ['br', 'gzip'];

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli at the per-request compression's quality: the generated organisation's 100,000
 * servers go in 2.66 MB instead of gzip's 2.92 (less on a slow link; on localhost Chromium reads
 * both in the same time). The list is compressed again after every change of the organisation,
 * so the slower qualities (several times the time for a few % less) do not pay.
 */
const ENCODE: Record<ListEncoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => gzipAsync(body),
  br: (body) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

/** One organisation's serialised list body, valid while the organisation's stamp is `stamp`. */
export interface CachedList {
  stamp: string;
  etag: string;
  body: Buffer;
  /**
   * The body brotli- or gzip-compressed, each made once, on first demand: a 2 MB list of
   * 10,000 servers is ~10× smaller.
   */
  encoded(encoding: ListEncoding): Promise<Buffer>;
}

/** A strong validator: the stamp names the organisation's hierarchy state, the kind the list. */
export const listEtag = (stamp: string, kind: ListKind) => `"${stamp}-${kind}"`;
/** The compressed bytes are other representations, so each carries its own strong tag. */
export const encodedEtag = (etag: string, encoding: ListEncoding) =>
  etag.replace(/"$/, `-${encoding}"`);

/**
 * The encoding to send a list in, by the request's Accept-Encoding: brotli or gzip, whichever
 * it weighs higher (brotli on a tie: smaller), or none. Negotiated as the pages are
 * (`@fastify/accept-negotiator`).
 */
export function listEncoding(header: string | undefined): ListEncoding | null {
  return negotiate(header ?? '', LIST_ENCODINGS) as ListEncoding | null;
}

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
          const encodings: Partial<Record<ListEncoding, Promise<Buffer>>> = {};
          const entry: CachedList = {
            stamp,
            etag: listEtag(stamp, kind),
            body,
            encoded: (encoding) => (encodings[encoding] ??= ENCODE[encoding](body)),
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
