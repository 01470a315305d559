import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInProcessEvents, packNotifications, unpackNotification } from './events.js';

describe('NOTIFY payloads', () => {
  it('carry every sample, each payload under PostgreSQL’s limit', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            organisationId: fc.integer({ min: 1, max: 1e6 }),
            deviceId: fc.integer({ min: 1, max: 1e6 }),
            metric: fc.stringMatching(/^[a-z_]{1,40}$/),
            labels: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 40 }), {
              minKeys: 1,
              maxKeys: 3,
            }),
            timestampMs: fc.integer({ min: 0, max: 2 ** 44 }),
            value: fc.double({ noNaN: true, noDefaultInfinity: true }),
          }),
          { maxLength: 400 },
        ),
        (samples) => {
          const payloads = packNotifications(samples);
          expect(payloads.every((p) => Buffer.byteLength(p) < 8000)).toBe(true);
          expect(payloads.flatMap(unpackNotification)).toEqual(
            samples.map((s) => ({ ...s, value: Object.is(s.value, -0) ? 0 : s.value })),
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('in-process events', () => {
  it('deliver only what a subscription asked for', async () => {
    const events = createInProcessEvents();
    const got: number[] = [];
    const stop = events.subscribe({ organisationId: 1, deviceIds: new Set([2]) }, (samples) =>
      got.push(...samples.map((s) => s.value)),
    );
    const sample = (organisationId: number, deviceId: number, value: number) => ({
      organisationId,
      deviceId,
      metric: 'load1',
      timestampMs: 0,
      value,
    });
    await events.publish([sample(1, 2, 1), sample(1, 3, 2), sample(2, 2, 3)]);
    stop();
    await events.publish([sample(1, 2, 4)]);
    expect(got).toEqual([1]);
  });
});
