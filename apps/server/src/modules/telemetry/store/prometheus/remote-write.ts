import protobuf from 'protobufjs';
import snappy from 'snappyjs';

/**
 * Prometheus remote-write 1.0 (prometheus/prompb): a WriteRequest in protobuf, snappy block
 * compressed. The schema is Prometheus' own, parsed by protobufjs; the encoding is protobufjs'.
 */
const PROMPB = `
syntax = "proto3";
package prometheus;
message WriteRequest { repeated TimeSeries timeseries = 1; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message Label { string name = 1; string value = 2; }
message Sample { double value = 1; int64 timestamp = 2; }
`;

const writeRequest = protobuf.parse(PROMPB).root.lookupType('prometheus.WriteRequest');

export interface RemoteSeries {
  /** Including `__name__`; sent sorted by name, as the protocol requires. */
  labels: Record<string, string>;
  /** `[timestampMs, value]`, in time order. */
  samples: [number, number][];
}

export function encodeWriteRequest(series: readonly RemoteSeries[]): Uint8Array {
  const message = writeRequest.create({
    timeseries: series.map((s) => ({
      labels: Object.keys(s.labels)
        .sort()
        .map((name) => ({ name, value: s.labels[name] })),
      samples: s.samples.map(([timestamp, value]) => ({ value, timestamp })),
    })),
  });
  return snappy.compress(writeRequest.encode(message).finish());
}

/** The inverse, for tests. */
export function decodeWriteRequest(body: Uint8Array): RemoteSeries[] {
  const decoded = writeRequest.toObject(writeRequest.decode(snappy.uncompress(body)), {
    longs: Number,
    defaults: true,
  }) as {
    timeseries: {
      labels: { name: string; value: string }[];
      samples: { value: number; timestamp: number }[];
    }[];
  };
  return decoded.timeseries.map((s) => ({
    labels: Object.fromEntries(s.labels.map((l) => [l.name, l.value])),
    samples: s.samples.map((sample) => [sample.timestamp, sample.value]),
  }));
}
